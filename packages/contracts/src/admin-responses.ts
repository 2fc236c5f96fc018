import { z } from 'zod';
import { contentRuleActions, contentRuleKinds } from './admin.js';
import { aiHealthSchema, aiUsageSchema, llmConnectionSchema, llmTestResultSchema, personaSchema } from './companion.js';
import { contributorApplicationSchema } from './contributors.js';
import { envelopeSchema, pageMetaSchema } from './envelope.js';
import { chargedSchema, disputeSchema, refundQuoteSchema, refundSchema } from './money.js';
import { payoutHistoryRowSchema } from './payouts.js';
import { settingsSchema } from './reference.js';
import { productKinds } from './store.js';
import { backupMarkSchema, deadJobSchema, systemStatusSchema } from './system.js';

/*
 * What the admin console API answers (issue 32 §2): every /api/admin operation declares its payload here, the
 * server's serializer writes exactly these fields, and the console's fetchers parse with them. Admins see
 * account data (emails, names) that never reaches other users; these schemas are where that is written down.
 */

/** `{items, meta}`: the one list shape of the admin API (spec §3 pagination meta). */
export function adminPageOf<T extends z.ZodType>(row: T) {
  return z.object({ items: z.array(row), meta: pageMetaSchema });
}

// Users
export const adminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  surname: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  balance: z.number().int(),
  is_contributor: z.boolean(),
  email_verified: z.boolean(),
  two_factor_enabled: z.boolean(),
  deleted_at: z.string().nullable(),
  banned_at: z.string().nullable(),
  is_banned: z.boolean(),
  channel_expire_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserDetailSchema = adminUserSchema.extend({ active_sessions: z.number().int() });
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  amount: z.number().int(),
  kind: z.string(),
  reference_type: z.string().nullable(),
  reference_id: z.string().nullable(),
  idempotency_key: z.string(),
  balance_after: z.number().int(),
  promo_amount: z.number().int(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const userBannedSchema = z.object({ user_id: z.number().int(), banned_at: z.string(), sessions_ended: z.number().int() });
export const userUnbannedSchema = z.object({ banned_at: z.null() });
export const twoFactorResetSchema = z.object({ two_factor_enabled: z.boolean() });
export const balanceAdjustedSchema = z.object({ entry: ledgerEntrySchema, created: z.boolean(), balance: z.number().int() });

// Dashboard and audit log
const dailyPointSchema = z.object({ day: z.string(), value: z.number() });
export const adminDashboardSchema = z.object({
  figures: z.object({
    users: z.number().int(),
    users_new_today: z.number().int(),
    users_banned: z.number().int(),
    contributors: z.number().int(),
    active_chats: z.number().int(),
    messages_today: z.number().int(),
    coins_sold: z.number().int(),
    revenue_cents: z.number().int(),
    revenue_gross_cents: z.number().int(),
    pending_applications: z.number().int(),
    pending_payouts: z.number().int(),
    open_reports: z.number().int(),
    open_disputes: z.number().int(),
  }),
  series: z.object({ messages: z.array(dailyPointSchema), signups: z.array(dailyPointSchema), revenue_cents: z.array(dailyPointSchema) }),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** null: the command line (`npm run …`) or the system. */
  actor_id: z.number().int().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  /** The record before and after, as the action wrote it (any JSON). */
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

// Catalog records (0/1 flags as booleans)
export const adminRoomSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  border_color: z.string(),
  position: z.number().int(),
  is_hidden: z.boolean(),
  created_at: z.string(),
});
export type AdminRoom = z.infer<typeof adminRoomSchema>;
export const adminBundleSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  price_cents: z.number().int(),
  points: z.number().int(),
  position: z.number().int(),
  is_active: z.boolean(),
});
export const adminCurrencySchema = z.object({ id: z.number().int(), code: z.string(), symbol: z.string(), value: z.number(), is_default: z.boolean() });
export const adminSocialLinkSchema = z.object({ id: z.number().int(), title: z.string(), link: z.string(), img: z.string(), position: z.number().int() });
export const adminFaqSchema = z.object({ id: z.number().int(), question: z.string(), answer: z.string(), position: z.number().int() });
export const adminStaticPageSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  is_terms: z.boolean(),
  is_privacy: z.boolean(),
  is_buyer_terms: z.boolean(),
  is_seller_terms: z.boolean(),
  is_cookie: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const adminLanguageSchema = z.object({ id: z.number().int(), code: z.string(), title: z.string(), is_default: z.boolean() });
export const adminProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(productKinds),
  look: z.string(),
  price_cents: z.number().int(),
  is_active: z.boolean(),
  position: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const roomOrderSchema = z.object({ order: z.array(z.number().int()) });

