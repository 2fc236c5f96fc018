/**
 * The send path of issue 34 §2: a message shows at once (local echo) as sending, then as sent, or as not
 * sent with the reason and a way to send it again. English source; German in
 * apps/server/src/modules/reference/locales/de-chat-send.ts.
 */
export const chatSendTexts = {
  chatSend: {
    sending: 'Sending…',
    notSent: 'Not sent: {reason}',
    retry: 'Retry',
    remove: 'Remove',
    /** A message kept from an earlier visit of the chat, not confirmed by the server then. */
    unconfirmedEarlier: 'it was not confirmed before you left the chat. Retry sends it once.',
  },
};
