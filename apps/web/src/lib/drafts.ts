import { storage } from './storage';

/**
 * Message drafts (issue 34 §2): what someone typed in a topic and has not sent yet, in localStorage so it
 * survives navigation, a reload and a crashed tab. One key per account and topic; signing out removes every
 * draft, so nothing typed under one account is left for the next person at this browser.
 */
const PREFIX = 'draft:';

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
  /** Sign-out (or a session that ended): every account's drafts go. */
  clearAll() {
    try {
      const keys: string[] = [];
      for (let i = 0; i < window.localStorage.length; i += 1) {
        const key = window.localStorage.key(i);
        if (key?.startsWith(PREFIX)) keys.push(key);
      }
      for (const key of keys) storage.remove(key);
    } catch {
      // storage unavailable: there are no drafts to clear
    }
  },
};
