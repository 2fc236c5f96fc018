import { z } from 'zod';
import { aiHealthSchema, aiUsageSchema, llmConnectionSchema, llmTestResultSchema, personaSchema } from './companion.js';
import { contributorApplicationSchema } from './contributors.js';
import {
  adminTopicRowSchema,
  adminTopicSchema,
  topicClosedSchema,
  adminReportRowSchema,
  reportDecidedSchema,
  adminApplicationSchema,
  adminPayoutSchema,
  adminPayoutRowSchema,
  adminPayoutDetailsSchema,
  paidPaymentSchema,
  refundQuoteWithRefundsSchema,
  refundDoneSchema,
  adminContentRuleSchema,
  heldForReviewSchema,
  heldDecidedSchema,
} from './admin-queues.js';
import { envelopeSchema, pageMetaSchema } from './envelope.js';
import { disputeSchema } from './money.js';
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
