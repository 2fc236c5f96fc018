import { z } from 'zod';
import { envelopeSchema } from './envelope.js';
import { texts } from './texts.js';

/**
 * Issue 35 §1–§2: interlocutors on call and what a searching payer is told. Nothing here names who waits:
 * a queue entry is a topic (its public title and room) and how long it has waited.
 */
export const oncallLimits = {
  /** Saved replies one interlocutor keeps. */
  savedRepliesMax: 30,
  savedReplyMax: 500,
  /** A closed app (last socket gone) keeps Available this long, so a reload or a network blip does not lapse it. */
  disconnectGraceS: 60,
  /** The open app reports activity at most this often (the idle setting counts from the last report). */
  activityReportS: 60,
  /** The queue screen re-reads the queue this often besides the alerts. */
  queuePollMs: 5000,
  /** Matches the estimate reads (the most recent ones of the best-fitting group). */
  estimateSamples: 50,
  /** "The same time of day" is the hour of day ± this many hours. */
  estimateHourSpan: 2,
  /** A group (room and time of day, room, time of day) is used once it holds this many matches. */
  estimateMinGroup: 5,
} as const;

export const presenceStatusSchema = z.enum(['available', 'away']);
export type PresenceStatus = z.infer<typeof presenceStatusSchema>;

export const presenceSchema = z.object({
  /** What holds now: 'available' lapses to 'away' after the idle setting or once the app is closed. */
  status: presenceStatusSchema,
  /** True when the interlocutor chose Available and it lapsed (the screen says why). */
  lapsed: z.boolean(),
  max_chats: z.number().int(),
  /** The active-chat rule's limit (1, or the channel limit): max_chats never goes above it. */
  max_allowed: z.number().int(),
  talk_again: z.boolean(),
});
export type Presence = z.infer<typeof presenceSchema>;

export const updatePresenceBodySchema = z.object({
  status: presenceStatusSchema.optional(),
  max_chats: z.number().int().min(1).max(50).optional(),
  talk_again: z.boolean().optional(),
});
export type UpdatePresenceBody = z.infer<typeof updatePresenceBodySchema>;

export const presenceResponseSchema = envelopeSchema(z.object({ presence: presenceSchema }));

export const queueEntrySchema = z.object({
  topic_id: z.number().int(),
  title: z.string(),
  room_id: z.number().int().nullable(),
  room_title: z.string().nullable(),
  waiting_since: z.string(),
  waiting_seconds: z.number().int().nonnegative(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

export const queueResponseSchema = envelopeSchema(z.object({ topics: z.array(queueEntrySchema), presence: presenceSchema }));
export type QueueResponse = z.infer<typeof queueResponseSchema>;

/** What a payer whose topic waits is told (issue 35 §2). */
export const waitInfoSchema = z.object({
  /** 1 = the next topic an interlocutor gets; null once the topic no longer waits. */
  position: z.number().int().positive().nullable(),
  /** Median time-to-join of recent matches like this one; null without any match to go by. */
  estimate_seconds: z.number().int().nonnegative().nullable(),
  available_interlocutors: z.number().int().nonnegative(),
});
export type WaitInfo = z.infer<typeof waitInfoSchema>;
export const waitInfoResponseSchema = envelopeSchema(z.object({ wait: waitInfoSchema }));

export const savedReplySchema = z.object({ id: z.number().int(), text: z.string() });
export type SavedReply = z.infer<typeof savedReplySchema>;
export const savedReplyBodySchema = z.object({
  text: z.string({ error: texts.oncall.savedReplyPlaceholder }).trim().min(1, { error: texts.oncall.savedReplyPlaceholder }).max(oncallLimits.savedReplyMax),
});
export type SavedReplyBody = z.infer<typeof savedReplyBodySchema>;
export const savedRepliesResponseSchema = envelopeSchema(z.object({ replies: z.array(savedReplySchema) }));
export const savedReplyResponseSchema = envelopeSchema(z.object({ reply: savedReplySchema }));
