import type { TextKey } from '@parley/contracts/i18n';

/** German texts of packages/contracts/src/texts/crisis.ts: see de.ts. */
export const deCrisis: Partial<Record<TextKey, string>> = {
  'crisis.cardTitle': 'Du bist nicht allein',
  'crisis.cardIntro':
    'Es klingt, als wäre gerade alles sehr schwer. Wenn du daran denkst, dir etwas anzutun, sprich bitte noch heute mit jemandem, der helfen kann. Diese Stellen sind kostenlos und vertraulich:',
  'crisis.cardEmergency': 'Wenn du in akuter Gefahr bist, ruf den Notruf an (112 in Europa).',
  'crisis.cardPrivate': 'Nur du siehst diesen Hinweis. Dein Gespräch geht weiter wie bisher.',
  'crisis.cardPageLink': 'Mehr Hilfe und was du jetzt tun kannst',
  'crisis.cardClose': 'Schließen',
  'crisis.call': '{phone} anrufen',
  'crisis.website': 'Website',
  'crisis.protocolTitle': 'Dein Gegenüber steckt vielleicht in einer Krise',
  'crisis.protocolSay':
    'Das hilft: ruhig und freundlich bleiben, es ernst nehmen, zuhören, offen fragen, wie es der Person geht und ob sie in Sicherheit ist, und ermutigen, sich an eine Beratungsstelle oder den Notruf zu wenden.',
  'crisis.protocolAvoid':
    'Das nicht: urteilen, diskutieren, Witze machen, Geheimhaltung versprechen oder Therapeut spielen. Gib keine eigenen Kontaktdaten weiter.',
  'crisis.protocolPage': 'So reagierst du (Seite Krisenhilfe)',
  'crisis.protocolDismiss': 'Verstanden',
  'crisis.menuItem': 'Krisenhilfe',
  'crisis.footerLink': 'Krisenhilfe',
};
