import type { Message } from '@parley/contracts';

/** A message as the API sends it to a peer (chat name, no sender id), `m{id}` by default. */
export const testMessage = (id: number, content = `m${id}`, extra: Partial<Message> = {}): Message => ({
  id,
  topic_id: 1,
  content,
  text: content,
  sender: 'Calm Otter',
  sender_id: null,
  sender_kind: 'user',
  is_mine: false,
  is_typing: false,
  cost: 0,
  look: null,
  attachments: [],
  created_at: '2026-11-23T00:00:00.000Z',
  ...extra,
});
