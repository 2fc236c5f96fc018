import { type ChatEvent, type Message, type Topic } from '@parley/contracts';
import { type TextKey } from '@parley/contracts/i18n';
import { isOwnMessage } from './merge-messages';

/** What a pushed event may change on the chat screen. */
export interface ChatEventTarget {
  userId: number | null;
  isOwner: boolean;
  addMessages: (messages: Message[]) => void;
  /** `name` may be empty: the screen shows 'Writing...' either way. */
  showTyping: (name: string) => void;
  hideTyping: () => void;
  patchTopic: (patch: Partial<Topic>) => void;
  /** Reload the topic (the interlocutor's name after a join, the mode's companion). */
  refreshTopic: () => void;
  setBalance: (balance: number) => void;
  /** A text of the catalogue to show (the screen translates it). */
  notify: (key: TextKey) => void;
  /** A piece of the companion's reply as it is written: `text` goes at `offset` of reply `replyId`. */
  streamReply: (replyId: number, offset: number, text: string) => void;
  /** The streamed reply is over (posted, failed, cancelled or stopped). */
  endStream: () => void;
  /** A regeneration started (issue 34): reply `messageId` gives way to the new one being written. */
  regenerating?: (messageId: number) => void;
  /** A moderator decided one of the user's held messages: its 'Pending review' bubble goes. */
  heldDecided: (heldId: number) => void;
  /** Issue 36 §1: the partner may be in crisis; this interlocutor sees the protocol card. */
  crisisProtocol?: () => void;
}

/** One pushed event (protocol: docs/decisions/005-realtime-protocol.md) applied to the open chat. */
export function applyChatEvent(event: ChatEvent, target: ChatEventTarget) {
  const me = target.userId;
  switch (event.type) {
    case 'message.created': {
      const { message } = event;
      target.addMessages([message]);
      if (!isOwnMessage(message, me)) {
        target.hideTyping();
        if (message.sender_kind !== 'user') target.endStream();
      }
      break;
    }
    case 'message.delta':
      target.hideTyping();
      target.streamReply(event.replyId, event.offset, event.text);
      break;
    case 'message.stopped':
      // The stored text (if any) arrives as message.created; the stream and 'Writing...' end here.
      target.hideTyping();
      target.endStream();
      break;
    case 'message.regenerating':
      target.regenerating?.(event.messageId);
      target.showTyping('');
      break;
    case 'typing':
      if (event.userId === me) break;
      if (event.isTyping) target.showTyping(event.name);
      else {
        target.hideTyping();
        target.endStream();
      }
      break;
    case 'participant.joined':
    case 'participant.left':
      target.patchTopic({ participants_count: event.participantsCount });
      if (event.userId === me) break;
      target.refreshTopic();
      if (event.type === 'participant.left') target.hideTyping();
      break;
    case 'topic.closed':
      target.patchTopic({ is_closed: true, ...(event.by ? { closed_by: event.by } : {}) });
      // A moderator's close is explained to both sides; the owner's own close only to the partner.
      if (event.by === 'moderator') target.notify('chatSafety.closedByModerator');
      else if (!target.isOwner) target.notify('topics.closedByOwner');
      break;
    case 'message.held_decided':
      if (event.userId === me) target.heldDecided(event.heldId);
      break;
    case 'crisis.protocol':
      if (event.userId === me) target.crisisProtocol?.();
      break;
    case 'topic.mode':
      target.patchTopic({ chat_mode: event.chatMode });
      target.refreshTopic();
      break;
    case 'balance':
      if (event.userId === me) target.setBalance(event.balance);
      break;
    default:
      break;
  }
}
