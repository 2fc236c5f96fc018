import { type Topic } from '@parley/contracts';
import type { ChatPhase } from '../hooks/chat-room/use-chat-entry';
import type { Translate } from '../../../lib/i18n';

export interface StatusInput {
  participantsCount: number;
  isInChat: boolean;
  hasMessages: boolean;
}

/** Header status of spec §2: 'online' with 2+ participants, 'chat active' when in the chat with messages, else waiting. */
export function chatStatusText({ participantsCount, isInChat, hasMessages }: StatusInput, t: Translate): string {
  if (participantsCount >= 2) return t('chat.online');
  if (isInChat && hasMessages) return t('chat.chatActive');
  return t('chat.waitingForConnection');
}

export interface InputState {
  busy: boolean;
  isInChat: boolean;
  participantsCount: number;
  isClosed?: boolean;
}

/** Input disabled while busy, or when the user is not in the chat and 2+ participants are present (spec §4). */
export function inputDisabledReason(state: InputState): 'busy' | 'full' | 'closed' | 'not-in-chat' | null {
  if (state.isClosed) return 'closed';
  if (!state.isInChat && state.participantsCount >= 2) return 'full';
  if (state.busy) return 'busy';
  if (!state.isInChat) return 'not-in-chat';
  return null;
}

/** Whether Send may go: non-blank text or files, input enabled, user in the chat (spec §5 Message send). */
export function canSend(content: string, fileCount: number, disabled: boolean, isInChat: boolean): boolean {
  return !disabled && isInChat && (content.trim() !== '' || fileCount > 0);
}

export interface ScreenInput {
  phase: ChatPhase;
  topic:
    (Pick<Topic, 'participants_count' | 'is_closed' | 'is_owner' | 'interlocutor_name' | 'title' | 'chat_mode'> & Partial<Pick<Topic, 'closed_by'>>) | null;
  fullTitle: string | null;
  isInChat: boolean;
  hasMessages: boolean;
}

/**
 * Everything the chat screen says about where the user stands, from the room's state: the header's
 * name and status, the notice in the conversation, whether and why the input is off, and whether the
 * searching overlay shows. One pure function, so the screen itself only lays things out.
 */
export function describeChatScreen({ phase, topic, fullTitle, isInChat, hasMessages }: ScreenInput, t: Translate) {
  const full = phase === 'full';
  const participants = full ? 2 : (topic?.participants_count ?? 0);
  const closed = phase === 'ready' && topic?.is_closed === true;
  const status = full ? t('topics.chatFull') : closed ? t('chat.topicClosed') : chatStatusText({ participantsCount: participants, isInChat, hasMessages }, t);
  const online = !full && !closed && participants >= 2;
  // Closed while the user is in it (pushed, or seen by the poll), said where the talk was: by a moderator
  // after a report (both sides are told why, issue 33 #18), or by its owner (told to the partner).
  const notice = full
    ? t('topics.chatFull')
    : closed && topic?.closed_by === 'moderator'
      ? t('chatSafety.closedByModerator')
      : closed && !topic?.is_owner
        ? t('topics.closedByOwner')
        : undefined;
  const disabledReason =
    phase === 'ready' || full ? inputDisabledReason({ busy: false, isInChat, participantsCount: participants, isClosed: topic?.is_closed }) : 'busy';
  const placeholder = disabledReason === 'full' ? t('topics.chatFull') : disabledReason === 'closed' ? t('chat.topicClosed') : t('chatUi.typeMessage');
  // A full chat is not a person: the header names the topic, the status says it is full.
  // A person who left is no longer named (issue 33 #11): a human chat with one person in it shows its title.
  const alone = topic !== null && topic.chat_mode === 'human' && topic.participants_count < 2;
  const name = full
    ? (fullTitle ?? t('topics.chatFull'))
    : ((alone ? null : topic?.interlocutor_name) ?? (phase === 'loading' || !topic ? t('common.loading') : topic.title));
  const searching = phase === 'ready' && isInChat && topic !== null && topic.chat_mode === 'human' && topic.participants_count < 2 && !topic.is_closed;
  const connected = phase === 'ready' && topic !== null && topic.participants_count >= 2;
  return { participants, status, online, notice, disabledReason, placeholder, name, searching, connected };
}
