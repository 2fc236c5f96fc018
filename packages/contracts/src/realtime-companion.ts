import { z } from 'zod';
import { messageSchema } from './chat.js';
import { limits } from './constants.js';
import { jsonIdSchema } from './envelope.js';

/**
 * The owner's controls over the AI companion's reply (issue 34 §1): stop it while it streams, regenerate the last one.
 * Both are free: a stopped reply stores exactly the text streamed so far, a regenerated one is a sibling of the
 * reply it replaces (`message.variant_of`); nothing moves in the ledger.
 */

/**
 * `POST /api/companion/stop`: ends the reply being written in this topic (409 when none is). `shown_chars`: how much of
 * the streamed text the client showed when the user clicked (it stops growing there at once); the stored reply is
 * that much of what was streamed, never more than was streamed.
 */
export const stopReplyBodySchema = z.object({ topic_id: jsonIdSchema, shown_chars: z.number().int().min(0).max(limits.messageMaxChars).optional() });
export type StopReplyBody = z.infer<typeof stopReplyBodySchema>;
/** The stored reply (the text shown up to the stop), or null when nothing had been shown yet. */
export const stopReplyResultSchema = z.object({ reply_id: z.number().int(), message: messageSchema.nullable() });
export type StopReplyResult = z.infer<typeof stopReplyResultSchema>;

/** `POST /api/companion/regenerate`: a new reply to the message `message_id` answered (the topic's last reply); 409 while one streams. */
export const regenerateReplyBodySchema = z.object({ topic_id: jsonIdSchema, message_id: jsonIdSchema });
export type RegenerateReplyBody = z.infer<typeof regenerateReplyBodySchema>;
export const regenerateReplyResultSchema = z.object({ reply_id: z.number().int(), variant_of: z.number().int() });
export type RegenerateReplyResult = z.infer<typeof regenerateReplyResultSchema>;

/** Stopped: the stream of `replyId` is over; `messageId` is the stored text shown so far (null: nothing was shown). */
export const messageStoppedEventSchema = z.object({
  type: z.literal('message.stopped'),
  topicId: z.number().int(),
  replyId: z.number().int(),
  messageId: z.number().int().nullable(),
});
/** A regeneration started: reply `replyId` streams in place of message `messageId` (its group is `variantOf`). */
export const messageRegeneratingEventSchema = z.object({
  type: z.literal('message.regenerating'),
  topicId: z.number().int(),
  replyId: z.number().int(),
  messageId: z.number().int(),
  variantOf: z.number().int(),
});
export type MessageStoppedEvent = z.infer<typeof messageStoppedEventSchema>;
export type MessageRegeneratingEvent = z.infer<typeof messageRegeneratingEventSchema>;
