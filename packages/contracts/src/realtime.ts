import { z } from 'zod';
import { messageSchema } from './chat.js';
import { jsonIdSchema, MAX_DB_ID } from './envelope.js';
import { notificationSchema } from './notifications.js';
import { messageRegeneratingEventSchema, messageStoppedEventSchema } from './realtime-companion.js';

/**
 * Chat events pushed over the WebSocket and carried between instances on the
 * event bus. `topicId` scopes who may receive an event; `userId` scopes
 * personal events (balance). Payloads are the same shapes the REST API returns
 * (`message` is a `messageSchema` message, as `GET /messages/index` lists it).
 */
export const chatEventSchema = z.discriminatedUnion('type', [
  // `senderId` and the `userId` of typing/participant events route events between the server's
  // instances; the hub strips them from what a client receives unless they are the client's own.
  z.object({
    type: z.literal('message.created'),
    topicId: z.number().int(),
    senderId: z.number().int().optional(),
    /** The sender's `client_id` for this message: only the sender's own sockets get it, as `message.client_id`. */
    clientId: z.string().optional(),
    /** The topic's mode when the message was written: the companion of every instance skips human chats without a read. */
    chatMode: z.enum(['human', 'ai']).optional(),
    message: messageSchema,
  }),
  // The companion's reply as it is generated: `text` is appended at `offset` of reply `replyId`
  // (offset 0 again restarts it); the final message follows once as message.created.
  z.object({
    type: z.literal('message.delta'),
    topicId: z.number().int(),
    replyId: z.number().int(),
    offset: z.number().int().nonnegative(),
    text: z.string(),
  }),
  // The owner stopped a reply, or started its regeneration (issue 34; realtime-companion.ts).
  messageStoppedEventSchema,
  messageRegeneratingEventSchema,
  z.object({ type: z.literal('typing'), topicId: z.number().int(), userId: z.number().int().optional(), name: z.string(), isTyping: z.boolean() }),
  z.object({ type: z.literal('participant.joined'), topicId: z.number().int(), userId: z.number().int().optional(), participantsCount: z.number().int() }),
  z.object({ type: z.literal('participant.left'), topicId: z.number().int(), userId: z.number().int().optional(), participantsCount: z.number().int() }),
  z.object({ type: z.literal('topic.closed'), topicId: z.number().int(), by: z.enum(['owner', 'moderator']).optional() }),
  z.object({ type: z.literal('topic.mode'), topicId: z.number().int(), chatMode: z.enum(['human', 'ai']) }),
  z.object({ type: z.literal('balance'), userId: z.number().int(), balance: z.number().int() }),
  // A moderator decided one of the sender's held messages (issue 33 #21): only the sender's own sockets get it.
  z.object({
    type: z.literal('message.held_decided'),
    userId: z.number().int(),
    topicId: z.number().int(),
    heldId: z.number().int(),
    decision: z.enum(['approved', 'rejected']),
  }),
  // Issue 36 §1: the interlocutor (an approved contributor) in a conversation whose partner wrote something that
  // suggests a risk of self-harm gets the protocol card; only their own sockets. It carries no text.
  z.object({ type: z.literal('crisis.protocol'), userId: z.number().int(), topicId: z.number().int() }),
  z.object({ type: z.literal('session.ended'), userId: z.number().int(), sessionId: z.string().optional() }),
  z.object({ type: z.literal('notification'), userId: z.number().int(), notification: notificationSchema, unreadCount: z.number().int() }),
  // Issue 35 §1: a human topic started waiting; only the alerted interlocutor's sockets get it, once per topic.
  z.object({
    type: z.literal('queue.alert'),
    userId: z.number().int(),
    topicId: z.number().int(),
    roomId: z.number().int().nullable(),
    waitingSince: z.string(),
  }),
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;

/**
 * WebSocket protocol of `/api/ws` (docs/decisions/005-realtime-protocol.md).
 * Client → server frames are JSON text validated by `wsClientMessageSchema`.
 */
export const wsSubscribeSchema = z.object({
  type: z.literal('subscribe'),
  topicId: jsonIdSchema,
  /** The newest message id the client already has; the server sends every later one first. */
  lastMessageId: z.number().int().min(0).max(MAX_DB_ID).optional(),
});
export const wsClientMessageSchema = z.discriminatedUnion('type', [
  wsSubscribeSchema,
  z.object({ type: z.literal('unsubscribe'), topicId: jsonIdSchema }),
  z.object({ type: z.literal('typing'), topicId: jsonIdSchema, isTyping: z.boolean() }),
  z.object({ type: z.literal('ping'), id: z.union([z.string().max(64), z.number()]).optional() }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessageSchema>;

/** Codes of `{type:'error'}` frames: a refused subscribe or typing frame, a bad or over-budget frame, a failed catch-up. */
export const wsErrorCodes = ['FORBIDDEN', 'VALIDATION', 'RATE_LIMITED', 'TOO_MANY_SUBSCRIPTIONS', 'INTERNAL'] as const;
export type WsErrorCode = (typeof wsErrorCodes)[number];

/** Server → client frames, one discriminated union. Chat events arrive wrapped as `{type:'event', event}`. */
export const wsServerMessageSchema = z.discriminatedUnion('type', [
  /** First frame after the upgrade: who is signed in, and how often the server pings. */
  z.object({ type: z.literal('ready'), userId: z.number().int(), heartbeatMs: z.number().int().positive() }),
  z.object({ type: z.literal('event'), event: chatEventSchema }),
  /** The catch-up of a subscribe is over (`missed` messages replayed; `hasMore`: reload the rest over REST). */
  z.object({ type: z.literal('subscribed'), topicId: z.number().int(), missed: z.number().int().nonnegative(), hasMore: z.boolean() }),
  z.object({ type: z.literal('unsubscribed'), topicId: z.number().int(), reason: z.enum(['client', 'left', 'closed']) }),
  z.object({ type: z.literal('error'), code: z.enum(wsErrorCodes), message: z.string(), topicId: z.number().int().optional() }),
  z.object({ type: z.literal('pong'), id: z.union([z.string().max(64), z.number()]).optional() }),
]);
export type WsServerMessage = z.infer<typeof wsServerMessageSchema>;

/** Close codes the server uses; the client reconnects on everything but 4401 and 4403. */
export const wsCloseCodes = {
  normal: 1000,
  goingAway: 1001,
  policy: 1008,
  serviceRestart: 1012,
  unauthenticated: 4401,
  forbiddenOrigin: 4403,
  rateLimited: 4429,
} as const;

/** `userId` the companion uses in typing events (it is not a user). */
export const companionUserId = 0;

/** `POST /api/ws/ticket`: connect once with `/api/ws?ticket=…` within `expires_in` seconds (clients that cannot send a cookie or Authorization header). */
export const wsTicketSchema = z.object({ ticket: z.string(), expires_in: z.number().int() });
export type WsTicket = z.infer<typeof wsTicketSchema>;
