import type { TextKey } from '@parley/contracts/i18n';

/**
 * German texts we once shipped and have since rewritten. An install that still holds one of them (the
 * operator never edited it) gets the new text at the next start (seed-localizations.ts); an edited text
 * is left alone. Issue 33: the currency is called Coins everywhere, not Münzen or Punkte.
 */
export const retiredGerman: Partial<Record<TextKey, readonly string[]>> = {
  'account.pointsAdded': ['Punkte erfolgreich hinzugefügt'],
  'account.notEnoughPoints': ['Nicht genug Punkte'],
  'topics.notEnoughPointsTopic': ['Nicht genug Punkte. Du brauchst {cost} Punkte, um ein Thema zu erstellen.'],
  'homeUi.pricesText': ['Du zahlst pro Nachricht mit Münzen. Was sie kostet, siehst du, bevor du sie abschickst.'],
  'homeUi.ctaText': ['Tausende Themen, vom Plausch in der Kaffeepause bis zum Gespräch spät in der Nacht. Spring rein – die ersten Münzen gehen auf uns.'],
  'payoutUi.yourCoins': ['Deine Münzen'],
  'payoutUi.coins': ['{n} Münzen'],
  'payoutUi.otherTitle': ['Gekaufte oder geschenkte Münzen (nicht auszahlbar)'],
  'topicsUi.topicCost': ['Ein Thema zu erstellen kostet {cost} Punkte.'],
  'chatUi.costLabel': ['Kosten: {cost} Punkte'],
  'chatUi.sendWithCost': ['Senden · {cost} Punkte'],
};
