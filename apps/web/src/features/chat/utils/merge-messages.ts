import type { Message } from '@parley/contracts';

/**
 * Push, poll, resume and send results all land here: one list, ordered by id,
 * with no duplicates. A later copy of a message replaces an earlier one (it may
 * carry fresher attachment URLs), so the order of arrival never matters.
 */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const real = incoming.filter((m) => !m.is_typing && Number.isInteger(m.id));
  if (real.length === 0) return current as Message[];
  const byId = new Map<number, Message>();
  for (const m of current) byId.set(m.id, m);
  let changed = false;
  for (const m of real) {
    const previous = byId.get(m.id);
    if (previous !== m) changed = true;
    byId.set(m.id, m);
  }
  if (!changed) return current as Message[];
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The newest message id the client holds (0 when none): sent on subscribe and used as after_id when polling. */
export function lastMessageId(messages: readonly Message[]): number {
  let max = 0;
  for (const m of messages) if (m.id > max) max = m.id;
  return max;
}

/** Whether a message belongs to the viewer: by sender id when known, else the API's flag or the spec's 'Me'. */
export function isOwnMessage(message: Pick<Message, 'sender_id' | 'is_mine' | 'sender'>, userId: number | null | undefined): boolean {
  if (userId != null && message.sender_id != null) return message.sender_id === userId;
  return message.is_mine || message.sender === 'Me' || message.sender === 'me';
}
