import type { TextKey } from '@parley/contracts/i18n';

/** German texts of packages/contracts/src/texts/home.ts: see de.ts. */
export const deHome: Partial<Record<TextKey, string>> = {
  'homeUi.eyebrow': 'Anonyme Gespräche, nur gute Stimmung',
  'homeUi.lead':
    'Parley ist ein ruhiger Ort zum Reden. Such dir einen Raum aus, öffne ein Thema und chatte mit einem echten Menschen – oder mit unserer freundlichen KI, wann immer du magst.',
  'homeUi.howItWorks': 'So funktioniert’s',
  'homeUi.bubbleQuestion': 'Hi! Was hat dich heute zum Lächeln gebracht?',
  'homeUi.bubbleAnswer': 'Der Hund meiner Nachbarn hat gelernt, das Tor aufzumachen.',
  'homeUi.bubbleReply': 'Ha! Schlauer Hund. Erzähl mir alles.',
  'homeUi.whyEyebrow': 'Warum Parley',
  'homeUi.whyTitle': 'Gespräche, die guttun',
  'homeUi.anonymousTitle': 'Wirklich anonym',
  'homeUi.anonymousText': 'Zu sehen sind nur dein gewählter Name und deine Avatarfarbe. E-Mail und Telefonnummer bleiben privat.',
  'homeUi.peopleTitle': 'Echte Menschen oder KI',
  'homeUi.peopleText': 'Triff in Sekunden einen Menschen – oder wechsle jederzeit zu unserer KI.',
  'homeUi.pricesTitle': 'Faire, klare Preise',
  'homeUi.pricesText': 'Du zahlst pro Nachricht mit Coins. Was sie kostet, siehst du, bevor du sie abschickst.',
  'homeUi.safeTitle': 'Von Grund auf sicher',
  'homeUi.safeText': 'Melde ein Thema oder eine Person mit einem Klick. Unser Team prüft jede Meldung.',
  'homeUi.ctaText': 'Tausende Themen, vom Plausch in der Kaffeepause bis zum Gespräch spät in der Nacht. Spring rein – die ersten Coins gehen auf uns.',
  'homeUi.closingTitle': 'Irgendwo da draußen will jemand deine Geschichte hören.',
  'homeUi.closingText': 'Öffne einen Raum, sag Hallo und schau, wohin das Gespräch dich führt.',
  'homeUi.exploreRooms': 'Räume entdecken',
  'homeUi.faqEyebrow': 'FAQ',
  'homeUi.faqTitle': 'Häufige Fragen',
};
