import { storage } from './storage';

/**
 * Message drafts (issue 34 §2): what someone typed in a topic and has not sent yet, in localStorage so it
 * survives navigation, a reload and a crashed tab. One key per account and topic; signing out removes every
 * draft, so nothing typed under one account is left for the next person at this browser.
 */
const PREFIX = 'draft:';
/** Messages sent but not confirmed (local echo, issue 34 §2): kept so a failed one is still there after leaving the chat. */
const UNSENT_PREFIX = 'unsent:';

/** The topic's draft key for this account; null until the account is known (then nothing is stored). */
export const draftKey = (userId: number | null, topicId: number): string | null => (userId === null ? null : `${PREFIX}${userId}:${topicId}`);

export const drafts = {
  read: (key: string | null): string => (key === null ? '' : (storage.get(key) ?? '')),
  /** An empty text removes the draft. */
  write(key: string | null, text: string) {
    if (key === null) return;
    if (text === '') storage.remove(key);
    else storage.set(key, text);
  },
  discard(key: string | null) {
    if (key !== null) storage.remove(key);
  },
  /** Sign-out (or a session that ended): every account's drafts and unsent messages go. */
  clearAll() {
    try {
      const keys: string[] = [];
      for (let i = 0; i < window.localStorage.length; i += 1) {
        const key = window.localStorage.key(i);
        if (key?.startsWith(PREFIX) || key?.startsWith(UNSENT_PREFIX)) keys.push(key);
      }
      for (const key of keys) storage.remove(key);
    } catch {
      // storage unavailable: there are no drafts to clear
    }
  },
};

/** The topic's key for unsent messages of this account; null until the account is known. */
export const unsentKey = (userId: number | null, topicId: number): string | null => (userId === null ? null : `${UNSENT_PREFIX}${userId}:${topicId}`);

/** One unsent message as stored: its text and the client id that makes sending it again safe (never stored twice). */
export interface UnsentMessage {
  clientId: string;
  content: string;
}

const isUnsent = (value: unknown): value is UnsentMessage =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { clientId?: unknown }).clientId === 'string' &&
  typeof (value as { content?: unknown }).content === 'string';

export const unsent = {
  read(key: string | null): UnsentMessage[] {
    if (key === null) return [];
    try {
      const parsed: unknown = JSON.parse(storage.get(key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isUnsent) : [];
    } catch {
      return [];
    }
  },
  /** An empty list removes the key. */
  write(key: string | null, list: readonly UnsentMessage[]) {
    if (key === null) return;
    if (list.length === 0) storage.remove(key);
    else storage.set(key, JSON.stringify(list.map(({ clientId, content }) => ({ clientId, content }))));
  },
};
