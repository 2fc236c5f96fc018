import { keyOfEnglish, type TextKey } from '@parley/contracts/i18n';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../components/ui/toast';
import { parseActiveChatTitle, topicIdFromBody } from '../utils/topic-errors';
import type { Translate } from '../../../lib/i18n';

/**
 * Chat-wide notices every chat screen renders once (<ChatNotices/>): the
 * active-chats modal and the active-chat-limit offer ('View Active Chats',
 * 'Open Existing Chat'). A tiny store, so any handler can open them.
 */
export interface LimitNotice {
  message: string;
  title: string;
  topicId: number | null;
}

interface NoticeState {
  activeChatsOpen: boolean;
  limit: LimitNotice | null;
}

let state: NoticeState = { activeChatsOpen: false, limit: null };
const listeners = new Set<() => void>();
const set = (changes: Partial<NoticeState>) => {
  state = { ...state, ...changes };
  listeners.forEach((l) => l());
};

export const chatNotices = {
  openActiveChats: () => set({ activeChatsOpen: true, limit: null }),
  closeActiveChats: () => set({ activeChatsOpen: false }),
  showLimit: (limit: LimitNotice) => set({ limit }),
  closeLimit: () => set({ limit: null }),
};

export function useChatNotices(): NoticeState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}

export interface TopicErrorOptions {
  /** The screen's translator (useT()). */
  t: Translate;
  /** Said when the server gave no message. */
  fallback: TextKey;
  /** Go to the room list (403/404 of the generic handler). */
  toRooms?: () => void;
  /** Open a topic the error body names (starting a chat, spec §8). */
  openTopic?: (topicId: number) => void;
}

/**
 * The generic topic error handler of spec §8: the active-chat limit offers its
 * two actions; a failed start that names a topic opens it; otherwise the
 * server's message (or the fallback) is toasted, and 403/404 go to the rooms.
 */
export function handleTopicError(error: unknown, { t, fallback, toRooms, openTopic }: TopicErrorOptions) {
  const message = error instanceof ApiError ? error.message : null;
  const title = parseActiveChatTitle(message, t);
  if (error instanceof ApiError && title !== null) {
    chatNotices.showLimit({ message: error.message, title, topicId: topicIdFromBody(error.body) });
    return;
  }
  if (openTopic && error instanceof ApiError) {
    const topicId = topicIdFromBody(error.body);
    const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as Record<string, unknown>;
    if (topicId && error.status !== 403 && error.status !== 404 && !body.is_closed && !body.is_full) {
      openTopic(topicId);
      return;
    }
  }
  // Server messages arrive in the request's language; the client's own (a network error) are catalogue texts in English.
  const said = error instanceof ApiError ? (error.firstError() ?? error.message) : null;
  const key = said ? keyOfEnglish(said) : undefined;
  toast.error(key ? t(key) : said || t(fallback));
  if (error instanceof ApiError && (error.status === 403 || error.status === 404)) toRooms?.();
}
