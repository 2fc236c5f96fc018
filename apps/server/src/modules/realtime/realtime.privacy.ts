import { type ChatEvent } from '@parley/contracts';
import { encodeFrame, type EncodedFrame } from './realtime.frames.js';

/**
 * What one recipient may see of a chat event. Ids that route events between instances
 * (`senderId`, a typist's or participant's `userId`) are stripped unless they are the
 * recipient's own; the sender's own sockets see their message as theirs ('Me').
 */
export function eventFor(event: ChatEvent, recipientId: number): ChatEvent {
  switch (event.type) {
    case 'message.created': {
      // chatMode routes the event inside the server (the companion), like senderId.
      const { senderId, clientId, chatMode: _mode, ...rest } = event;
      if (senderId === undefined || senderId !== recipientId) return rest;
      // The sender's client matches its local echo by client_id (issue 34 §2); nobody else gets it.
      return { ...rest, message: { ...event.message, sender: 'Me', is_mine: true, sender_id: senderId, client_id: clientId ?? null } };
    }
    case 'typing':
    case 'participant.joined':
    case 'participant.left': {
      if (event.userId === recipientId) return event;
      const { userId: _ignored, ...rest } = event;
      return rest;
    }
    default:
      return event;
  }
}

/** The id an event is about (its sender, typist or participant), whose own sockets get their own view. */
export const subjectOf = (event: ChatEvent): number | undefined =>
  event.type === 'message.created'
    ? event.senderId
    : event.type === 'typing' || event.type.startsWith('participant.')
      ? (event as { userId?: number }).userId
      : undefined;

/** Frames per recipient, serialised at most twice per event: the subject's own view and everyone else's. */
export function framesFor(event: ChatEvent, validate = false): (recipientId: number) => EncodedFrame {
  const subject = subjectOf(event);
  const others = encodeFrame({ type: 'event', event: eventFor(event, -1) }, validate);
  let own: EncodedFrame | undefined;
  return (recipientId) => {
    if (subject === undefined || recipientId !== subject) return others;
    own ??= encodeFrame({ type: 'event', event: eventFor(event, recipientId) }, validate);
    return own;
  };
}
