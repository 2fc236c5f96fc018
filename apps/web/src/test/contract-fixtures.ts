import { pageMeta, type Message, type PageMeta, type Topic } from '@parley/contracts';

/**
 * Answers as the server sends them, for tests that serve them: the fetchers parse every answer with
 * its contract schema (issue 32 §3), so a fixture must have the contract's full shape.
 */
export function testTopic(fields: Partial<Topic> & { id: number }): Topic {
  return {
    title: `Topic ${fields.id}`,
    room_id: 1,
    room: { title: 'Room 1', border_color: 'purple' },
    user_id: null,
    guest_id: null,
    participants_count: 1,
    is_closed: false,
    closed_by: null,
    companion_name: 'Mia',
    chat_mode: 'human',
    is_highlighted: false,
    highlight_color: null,
    text_look: 'normal',
    color: null,
    terms: { title: '', description: '', rules: [] },
    is_member: true,
    is_owner: true,
    interlocutor_name: null,
    created_at: '2026-11-27T10:00:00.000Z',
    updated_at: '2026-11-27T10:00:00.000Z',
    ...fields,
  };
}

export function testMessage(fields: Partial<Message> & { id: number }): Message {
  return {
    topic_id: 1,
    content: 'Hello',
    text: 'Hello',
    sender: 'Mia',
    sender_id: null,
    sender_kind: 'user',
    is_mine: false,
    is_typing: false,
    cost: 0,
    look: null,
    attachments: [],
    created_at: '2026-11-27T10:00:00.000Z',
    ...fields,
  };
}

/** Page metadata as the server computes it. */
export const testPageMeta = (page: number, perPage: number, total: number): PageMeta => pageMeta(page, perPage, total);
