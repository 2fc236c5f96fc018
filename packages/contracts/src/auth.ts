import { z } from 'zod';
import { idSchema, jsonIdSchema } from './envelope.js';
import { avatarColors, limits } from './constants.js';
import { texts } from './texts.js';

const t = texts.auth;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Required string: a missing or blank value gives `message`. */
export function requiredString(message: string, max = 255) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });
}

export const emailSchema = (requiredMessage: string = t.emailRequired) =>
  requiredString(requiredMessage, 254)
    .regex(emailPattern, { error: t.invalidEmail })
    .transform((v) => v.toLowerCase());

/** The password character rules of spec §5 plus sane bounds. */
export const passwordSchema = z
  .string({ error: t.passwordRequired })
  .min(1, { error: t.passwordRequired })
  .min(limits.passwordMin, { error: t.passwordLength })
  .max(limits.passwordMax, { error: t.passwordTooLong })
  .regex(/[a-z]/, { error: t.passwordLowercase })
  .regex(/[A-Z]/, { error: t.passwordUppercase })
  .regex(/\d/, { error: t.passwordDigit });

export const loginBodySchema = z.object({
  email: z
    .string({ error: t.emailPasswordRequired })
    .trim()
    .min(1, { error: t.emailPasswordRequired })
    .max(254)
    .regex(emailPattern, { error: t.invalidEmail })
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: t.emailPasswordRequired }).min(1, { error: t.emailPasswordRequired }).max(limits.passwordMax),
  /** The second step of two-factor sign-in: a TOTP code or a recovery code (issue 15). */
  code: z.string().trim().min(1).max(32).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Sign-up, fields in the spec's checking order (spec §5). */
export const registerBodySchema = z
  .object({
    name: requiredString(t.nameRequired, 100),
    email: emailSchema(),
    phone: requiredString(t.validPhoneRequired, limits.phoneMaxLength),
    phoneCountryCode: requiredString(t.validPhoneRequired, 4),
    nationalNumber: requiredString(t.validPhoneRequired, limits.phoneMaxLength),
    password: passwordSchema,
    password_confirmation: z.string({ error: t.confirmPassword }).min(1, { error: t.confirmPassword }).max(limits.passwordMax),
    accept_terms: z.boolean().optional(),
    /**
     * 18 or older (issue 15). Optional (issue 32): the spec's payload has no such field, so a client
     * built to it can sign up; the account is then asked once at its first adult-gated action
     * (403 ADULT_REQUIRED). The web's sign-up form asks and sends `true`; an explicit `false` is refused.
     */
    confirm_adult: z.literal(true, { error: t.adultRequired }).optional(),
  })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], error: t.passwordsDoNotMatch });
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** Client-side sign-up form: the same fields plus the terms checkbox. */
export const signUpFormSchema = z
  .object({
    name: requiredString(t.nameRequired, 100),
    email: emailSchema(),
    phone: z.string(),
    phoneCountryCode: z.string(),
    nationalNumber: z.string(),
    phoneValid: z.boolean().refine((v) => v, { error: t.validPhoneRequired }),
    password: passwordSchema,
    passwordConfirmation: z.string().min(1, { error: t.confirmPassword }),
    acceptTerms: z.boolean().refine((v) => v, { error: t.acceptTerms }),
    confirmAdult: z.boolean().refine((v) => v, { error: t.adultRequired }),
  })
  .refine((v) => v.password === v.passwordConfirmation, { path: ['passwordConfirmation'], error: t.passwordsDoNotMatch });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const emailOnlyBodySchema = z.object({ email: emailSchema(t.resetEmailRequired) });
export type EmailOnlyBody = z.infer<typeof emailOnlyBodySchema>;

export const passwordResetBodySchema = z
  .object({
    token: requiredString(t.invalidResetToken, 200),
    email: emailSchema(),
    password: passwordSchema,
    password_confirmation: z.string().min(1, { error: t.confirmPassword }),
  })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], error: t.passwordsDoNotMatch });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

export const changePasswordBodySchema = z
  .object({
    current_password: z.string().min(1, { error: t.currentPasswordRequired }).max(limits.passwordMax),
    password: passwordSchema,
    password_confirmation: z.string().min(1, { error: t.confirmPassword }),
  })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], error: t.passwordsDoNotMatch });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const verifyEmailQuerySchema = z.object({
  id: idSchema,
  token: z.string().min(1).max(200),
});

