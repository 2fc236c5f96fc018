import { z } from 'zod';
import { idSchema, jsonIdSchema } from './envelope.js';
import { isLookValue, productKinds } from './store.js';

/**
 * Admin console requests. Lists share one query shape: page, per_page, sort
 * (a whitelisted column, checked by the server), order, q (free text).
 */
export const adminListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.string().max(40).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  q: z.string().trim().max(200).optional(),
  currency: z.string().max(8).optional(),
  lang_id: idSchema.optional(),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

export const adminUsersQuerySchema = adminListQuerySchema.extend({
  role: z.enum(['user', 'admin']).optional(),
  status: z.enum(['active', 'banned']).optional(),
  contributor: z.enum(['yes', 'no']).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}/, 'Use a date like 2026-11-23')
  .max(30);
export const adminAuditQuerySchema = adminListQuerySchema.extend({
  actor_id: idSchema.optional(),
  action: z.string().trim().max(64).optional(),
  subject_type: z.string().trim().max(32).optional(),
  subject_id: z.string().trim().max(64).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

export const adminLedgerQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export const balanceAdjustmentBodySchema = z.object({
  /** Signed coins: positive credits, negative debits. */
  amount: z
    .number({ error: 'Amount is required' })
    .int('Amount must be a whole number of coins')
    .refine((n) => n !== 0, 'Amount must not be zero')
    .refine((n) => Math.abs(n) <= 10_000_000, 'Amount is too large'),
  reason: z.string({ error: 'A reason is required' }).trim().min(1, 'A reason is required').max(255),
  /**
   * Promotional coins (decision 029): a credit is spendable but never becomes an interlocutor's earnings; a
   * debit takes promotional coins first (a promotional grant taken back).
   */
  promotional: z.boolean().default(false),
  /** Generated once per form submission by the client; a repeated submission posts nothing new. */
  request_id: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid request id'),
});
export type BalanceAdjustmentBody = z.infer<typeof balanceAdjustmentBodySchema>;

export const banBodySchema = z.object({ reason: z.string().trim().max(255).optional() });

const colorSchema = z
  .string({ error: 'Border colour is required' })
  .trim()
  .regex(/^(#[0-9a-fA-F]{6}|[a-z][a-z-]{1,31})$/, 'Use a colour name (purple) or a hex colour (#7c3aed)');

export const roomBodySchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(100),
  border_color: colorSchema,
  is_hidden: z.boolean().default(false),
});
export type RoomBody = z.infer<typeof roomBodySchema>;
export const reorderBodySchema = z.object({ ids: z.array(jsonIdSchema).min(1).max(1000) });

export const bundleBodySchema = z.object({
  description: z.string().trim().min(1, 'Description is required').max(255),
  price_cents: z.number().int().min(1, 'Price must be positive').max(100_000_000),
  points: z.number().int().min(1, 'Points must be positive').max(100_000_000),
  position: z.number().int().min(0).max(10_000).default(0),
  is_active: z.boolean().default(true),
});
export type BundleBody = z.infer<typeof bundleBodySchema>;

export const currencyBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'Use a three-letter code (EUR)'),
  symbol: z.string().trim().min(1, 'Symbol is required').max(8),
  value: z.number().positive('Value must be positive').max(1_000_000),
  is_default: z.boolean().default(false),
});
export type CurrencyBody = z.infer<typeof currencyBodySchema>;

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/\S+$/, 'Use an http(s) address');
export const socialLinkBodySchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(100),
  link: httpUrl,
  img: z
    .string()
    .trim()
    .min(1, 'Image is required')
    .max(500)
    .regex(/^(https?:\/\/|\/)\S+$/, 'Use an http(s) address or a path'),
  position: z.number().int().min(0).max(10_000).default(0),
});
export type SocialLinkBody = z.infer<typeof socialLinkBodySchema>;

export const staticPageBodySchema = z.object({
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and dashes')
    .max(120),
  title: z.string().trim().min(1, 'Title is required').max(200),
  content: z.string().max(200_000),
  is_terms: z.boolean().default(false),
  is_privacy: z.boolean().default(false),
  is_buyer_terms: z.boolean().default(false),
  is_seller_terms: z.boolean().default(false),
  is_cookie: z.boolean().default(false),
});
export type StaticPageBody = z.infer<typeof staticPageBodySchema>;

