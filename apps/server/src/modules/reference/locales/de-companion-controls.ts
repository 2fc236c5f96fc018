import type { TextKey } from '@parley/contracts/i18n';

/** German texts of packages/contracts/src/texts/companion-controls.ts: see de.ts. */
export const deCompanionControls: Partial<Record<TextKey, string>> = {
  'companionControls.stop': 'Stoppen',
  'companionControls.stopLabel': 'Antwort stoppen',
  'companionControls.regenerate': 'Neu schreiben',
  'companionControls.regenerateLabel': 'Neu schreiben: eine neue Antwort auf dieselbe Nachricht',
  'companionControls.copy': 'Kopieren',
  'companionControls.copyLabel': 'Nachrichtentext kopieren',
  'companionControls.copied': 'In die Zwischenablage kopiert',
  'companionControls.copyFailed': 'Kopieren hat nicht geklappt. Markiere den Text und kopiere ihn selbst.',
  'companionControls.previousVersion': 'Vorherige Version',
  'companionControls.nextVersion': 'Nächste Version',
  'companionControls.version': '{current} / {total}',
  'companionControls.nothingToStop': 'Der Begleiter schreibt gerade nichts.',
  'companionControls.replyInProgress': 'Warte, bis die aktuelle Antwort fertig ist.',
  'companionControls.onlyLastReply': 'Nur die letzte Antwort kann neu geschrieben werden.',
  'companionControls.notAiChat': 'Dieser Chat ist nicht mit dem KI-Begleiter.',
  'companionControls.stopTimedOut': 'Die Antwort ließ sich nicht sofort anhalten. Sie hält gleich an.',
};
