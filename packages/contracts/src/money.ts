import { z } from 'zod';
import { idSchema } from './envelope.js';
import { texts } from './texts.js';

const tm = texts.money;

/**
 * The price in the buyer's currency, the one way both sides compute it: the net euro price
 * converted at the currency's rate (per euro) and rounded to cents, then VAT on that net,
 * rounded to cents. What the page shows is exactly what the gateway charges.
 */
export function priceInCurrency(netEuroCents: number, rate: number, vatPercent: number) {
  const net = Math.round(netEuroCents * (rate > 0 ? rate : 1));
  const vat = Math.round((net * vatPercent) / 100);
  return { net_cents: net, vat_cents: vat, total_cents: net + vat };
}

/** `12.5, '$'` → `$12.50`; two decimals always. */
export const formatMoney = (cents: number, symbol: string) => `${symbol}${(cents / 100).toFixed(2)}`;

/** What a deposit or order charged, in the currency the buyer chose. */
export const chargedSchema = z.object({
  currency: z.string(),
  net_cents: z.number().int(),
  vat_cents: z.number().int(),
  total_cents: z.number().int(),
  refunded_cents: z.number().int(),
});
export type Charged = z.infer<typeof chargedSchema>;

const requestIdSchema = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid request id');
const reasonSchema = z.string({ error: tm.reasonRequired }).trim().min(1, tm.reasonRequired).max(255);

export const refundSources = ['deposit', 'order'] as const;
export type RefundSourceType = (typeof refundSources)[number];
export const refundParamsSchema = z.object({ source: z.enum(refundSources), id: idSchema });

/**
 * An admin refund. A deposit is refunded by coins (at most what the user has left of it);
 * an order by an amount in the charged currency's cents. Omitted: everything that is left.
 */
export const refundBodySchema = z.object({
  coins: z.number().int().positive().max(100_000_000).optional(),
  amount_cents: z.number().int().positive().max(100_000_000).optional(),
  reason: reasonSchema,
  request_id: requestIdSchema,
});
export type RefundBody = z.infer<typeof refundBodySchema>;

/** What an admin sees before refunding: what was paid, what is left, and how many coins the user still has of it. */
export const refundQuoteSchema = z.object({
  source: z.enum(refundSources),
  id: z.number().int(),
  status: z.string(),
  currency: z.string(),
  total_cents: z.number().int(),
  refunded_cents: z.number().int(),
  refundable_cents: z.number().int(),
  /** Deposits: coins bought, coins already taken back, coins that can still be taken back (never more than the balance). */
  coins: z.number().int(),
  refunded_coins: z.number().int(),
  refundable_coins: z.number().int(),
});
export type RefundQuote = z.infer<typeof refundQuoteSchema>;

export const refundSchema = z.object({
  id: z.number().int(),
  source: z.enum(refundSources),
  source_id: z.number().int(),
  amount_cents: z.number().int(),
  currency: z.string(),
  coins: z.number().int(),
  reason: z.string(),
  status: z.enum(['pending', 'succeeded']),
  created_at: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

export const disputeSchema = z.object({
  id: z.number().int(),
  source: z.enum(refundSources),
  source_id: z.number().int(),
  user_id: z.number().int(),
  user_email: z.string(),
  amount_cents: z.number().int(),
  coins_held: z.number().int(),
  status: z.enum(['open', 'won', 'lost']),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type Dispute = z.infer<typeof disputeSchema>;

/** A contributor's earnings: pending ones mature after the holding period; only available ones can be paid out. */
export const earningsSummarySchema = z.object({
  pending_coins: z.number().int(),
  available_coins: z.number().int(),
  /** Coins on the balance that were bought or given, not earned: they are spent in chat, never paid out. */
  other_coins: z.number().int(),
  next_release_at: z.string().nullable(),
  hold_days: z.number().int(),
  /**
   * The share not credited because payers spent promotional coins (sign-up bonus, promotional grants), over
   * the same time as the earnings above (all of it): promotional coins never become earnings (decision 029).
   */
  promo_share_coins: z.number().int(),
});
export type EarningsSummary = z.infer<typeof earningsSummarySchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, tm.statementRange);
export const statementQuerySchema = z
  .object({ from: isoDate, to: isoDate, lang_id: z.unknown().optional(), currency: z.string().max(8).optional() })
  .refine((q) => q.from <= q.to && !Number.isNaN(Date.parse(q.from)) && !Number.isNaN(Date.parse(q.to)), { message: tm.statementRange, path: ['to'] });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export const receiptParamsSchema = z.object({ source: z.enum(refundSources), id: idSchema });

/** Personal spending limits (issue 15): coins per UTC day and month; null is no limit. */
const limitValue = z
  .number({ error: texts.spending.invalid })
  .int({ error: texts.spending.invalid })
  .min(1, { error: texts.spending.invalid })
  .max(10_000_000, { error: texts.spending.invalid })
  .nullable();
export const updateSpendingLimitsBodySchema = z
  .object({ daily_limit: limitValue, monthly_limit: limitValue })
  .refine((b) => b.daily_limit === null || b.monthly_limit === null || b.daily_limit <= b.monthly_limit, {
    error: texts.spending.dailyOverMonthly,
    path: ['daily_limit'],
  });
export type UpdateSpendingLimitsBody = z.infer<typeof updateSpendingLimitsBodySchema>;

export const updateSpendConfirmationBodySchema = z.object({
  confirm_above: z
    .number({ error: texts.spending.confirmAboveInvalid })
    .int(texts.spending.confirmAboveInvalid)
    .min(0, texts.spending.confirmAboveInvalid)
    .max(100_000_000),
});
export type UpdateSpendConfirmationBody = z.infer<typeof updateSpendConfirmationBodySchema>;

export const spendingLimitsSchema = z.object({
  daily_limit: z.number().int().nullable(),
  monthly_limit: z.number().int().nullable(),
  /** Raised limits wait 24 hours: what will apply, and from when. */
  pending: z.object({ daily_limit: z.number().int().nullable(), monthly_limit: z.number().int().nullable(), effective_at: z.string() }).nullable(),
  spent_today: z.number().int(),
  spent_this_month: z.number().int(),
  daily_left: z.number().int().nullable(),
  monthly_left: z.number().int().nullable(),
  /** 80 % or more of a limit is used. */
  warning: z.boolean(),
  /** A coin spend above this many coins asks first (channel status, topic creation; never a message). 0: always. */
  confirm_above: z.number().int(),
});
export type SpendingLimits = z.infer<typeof spendingLimitsSchema>;
