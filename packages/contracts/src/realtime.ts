import { z } from 'zod';

/**
 * Chat events pushed over the WebSocket and carried between instances on the
 * event bus. `topicId` scopes who may receive an event; `userId` scopes
 * personal events (balance). Payloads are the same shapes the REST API returns.
 */
export const chatEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message.created'), topicId: z.number().int(), message: z.record(z.string(), z.unknown()) }),
  z.object({ type: z.literal('typing'), topicId: z.number().int(), userId: z.number().int(), name: z.string(), isTyping: z.boolean() }),
  z.object({ type: z.literal('participant.joined'), topicId: z.number().int(), userId: z.number().int(), participantsCount: z.number().int() }),
  z.object({ type: z.literal('participant.left'), topicId: z.number().int(), userId: z.number().int(), participantsCount: z.number().int() }),
  z.object({ type: z.literal('topic.closed'), topicId: z.number().int() }),
  z.object({ type: z.literal('topic.mode'), topicId: z.number().int(), chatMode: z.enum(['human', 'ai']) }),
  z.object({ type: z.literal('balance'), userId: z.number().int(), balance: z.number().int() }),
  z.object({ type: z.literal('session.ended'), userId: z.number().int(), sessionId: z.string().optional() }),
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;
