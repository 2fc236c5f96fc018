import { texts } from '@parley/contracts';

export interface StatusInput {
  participantsCount: number;
  isInChat: boolean;
  hasMessages: boolean;
}

/** Header status of spec §2: 'online' with 2+ participants, 'chat active' when in the chat with messages, else waiting. */
export function chatStatusText({ participantsCount, isInChat, hasMessages }: StatusInput): string {
  if (participantsCount >= 2) return texts.chat.online;
  if (isInChat && hasMessages) return texts.chat.chatActive;
  return texts.chat.waitingForConnection;
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
