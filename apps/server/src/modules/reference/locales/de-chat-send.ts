import type { TextKey } from '@parley/contracts/i18n';

/** German texts of packages/contracts/src/texts/chat-send.ts: see de.ts. */
export const deChatSend: Partial<Record<TextKey, string>> = {
  'chatSend.sending': 'Wird gesendet …',
  'chatSend.notSent': 'Nicht gesendet: {reason}',
  'chatSend.retry': 'Erneut senden',
  'chatSend.remove': 'Entfernen',
};
