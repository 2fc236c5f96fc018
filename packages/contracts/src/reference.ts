import { z } from 'zod';
import { idSchema } from './envelope.js';

export const languageSchema = z.object({ id: z.number().int(), code: z.string(), title: z.string(), default: z.union([z.literal(0), z.literal(1)]) });
export type Language = z.infer<typeof languageSchema>;

export const countrySchema = z.object({ id: z.number().int(), title: z.string(), iso: z.string(), dial_code: z.string() });
export type Country = z.infer<typeof countrySchema>;

export const currencySchema = z.object({ id: z.number().int(), code: z.string(), value: z.number(), symbol: z.string(), default: z.boolean() });
export type Currency = z.infer<typeof currencySchema>;

export const faqSchema = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;

export const socialLinkSchema = z.object({ id: z.number().int(), title: z.string(), link: z.string(), img: z.string() });
export type SocialLink = z.infer<typeof socialLinkSchema>;

export const staticPageSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  is_terms: z.boolean(),
  is_privacy: z.boolean(),
  is_buyer_terms: z.boolean(),
  is_seller_terms: z.boolean(),
  is_cookie: z.boolean(),
});
export type StaticPage = z.infer<typeof staticPageSchema>;
export const staticPageSummarySchema = staticPageSchema.omit({ content: true });
export type StaticPageSummary = z.infer<typeof staticPageSummarySchema>;

const retentionDays = z.number().int().min(0).max(36_500);

/** Every setting of spec §3, with its type. Public ones are served by GET /settings. */
export const settingsSchema = z.object({
  requisites: z.array(z.string().max(200)).length(3),
  copyright: z.string().max(200),
  /** Empty until the operator sets it (the footer then shows none). */
  support_email: z.union([z.literal(''), z.string().email().max(200)]),
  support_phone: z.string().max(40),
  is_reg_enabled: z.boolean(),
  min_top_up_amount: z.number().int().min(1).max(100_000),
  vat_percent: z.number().min(0).max(100),
  points_convertion_rate: z.number().int().min(1).max(100_000),
  initial_points: z.number().int().min(0).max(1_000_000),
  new_topic_cost: z.number().int().min(0).max(1_000_000),
  video_attachment_cost: z.number().int().min(0).max(1_000_000),
  audio_attachment_cost: z.number().int().min(0).max(1_000_000),
  image_attachment_cost: z.number().int().min(0).max(1_000_000),
  document_attachment_cost: z.number().int().min(0).max(1_000_000),
  message_symbol_cost: z.number().int().min(0).max(10_000),
  channel_status_cost: z.number().int().min(0).max(1_000_000),
  channel_status_duration: z.number().int().min(1).max(52),
  max_channel_topics: z.number().int().min(1).max(50),
  bot_reply_interval_min: z.number().min(0).max(600),
  bot_reply_interval_max: z.number().min(0).max(600),
  /**
   * The built-in companion (topics without a persona) waits the human-like delay above before it answers
   * (issue 34). Off by default: it starts writing at once; personas have their own `human_delay`.
   */
  bot_reply_delay_enabled: z.boolean(),
  bot_conversation_history_limit: z.number().int().min(1).max(100),
  /** Tokens the AI companion may use per calendar month (UTC); 0: no limit. Beyond it the companion answers with the unavailable notice. */
  llm_monthly_token_budget: z.number().int().min(0).max(1_000_000_000_000),
  /** Estimated price of 1,000 tokens in euros, for the admin's cost view. */
  llm_price_per_1k_tokens: z.number().min(0).max(1000),
  contributor_share_percent: z.number().int().min(0).max(100),
  /** Payout limits in euros; a maximum of 0 means no maximum. */
  payout_min_amount: z.number().min(0).max(1_000_000),
  payout_max_amount: z.number().min(0).max(10_000_000),
  companion_name: z.string().min(1).max(50),
  /** An unpaid top-up or order is canceled after this many hours. */
  checkout_expiry_hours: z.number().int().min(1).max(720),
  /** Contributor earnings stay pending this many days before they can be paid out. */
  earnings_hold_days: z.number().int().min(0).max(365),
  /** The built-in content rule: emails, phone numbers, links and messenger handles are masked (issue 15). */
  mask_contact_details: z.boolean(),
  /**
   * Retention (issue 30), in days; 0 keeps forever. The hourly `retention.prune` job deletes what is older.
   * Messages are always kept (no message retention).
   */
  retention_notifications_days: retentionDays,
  retention_audit_log_days: retentionDays,
  /** At least a week: a gateway redelivers an event for days, and the recorded event is what makes it count once. */
  retention_payment_events_days: retentionDays.refine((days) => days === 0 || days >= 7, 'Keep payment events at least 7 days (0: forever)'),
  /** Held messages once decided (approved or rejected), counted from the decision. */
  retention_held_messages_days: retentionDays,
  retention_done_jobs_days: retentionDays,
  retention_dead_jobs_days: retentionDays,
  /** Attachments of deleted accounts' messages (rows and stored files), counted from the deletion. */
  retention_deleted_account_files_days: retentionDays,
  /** 'Top rated' badge on an interlocutor's chat name (issue 35 §3): an average of at least this, from at least `rating_top_min_count` ratings. */
  rating_top_threshold: z.number().min(1).max(5),
  rating_top_min_count: z.number().int().min(5).max(100_000),
  /** The tip amounts offered in chat, in coins (issue 35 §4); a custom amount is always possible. */
  tip_presets: z.array(z.number().int().min(1).max(100_000)).length(3),
  tag_script: z.string().max(10_000),
  /** Issue 35 §1: an interlocutor's Available lapses to Away after this many minutes without activity in the app. */
  oncall_idle_minutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
});
export type Settings = z.infer<typeof settingsSchema>;
/** Settings safe to show to anyone. */
/** What GET /settings answers: the settings plus facts of the deployment the pages must show. */
export const publicSettingsSchema = settingsSchema.extend({
  /** Payments take test cards only (the sandbox gateway): no real money moves. */
  test_payments: z.boolean(),
  /** No model configured: the offline demo companion answers in AI chats. */
  demo_companion: z.boolean(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const localizationsSchema = z.record(z.string(), z.string());
export const staticPageParamSchema = z.object({ idOrSlug: z.string().min(1).max(120) });
export const localizationsQuerySchema = z.object({ lang_id: idSchema.optional() });
export const phoneCountryResponseSchema = z.object({ iso: z.string().nullable() });
