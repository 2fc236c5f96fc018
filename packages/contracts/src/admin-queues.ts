import { z } from 'zod';
import { contentRuleActions, contentRuleKinds } from './admin.js';
import { contributorApplicationSchema } from './contributors.js';
import { chargedSchema, refundQuoteSchema, refundSchema } from './money.js';
import { payoutHistoryRowSchema } from './payouts.js';

/*
 * The admin console's review queues as the admin API answers them (issue 32 §2, decision 035a): topics,
 * reports, applications, payouts, payments and refunds, content rules and held messages. The envelopes
 * are `adminResponses` in admin-responses.ts.
 */
// Moderation: topics, reports, applications, payouts
export const adminTopicRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  room_id: z.number().int().nullable(),
  room_title: z.string().nullable(),
  user_id: z.number().int(),
  owner_email: z.string(),
  owner_name: z.string(),
  chat_mode: z.enum(['human', 'ai']),
  is_closed: z.boolean(),
  participants_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const adminTopicSchema = z.object({
  id: z.number().int(),
  room_id: z.number().int().nullable(),
  user_id: z.number().int(),
  title: z.string(),
  chat_mode: z.enum(['human', 'ai']),
  companion_name: z.string(),
  persona_id: z.number().int().nullable(),
  is_closed: z.boolean(),
  closed_by: z.enum(['owner', 'moderator']).nullable(),
  is_highlighted: z.boolean(),
  highlight_color: z.string().nullable(),
  text_look: z.string(),
  color: z.string().nullable(),
  terms_title: z.string(),
  terms_description: z.string(),
  /** JSON array of strings, as stored. */
  terms_rules: z.string(),
  participants_count: z.number().int(),
  waiting_since: z.string().nullable(),
  last_seq: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  participants: z.array(z.object({ id: z.number().int(), email: z.string(), name: z.string(), joined_at: z.string(), left_at: z.string().nullable() })),
  messages: z.array(
    z.object({
      id: z.number().int(),
      sender_id: z.number().int().nullable(),
      sender_name: z.string().nullable(),
      sender_kind: z.string(),
      content: z.string(),
      cost: z.number().int(),
      created_at: z.string(),
    }),
  ),
});
export type AdminTopic = z.infer<typeof adminTopicSchema>;
export const topicClosedSchema = z.object({ id: z.number().int(), is_closed: z.boolean(), changed: z.boolean() });

const reportStatuses = ['open', 'resolved', 'dismissed'] as const;
export const adminReportRowSchema = z.object({
  id: z.number().int(),
  type: z.enum(['topic', 'user']),
  status: z.enum(reportStatuses),
  topic_id: z.number().int(),
  topic_title: z.string(),
  topic_is_closed: z.boolean(),
  topic_owner_id: z.number().int(),
  reporter_id: z.number().int(),
  reporter_email: z.string(),
  reported_user_id: z.number().int().nullable(),
  reported_email: z.string().nullable(),
  reported_banned_at: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.string().nullable(),
  /** The topic's last messages when the report was made, as stored (JSON). */
  snapshot: z.unknown(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: z.number().int().nullable(),
});
export type AdminReportRow = z.infer<typeof adminReportRowSchema>;
export const reportDecidedSchema = z.object({
  id: z.number().int(),
  reporter_id: z.number().int(),
  topic_id: z.number().int(),
  reported_user_id: z.number().int().nullable(),
  type: z.enum(['topic', 'user']),
  reason: z.string().nullable(),
  details: z.string().nullable(),
  snapshot: z.unknown(),
  status: z.enum(reportStatuses),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: z.number().int().nullable(),
  /** Coins given back to the reporter, and earnings taken back from the reported side. */
  refunded: z.number().int(),
  reversed: z.number().int(),
});

export const adminApplicationSchema = contributorApplicationSchema.extend({
  user_id: z.number().int(),
  user_email: z.string(),
  user_name: z.string(),
  decided_by: z.number().int().nullable(),
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;

export const adminPayoutSchema = payoutHistoryRowSchema.extend({
  user_id: z.number().int(),
  user_email: z.string().optional(),
  user_name: z.string().optional(),
  first_name: z.string(),
  last_name: z.string(),
  country_id: z.number().int().nullable(),
  city: z.string(),
  address: z.string(),
  zip: z.string(),
  decided_by: z.number().int().nullable(),
  approved_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;
export const payoutRiskSchema = z.object({
  flag: z.enum(['fresh_accounts', 'shared_address']).nullable(),
  fresh_days: z.number().int(),
  fresh_accounts_percent: z.number().int(),
  shared_address_percent: z.number().int(),
});
export const adminPayoutRowSchema = adminPayoutSchema.extend({ risk: payoutRiskSchema });
export type AdminPayoutRow = z.infer<typeof adminPayoutRowSchema>;
/** The unmasked card number, IBAN or account fields (every look is audited). */
export const adminPayoutDetailsSchema = adminPayoutSchema.extend({ details: z.record(z.string(), z.string()) });
export type AdminPayoutDetails = z.infer<typeof adminPayoutDetailsSchema>;

// Money
export const paidPaymentSchema = z.object({
  source: z.enum(['deposit', 'order']),
  id: z.number().int(),
  user_email: z.string(),
  description: z.string(),
  status: z.string(),
  charged: chargedSchema,
  paid_at: z.string().nullable(),
});
export type PaidPayment = z.infer<typeof paidPaymentSchema>;
export const refundQuoteWithRefundsSchema = refundQuoteSchema.extend({ refunds: z.array(refundSchema) });
export type RefundQuoteWithRefunds = z.infer<typeof refundQuoteWithRefundsSchema>;
export const refundDoneSchema = z.object({ refund: refundSchema, created: z.boolean(), quote: refundQuoteWithRefundsSchema });

// Content rules and held messages
export const adminContentRuleSchema = z.object({
  id: z.number().int(),
  kind: z.enum(contentRuleKinds),
  pattern: z.string(),
  action: z.enum(contentRuleActions),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const heldForReviewSchema = z.object({
  id: z.number().int(),
  topic_id: z.number().int(),
  topic_title: z.string(),
  /** By chat name only, as in the chat. */
  sender: z.string(),
  content: z.string(),
  cost: z.number().int(),
  rule_id: z.number().int().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type HeldForReview = z.infer<typeof heldForReviewSchema>;
export const heldDecidedSchema = z.object({
  id: z.number().int(),
  status: z.enum(['approved', 'rejected']),
  message_id: z.number().int().optional(),
  refunded: z.number().int().optional(),
});
