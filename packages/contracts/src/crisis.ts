import { z } from 'zod';
import { envelopeSchema } from './envelope.js';

/**
 * Crisis care (issue 36 §1): the helplines a writer in crisis is shown, the card that carries them, and the
 * operator's configuration. Helplines are per country (ISO 3166-1 alpha-2, or `INT` for the international
 * fallback); each says which languages it answers in and carries a short note per language.
 */
export const crisisCountryCodeSchema = z.string().regex(/^([A-Z]{2}|INT)$/, 'A two-letter country code (ISO 3166-1) or INT');

export const helplineSchema = z.object({
  name: z.string().min(1).max(120),
  phone: z.string().max(40).nullable().default(null),
  /** A text line: an SMS number or a chat address in words ("Text HOME to 741741"). */
  text: z.string().max(120).nullable().default(null),
  url: z.string().url().max(300).nullable().default(null),
  /** Language codes the line answers in ('en', 'de', …). */
  languages: z.array(z.string().min(2).max(8)).max(12).default([]),
  /** A short note per language code (hours, who it is for); English is the fallback. */
  notes: z.record(z.string().min(2).max(8), z.string().max(300)).default({}),
});
export type Helpline = z.infer<typeof helplineSchema>;

export const helplineDirectorySchema = z
  .record(crisisCountryCodeSchema, z.array(helplineSchema).min(1).max(12))
  .refine((directory) => directory.INT !== undefined, { message: 'The international fallback (INT) is required' });
export type HelplineDirectory = z.infer<typeof helplineDirectorySchema>;

/** A helpline as a card shows it: its note already in the reader's language. */
export const crisisHelplineSchema = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  text: z.string().nullable(),
  url: z.string().nullable(),
  note: z.string().nullable(),
});
export type CrisisHelpline = z.infer<typeof crisisHelplineSchema>;

/** The calm card only the writer of a message that suggests risk sees, with the send's answer. */
export const crisisCardSchema = z.object({
  /** The country whose helplines these are (INT: the international fallback). */
  country: z.string(),
  helplines: z.array(crisisHelplineSchema),
  /** The crisis page (a static page with the reserved slug). */
  page_slug: z.string(),
});
export type CrisisCard = z.infer<typeof crisisCardSchema>;

/** What /admin → Crisis care shows: never the moderation key, only whether one is set and its last four characters. */
export const crisisConfigSchema = z.object({
  moderation_enabled: z.boolean(),
  moderation_url: z.string(),
  moderation_model: z.string(),
  moderation_timeout_ms: z.number().int(),
  moderation_key_set: z.boolean(),
  moderation_key_last4: z.string().nullable(),
  default_country: z.string(),
  helplines: helplineDirectorySchema,
  /** False while the shipped directory is in use. */
  helplines_customised: z.boolean(),
});
export type CrisisConfig = z.infer<typeof crisisConfigSchema>;

export const crisisConfigInputSchema = z.object({
  moderation_enabled: z.boolean(),
  /** The endpoint's base URL; `/v1/moderations` (or `/moderations` after a `/v1` base) is appended. */
  moderation_url: z.union([z.literal(''), z.string().url().max(300)]),
  moderation_model: z.string().max(100).default(''),
  moderation_timeout_ms: z.number().int().min(100).max(10_000),
  /** Absent: keep the stored key; empty: remove it. */
  moderation_key: z.string().max(300).optional(),
  default_country: crisisCountryCodeSchema,
  /** Null: back to the shipped directory. */
  helplines: helplineDirectorySchema.nullable(),
});
export type CrisisConfigInput = z.infer<typeof crisisConfigInputSchema>;

/** A conversation the recogniser flagged, at the top of the moderation queue. No message text. */
export const crisisFlagSchema = z.object({
  id: z.number().int(),
  topic_id: z.number().int(),
  topic_title: z.string(),
  status: z.enum(['open', 'handled']),
  source: z.enum(['offline', 'endpoint']),
  messages_count: z.number().int(),
  first_at: z.string(),
  last_at: z.string(),
  handled_at: z.string().nullable(),
});
export type CrisisFlag = z.infer<typeof crisisFlagSchema>;

/** The admin answers of /admin/crisis (issue 36 §1): the configuration, the flagged conversations, a flag handled. */
export const adminCrisisConfigResponseSchema = envelopeSchema(crisisConfigSchema);
export const adminCrisisFlagsResponseSchema = envelopeSchema(z.object({ items: z.array(crisisFlagSchema) }));
export const adminCrisisFlagHandledResponseSchema = envelopeSchema(z.object({ id: z.number().int(), topic_id: z.number().int() }));
