import { describe, expect, it } from 'vitest';
import { type Message } from './chat.js';
import { chatEventSchema, wsClientMessageSchema, wsServerMessageSchema, type WsServerMessage } from './realtime.js';

const message: Message = {
  id: 11,
  topic_id: 3,
  content: 'Hello',
  text: 'Hello',
  sender: 'Mia',
  sender_id: null,
  sender_kind: 'user',
  is_mine: false,
  is_typing: false,
  cost: 5,
  look: null,
  attachments: [],
  created_at: '2026-11-27T10:00:00.000Z',
};

/** One of every frame the server sends today, as it is on the wire (issue 32 §3). */
const serverFrames: WsServerMessage[] = [
  { type: 'ready', userId: 4, heartbeatMs: 30_000 },
  { type: 'subscribed', topicId: 3, missed: 2, hasMore: false },
  { type: 'unsubscribed', topicId: 3, reason: 'left' },
  { type: 'error', code: 'FORBIDDEN', message: 'You do not have permission.', topicId: 3 },
  { type: 'error', code: 'RATE_LIMITED', message: 'Too many requests.' },
  { type: 'pong', id: 17 },
  { type: 'pong' },
  { type: 'event', event: { type: 'message.created', topicId: 3, message } },
  { type: 'event', event: { type: 'message.created', topicId: 3, message: { ...message, sender: 'Me', is_mine: true, sender_id: 4 } } },
  { type: 'event', event: { type: 'message.delta', topicId: 3, replyId: 9, offset: 0, text: 'Hel' } },
  { type: 'event', event: { type: 'message.stopped', topicId: 3, replyId: 9, messageId: 12 } },
  { type: 'event', event: { type: 'message.stopped', topicId: 3, replyId: 9, messageId: null } },
  { type: 'event', event: { type: 'message.regenerating', topicId: 3, replyId: 10, messageId: 12, variantOf: 12 } },
  { type: 'event', event: { type: 'typing', topicId: 3, name: 'Mia', isTyping: true } },
  { type: 'event', event: { type: 'participant.joined', topicId: 3, participantsCount: 2 } },
  { type: 'event', event: { type: 'participant.left', topicId: 3, userId: 4, participantsCount: 1 } },
  { type: 'event', event: { type: 'topic.closed', topicId: 3, by: 'moderator' } },
  { type: 'event', event: { type: 'topic.mode', topicId: 3, chatMode: 'ai' } },
  { type: 'event', event: { type: 'balance', userId: 4, balance: 120 } },
  { type: 'event', event: { type: 'message.held_decided', userId: 4, topicId: 3, heldId: 2, decision: 'rejected' } },
  { type: 'event', event: { type: 'crisis.protocol', userId: 4, topicId: 3 } },
  { type: 'event', event: { type: 'session.ended', userId: 4 } },
  { type: 'event', event: { type: 'queue.alert', userId: 4, topicId: 3, roomId: null, waitingSince: '2026-11-28T00:00:00.000Z' } },
  {
    type: 'event',
    event: {
      type: 'notification',
      userId: 4,
      unreadCount: 1,
      notification: {
        id: 1,
        kind: 'contributor.approved',
        title: 'Approved',
        body: 'You are a contributor.',
        link: null,
        read_at: null,
        created_at: '2026-11-27T10:00:00.000Z',
      },
    },
  },
];

describe('WebSocket frame contracts (issue 32 §3)', () => {
  it.each(serverFrames.map((frame) => [frame.type === 'event' ? `event ${frame.event.type}` : frame.type, frame] as const))(
    'server frame %s parses as it is on the wire',
    (_name, frame) => {
      const wire: unknown = JSON.parse(JSON.stringify(frame));
      expect(wsServerMessageSchema.parse(wire)).toEqual(wire);
    },
  );

  it('covers every chat event type with a server frame above', () => {
    const eventTypes = chatEventSchema.options.map((option) => option.shape.type.value);
    const covered = new Set(serverFrames.flatMap((frame) => (frame.type === 'event' ? [frame.event.type] : [])));
    expect(eventTypes.filter((type) => !covered.has(type))).toEqual([]);
  });

  it('refuses server frames a client cannot act on: unknown types, a message without its fields, unknown error codes', () => {
    const invalid: unknown[] = [
      { type: 'hello' },
      { type: 'ready', userId: 4 },
      { type: 'event', event: { type: 'message.created', topicId: 3, message: { id: 11, content: 'Hello' } } },
      { type: 'event', event: { type: 'message.created', topicId: 3, message: { ...message, sender_kind: 'bot' } } },
      { type: 'event', event: { type: 'balance', userId: 4, balance: '120' } },
      { type: 'event', event: { type: 'fireworks', topicId: 3 } },
      { type: 'error', code: 'NOPE', message: 'x' },
      { type: 'unsubscribed', topicId: 3, reason: 'bored' },
      { type: 'subscribed', topicId: 3, missed: -1, hasMore: false },
    ];
    for (const frame of invalid) expect(wsServerMessageSchema.safeParse(frame).success, JSON.stringify(frame)).toBe(false);
  });

  it('parses every client frame the web sends, and refuses bad ids', () => {
    for (const frame of [
      { type: 'subscribe', topicId: 3, lastMessageId: 0 },
      { type: 'subscribe', topicId: 3 },
      { type: 'unsubscribe', topicId: 3 },
      { type: 'typing', topicId: 3, isTyping: true },
      { type: 'ping', id: 1764237600000 },
      { type: 'ping' },
    ])
      expect(wsClientMessageSchema.parse(frame)).toEqual(frame);
    for (const frame of [{ type: 'subscribe', topicId: 0 }, { type: 'subscribe', topicId: 2 ** 31 }, { type: 'typing', topicId: 3 }, { type: 'pong' }])
      expect(wsClientMessageSchema.safeParse(frame).success).toBe(false);
  });
});