export const faqBodySchema = z.object({
  question: z.string().trim().min(1, 'Question is required').max(500),
  answer: z.string().trim().min(1, 'Answer is required').max(20_000),
  position: z.number().int().min(0).max(10_000).default(0),
});
export type FaqBody = z.infer<typeof faqBodySchema>;

export const languageBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Use a language code (en, de, pt-BR)'),
  title: z.string().trim().min(1, 'Title is required').max(64),
  is_default: z.boolean().default(false),
});
export type LanguageBody = z.infer<typeof languageBodySchema>;

export const localizationKeyQuerySchema = adminListQuerySchema.extend({ missing: z.enum(['yes', 'no']).optional() });
export const localizationBodySchema = z.object({
  key: z.string().trim().min(1, 'Key is required').max(128),
  value: z.string().max(10_000),
});
export type LocalizationBody = z.infer<typeof localizationBodySchema>;

export const languageParamSchema = z.object({ id: idSchema });

export const topicCloseBodySchema = z.object({ reason: z.string().trim().max(255).optional() });
export const reportActionBodySchema = z.object({ action: z.enum(['dismiss', 'close_topic', 'ban_user']), note: z.string().trim().max(255).optional() });
export type ReportActionBody = z.infer<typeof reportActionBodySchema>;
export const rejectBodySchema = z.object({ reason: z.string().trim().max(500).optional() });
/** Rejecting an interlocutor application says why: the applicant is told the reason (issue 33). */
export const rejectApplicationBodySchema = z.object({ reason: z.string({ error: 'A reason is required' }).trim().min(1, 'A reason is required').max(500) });

export const productBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100),
    description: z.string().trim().max(500).default(''),
    kind: z.enum(productKinds),
    look: z.string().trim().min(1, 'Look is required').max(20),
    price_cents: z.number().int().min(1, 'Price must be positive').max(100_000_000),
    position: z.number().int().min(0).max(10_000).default(0),
    is_active: z.boolean().default(true),
  })
  .refine((p) => isLookValue(p.kind, p.look), { path: ['look'], message: 'This look does not exist for this kind' });
export type ProductBody = z.infer<typeof productBodySchema>;

export const adminTopicsQuerySchema = adminListQuerySchema.extend({
  status: z.enum(['open', 'closed']).optional(),
  room_id: idSchema.optional(),
  user_id: idSchema.optional(),
  chat_mode: z.enum(['human', 'ai']).optional(),
});
export const adminReportsQuerySchema = adminListQuerySchema.extend({
  status: z.enum(['open', 'resolved', 'dismissed']).optional(),
  type: z.enum(['topic', 'user']).optional(),
});
export const adminApplicationsQuerySchema = adminListQuerySchema.extend({ status: z.enum(['pending', 'approved', 'rejected']).optional() });
export const adminPayoutsQuerySchema = adminListQuerySchema.extend({ status: z.enum(['pending', 'approved', 'paid', 'rejected']).optional() });

/** Content rules (issue 15): a word or phrase, or an RE2 regular expression, with its action. */
export const contentRuleKinds = ['word', 'regex'] as const;
export const contentRuleActions = ['refuse', 'mask', 'hold'] as const;
export const contentRuleBodySchema = z.object({
  kind: z.enum(contentRuleKinds),
  pattern: z.string().trim().min(1, 'Enter a word, a phrase or a pattern').max(500, 'At most 500 characters'),
  action: z.enum(contentRuleActions),
  is_active: z.boolean().default(true),
});
export type ContentRuleBody = z.infer<typeof contentRuleBodySchema>;
export const contentRuleSchema = z.object({
  id: z.number().int(),
  kind: z.enum(contentRuleKinds),
  pattern: z.string(),
  action: z.enum(contentRuleActions),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContentRule = z.infer<typeof contentRuleSchema>;
export const heldDecisionBodySchema = z.object({ decision: z.enum(['approve', 'reject']) });