// Settings and localizations
export const localizationKeySchema = z.object({
  key: z.string(),
  /** The English catalogue's text; null for a key an operator added. */
  source: z.string().nullable(),
  default_value: z.string().nullable(),
  value: z.string().nullable(),
  is_missing: z.boolean(),
});
export const localizationKeysSchema = z.object({
  language: adminLanguageSchema,
  default_language_id: z.number().int(),
  missing_count: z.number().int(),
  languages: z.array(z.object({ id: z.number().int(), code: z.string(), title: z.string(), missing_count: z.number().int() })),
  items: z.array(localizationKeySchema),
  meta: pageMetaSchema,
});
export type LocalizationKeys = z.infer<typeof localizationKeysSchema>;
export const localizationSavedSchema = z.object({ language_id: z.number().int(), key: z.string(), value: z.string() });

export const contentTranslationFieldSchema = z.object({ row_id: z.number().int(), field: z.string(), source: z.string(), text: z.string() });
export type ContentTranslationField = z.infer<typeof contentTranslationFieldSchema>;
export const contentTranslationSavedSchema = z.object({
  table: z.string(),
  row_id: z.number().int(),
  language_id: z.number().int(),
  field: z.string(),
  text: z.string(),
});

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

// System
export const jobDecidedSchema = z.object({ id: z.number().int(), status: z.enum(['pending', 'discarded']) });

/** The whole answers of the admin API, one per operation kind (the route and the console's fetcher share it). */
export const adminResponses = {
  dashboard: envelopeSchema(adminDashboardSchema),
  audit: envelopeSchema(adminPageOf(auditEntrySchema)),
  auditActions: envelopeSchema(z.array(z.string())),
  users: envelopeSchema(adminPageOf(adminUserSchema)),
  user: envelopeSchema(adminUserDetailSchema),
  ledger: envelopeSchema(adminPageOf(ledgerEntrySchema)),
  userBanned: envelopeSchema(userBannedSchema),
  userUnbanned: envelopeSchema(userUnbannedSchema),
  twoFactorReset: envelopeSchema(twoFactorResetSchema),
  balanceAdjusted: envelopeSchema(balanceAdjustedSchema),
  roomOrder: envelopeSchema(roomOrderSchema),
  deleted: envelopeSchema(z.null()),
  settings: envelopeSchema(settingsSchema),
  localizationKeys: envelopeSchema(localizationKeysSchema),
  localizationSaved: envelopeSchema(localizationSavedSchema),
  contentTranslations: envelopeSchema(z.array(contentTranslationFieldSchema)),
  contentTranslationSaved: envelopeSchema(contentTranslationSavedSchema),
  topics: envelopeSchema(adminPageOf(adminTopicRowSchema)),
  topic: envelopeSchema(adminTopicSchema),
  topicClosed: envelopeSchema(topicClosedSchema),
  reports: envelopeSchema(adminPageOf(adminReportRowSchema)),
  reportDecided: envelopeSchema(reportDecidedSchema),
  applications: envelopeSchema(adminPageOf(adminApplicationSchema)),
  application: envelopeSchema(contributorApplicationSchema),
  payouts: envelopeSchema(adminPageOf(adminPayoutRowSchema)),
  payout: envelopeSchema(adminPayoutSchema),
  payoutDetails: envelopeSchema(adminPayoutDetailsSchema),
  payments: envelopeSchema(z.array(paidPaymentSchema)),
  refundQuote: envelopeSchema(refundQuoteWithRefundsSchema),
  refundDone: envelopeSchema(refundDoneSchema),
  disputes: envelopeSchema(z.array(disputeSchema)),
  personas: envelopeSchema(z.array(personaSchema)),
  persona: envelopeSchema(personaSchema),
  llmConnection: envelopeSchema(llmConnectionSchema),
  llmTest: envelopeSchema(llmTestResultSchema),
  aiHealth: envelopeSchema(aiHealthSchema),
  aiUsage: envelopeSchema(aiUsageSchema),
  contentRules: envelopeSchema(adminPageOf(adminContentRuleSchema)),
  contentRule: envelopeSchema(adminContentRuleSchema),
  heldMessages: envelopeSchema(adminPageOf(heldForReviewSchema)),
  heldDecided: envelopeSchema(heldDecidedSchema),
  system: envelopeSchema(systemStatusSchema),
  deadJobs: envelopeSchema(adminPageOf(deadJobSchema)),
  jobDecided: envelopeSchema(jobDecidedSchema),
  backup: envelopeSchema(backupMarkSchema),
};
