import type { ChatEvent } from '@parley/contracts';

type Listener = (event: ChatEvent) => void;
const listeners = new Set<Listener>();

/**
 * Personal events of the signed-in user's socket (notifications' `useNotificationPush` keeps it open on every
 * screen), handed to whichever feature listens (issue 35: the on-call alerts), so one socket serves them all.
 */
export function onPersonalEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitPersonalEvent(event: ChatEvent) {
  for (const listener of listeners) listener(event);
}
