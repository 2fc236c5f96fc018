import { z } from 'zod';
import { envelopeSchema, idSchema } from './envelope.js';

/*
 * Ratings and tips (issue 35 §3–§4). A rating is one side's 1–5 stars for one ended pairing; the rated
 * person sees only aggregates, only from `RATINGS_MIN_SHOWN` ratings on, recomputed once a day. A tip pays
 * the interlocutor of the caller's current or last pairing from the balance.
 */

/** Below this many ratings nobody sees an aggregate (no single rating can be read out of it). */
export const RATINGS_MIN_SHOWN = 5;
export const RATING_TEXT_MAX = 500;
export const TIP_MAX_COINS = 100_000;

export const ratePairingBodySchema = z.object({
  stars: z.number().int().min(1).max(5),
  text: z.string().trim().max(RATING_TEXT_MAX).optional(),
});
export type RatePairingBody = z.infer<typeof ratePairingBodySchema>;

/** The caller's own rating of a pairing (never one they received). */
export const ownRatingSchema = z.object({ stars: z.number().int(), text: z.string().nullable(), created_at: z.string() });
export type OwnRating = z.infer<typeof ownRatingSchema>;

/** The caller's pairing in a topic as the chat screen shows it: the interlocutor's badge, rating and tipping. */
export const pairingSchema = z.object({
  /** 'top_rated' above the admin's threshold with enough ratings; null otherwise or for the companion. */
  interlocutor_badge: z.enum(['top_rated']).nullable(),
  /** The pairing has ended and the caller has not rated it yet. */
  can_rate: z.boolean(),
  rating: ownRatingSchema.nullable(),
  /** The interlocutor is an approved interlocutor and the caller may tip them. */
  can_tip: z.boolean(),
});
export type Pairing = z.infer<typeof pairingSchema>;

/** What a person sees of the ratings they received: aggregates only, null below RATINGS_MIN_SHOWN. */
export const ratingSummarySchema = z.object({
  ratings_count: z.number().int().nullable(),
  average: z.number().nullable(),
  is_top_rated: z.boolean(),
  min_shown: z.number().int(),
  /** When the aggregates were last computed (daily); null before the first computation. */
  updated_at: z.string().nullable(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const tipBodySchema = z.object({
  amount: z.number().int().min(1).max(TIP_MAX_COINS),
  /** The client's key for this tip: a retry with the same key tips once. */
  key: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});
export type TipBody = z.infer<typeof tipBodySchema>;

export const tipSchema = z.object({ id: z.number().int(), topic_id: z.number().int(), amount: z.number().int(), created_at: z.string() });
export type Tip = z.infer<typeof tipSchema>;

/** Admin moderation: every rating of a topic's pairings, with who rated whom. */
export const adminRatingSchema = z.object({
  id: z.number().int(),
  pairing_id: z.number().int(),
  topic_id: z.number().int(),
  rater: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  rated: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  stars: z.number().int(),
  text: z.string().nullable(),
  created_at: z.string(),
});
export type AdminRating = z.infer<typeof adminRatingSchema>;
export const adminRatingsQuerySchema = z.object({ topic_id: idSchema.optional() });

export const pairingResponseSchema = envelopeSchema(pairingSchema);
export const ratingSummaryResponseSchema = envelopeSchema(ratingSummarySchema);
export const rateResponseSchema = envelopeSchema(z.object({ rating: ownRatingSchema }));
export const tipResponseSchema = envelopeSchema(z.object({ tip: tipSchema, balance: z.number().int() }));
export const adminRatingsResponseSchema = envelopeSchema(z.object({ ratings: z.array(adminRatingSchema) }));