export const userProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  phone_country_code: z.string().nullable(),
  phone_national_number: z.string().nullable(),
  avatar_color: z.enum(avatarColors),
  avatarUrl: z.string().nullable(),
  country_id: z.number().int().nullable(),
  country: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  zip: z.string().nullable(),
  post_code: z.string().nullable(),
  balance: z.number().int(),
  points: z.number().int(),
  is_channel: z.boolean(),
  channel_expire_at: z.string().nullable(),
  is_contributor: z.boolean(),
  is_admin: z.boolean(),
  email_verified: z.boolean(),
  /** Confirmed 18 or older (issue 15). */
  adult_confirmed: z.boolean(),
  /** Two-factor sign-in is on (issue 15). */
  two_factor_enabled: z.boolean(),
  /** The name other people see in chats (the approved nickname for interlocutors). */
  chat_name: z.string(),
  /** The language the account reads Parley in (languages.id; null: the default). The web app follows it on every device (issue 33). */
  language_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

const p = texts.profile;
export const updateProfileBodySchema = z.object({
  name: requiredString(p.firstNameRequired, 100),
  surname: requiredString(p.lastNameRequired, 100),
  email: emailSchema().optional(),
  phone: requiredString(t.validPhoneRequired, limits.phoneMaxLength),
  phoneCountryCode: z.string().max(4).optional(),
  nationalNumber: z.string().max(limits.phoneMaxLength).optional(),
  avatar_color: z.string({ error: p.avatarColorRequired }).min(1, { error: p.avatarColorRequired }).max(32),
  /** Absent: unchanged. */
  chat_name: requiredString(p.chatNameRequired, 40).optional(),
  country_id: jsonIdSchema.nullable().optional(),
  city: z.string().trim().max(100).nullable().optional(),
  address: z.string().trim().max(200).nullable().optional(),
  zip: z.string().trim().max(20).nullable().optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const isAuthResponseSchema = z.object({
  status: z.literal('OK'),
  authenticated: z.boolean(),
  emailVerified: z.boolean(),
  payload: z.object({ authenticated: z.boolean(), emailVerified: z.boolean() }),
});

export const loginResponseSchema = z.object({
  status: z.enum(['OK', 'VERIFY', 'TWO_FACTOR']),
  message: z.string().optional(),
  payload: z.object({
    user: userProfileSchema.optional(),
    token: z.string().optional(),
    /** VERIFY: the address the verification mail went to. */
    email: z.string().optional(),
    /** TWO_FACTOR: send the call again with `code` (docs/API.md). */
    two_factor: z.boolean().optional(),
    /** TWO_FACTOR: the account has a passkey, which may answer instead of a code (issue 36). */
    passkey: z.boolean().optional(),
  }),
  data: userProfileSchema.optional(),
  token: z.string().optional(),
});

export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Two-factor sign-in (issue 15). A code: 6 digits from the app, or a recovery code (xxxxx-xxxxx). */
const twoFactorCode = z.string({ error: texts.twoFactor.codeRequired }).trim().min(1, { error: texts.twoFactor.codeRequired }).max(32);
export const twoFactorSetupBodySchema = z.object({ password: z.string().min(1, { error: t.passwordRequired }).max(limits.passwordMax) });
export const twoFactorCodeBodySchema = z.object({ code: twoFactorCode });
export const twoFactorDisableBodySchema = z.object({
  password: z.string().min(1, { error: t.passwordRequired }).max(limits.passwordMax),
  code: twoFactorCode,
});
export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), recovery_codes_left: z.number().int(), required: z.boolean() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

/** 'Delete my account' (issue 15): the password, and the second factor when it is on. */
export const deleteAccountBodySchema = z.object({
  password: z.string({ error: t.passwordRequired }).min(1, { error: t.passwordRequired }).max(limits.passwordMax),
  code: z.string().trim().min(1).max(32).optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** An account from before the age check confirms once (issue 15). */
export const confirmAdultBodySchema = z.object({ confirm: z.literal(true, { error: t.adultRequired }) });

/** `PUT /api/user/language`: the language a signed-in person reads Parley in (mail and notices follow it). */
export const userLanguageBodySchema = z.object({ language_id: idSchema });
export type UserLanguageBody = z.infer<typeof userLanguageBodySchema>;
