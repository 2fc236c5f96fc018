import { z } from 'zod';
import { requiredString } from './auth.js';
import { limits } from './constants.js';
import { texts } from './texts.js';

const t = texts.contributor;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const applicationStatuses = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** Nickname is a one-line input; the three descriptions are textareas with the spec's 500-character limit. */
export const applicationLimits = {
  nickname: 100,
  experience: limits.textareaMax,
  interests: limits.textareaMax,
  help_description: limits.textareaMax,
} as const;

/** Spec §5 Application, fields in the form's order. */
export const contributorApplicationBodySchema = z.object({
  nickname: requiredString(t.nicknameRequired, applicationLimits.nickname),
  email: z
    .string({ error: texts.auth.emailRequired })
    .trim()
    .min(1, { error: texts.auth.emailRequired, abort: true })
    .max(254, { error: 'Must be at most 254 characters' })
    .regex(emailPattern, { error: texts.auth.invalidEmail })
    .transform((v) => v.toLowerCase()),
  experience: requiredString(t.experienceRequired, applicationLimits.experience),
  interests: requiredString(t.interestsRequired, applicationLimits.interests),
  help_description: requiredString(t.helpRequired, applicationLimits.help_description),
});
export type ContributorApplicationBody = z.infer<typeof contributorApplicationBodySchema>;
export type ContributorApplicationInput = z.input<typeof contributorApplicationBodySchema>;

export const contributorApplicationSchema = z.object({
  id: z.number().int(),
  status: z.enum(applicationStatuses),
  nickname: z.string(),
  email: z.string(),
  experience: z.string(),
  interests: z.string(),
  help_description: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type ContributorApplication = z.infer<typeof contributorApplicationSchema>;

/** GET /become-contributor/status: has_application false and application null before any (clients also read a 404 as none, spec §4). */
export const applicationStatusResponseSchema = z.object({
  has_application: z.boolean(),
  application: contributorApplicationSchema.nullable(),
});
export type ApplicationStatusResponse = z.infer<typeof applicationStatusResponseSchema>;

/** POST /become-contributor: the application, in the payload and (spec §7) at the top level. */
export const applicationSubmittedSchema = z.object({
  status: z.literal('OK'),
  message: z.string(),
  payload: z.object({ application: contributorApplicationSchema }),
  application: contributorApplicationSchema,
});
/** GET /become-contributor/status: in the payload and (spec §7) at the top level. */
export const applicationStatusEnvelopeSchema = applicationStatusResponseSchema.extend({
  status: z.literal('OK'),
  payload: applicationStatusResponseSchema,
});
