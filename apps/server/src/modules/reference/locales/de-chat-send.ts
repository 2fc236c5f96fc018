import type { TextKey } from '@parley/contracts/i18n';

/** German texts of packages/contracts/src/texts/chat-send.ts: see de.ts. */
export const deChatSend: Partial<Record<TextKey, string>> = {
  'chatSend.sending': 'Wird gesendet …',
  'chatSend.notSent': 'Nicht gesendet: {reason}',
  'chatSend.retry': 'Erneut senden',
  'chatSend.remove': 'Entfernen',
  'chatSend.unconfirmedEarlier': 'sie war nicht bestätigt, als du den Chat verlassen hast. „Erneut senden“ schickt sie nur einmal.',
};
