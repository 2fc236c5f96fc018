import { z } from 'zod';
import { limits } from './constants.js';
import { texts } from './texts.js';

/**
 * Passkeys (WebAuthn, issue 36 §3). The ceremony payloads are the WebAuthn JSON forms
 * (`PublicKeyCredentialCreationOptionsJSON`, `RegistrationResponseJSON`, …) that @simplewebauthn
 * produces and reads; these schemas bound their sizes and shapes at the edge.
 */
const t = texts.passkeys;
export const passkeyLimits = { perUser: 10, nameMax: 64 } as const;

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);
const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8);
const extensionResults = z.record(z.string().max(64), z.unknown());
const passkeyName = z
  .string({ error: t.name })
  .trim()
  .min(1, { error: t.name })
  .max(passkeyLimits.nameMax, { error: `Must be at most ${passkeyLimits.nameMax} characters` });

/** What the authenticator answers to `navigator.credentials.create` (RegistrationResponseJSON). */
export const registrationResponseSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65536),
    authenticatorData: base64url(65536).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
});

/** What the authenticator answers to `navigator.credentials.get` (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(65536),
    signature: base64url(8192),
    userHandle: base64url(1024).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
});

/** `POST /api/user/passkeys/options`: the password again, as for turning on an authenticator app. */
export const passkeyRegistrationOptionsBodySchema = z.object({
  password: z.string().min(1, { error: texts.auth.passwordRequired }).max(limits.passwordMax),
});
/** `POST /api/user/passkeys`: the answer to the options, and a name (default: "Passkey n"). */
export const passkeyRegisterBodySchema = z.object({ name: passkeyName.optional(), response: registrationResponseSchema });
export const passkeyRenameBodySchema = z.object({ name: passkeyName });
export const passkeyRemoveBodySchema = passkeyRegistrationOptionsBodySchema;
/** `POST /api/passkey/sign-in`: the attempt's secret from the options and the authenticator's answer. */
export const passkeySignInBodySchema = z.object({ attempt: base64url(64).min(16), response: authenticationResponseSchema });

/**
 * New recovery codes: proved with a code (authenticator app or recovery code) or, for an account whose second
 * factor is a passkey, with a passkey's signature over a sign-in attempt's challenge (issue 36).
 */
export const regenerateRecoveryCodesBodySchema = z
  .object({
    code: z.string().trim().min(1, { error: texts.twoFactor.codeRequired }).max(32).optional(),
    passkey: passkeySignInBodySchema.optional(),
  })
  .refine((body) => body.code !== undefined || body.passkey !== undefined, { error: texts.twoFactor.codeRequired, path: ['code'] });
export type RegenerateRecoveryCodesBody = z.infer<typeof regenerateRecoveryCodesBodySchema>;

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** A synced (multi-device, backed-up) passkey. */
  synced: z.boolean(),
});
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema), limit: z.number().int() });

/** The options for the browser (the WebAuthn JSON forms; `challenge` is base64url). */
const optionsJson = z.looseObject({ challenge: z.string(), timeout: z.number().optional(), rpId: z.string().optional() });
const userVerification = z.enum(['discouraged', 'preferred', 'required']);
/** Registration options as the browser library takes them (PublicKeyCredentialCreationOptionsJSON; the fields the server sets). */
const creationOptionsJson = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(z.object({ id: z.string(), type: z.literal('public-key'), transports: transports.optional() })).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: userVerification.optional(),
      userVerification: userVerification.optional(),
    })
    .optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export const passkeyRegistrationOptionsSchema = z.object({ options: creationOptionsJson });
export const passkeySignInOptionsSchema = z.object({ attempt: z.string(), options: optionsJson });
export const passkeyAddedSchema = z.object({ passkey: passkeySchema, recovery_codes: z.array(z.string()).nullable() });

export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;
export type PasskeyRegisterBody = z.infer<typeof passkeyRegisterBodySchema>;
export type PasskeySignInBody = z.infer<typeof passkeySignInBodySchema>;
export type Passkey = z.infer<typeof passkeySchema>;
export type PasskeyList = z.infer<typeof passkeyListSchema>;
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>;
export type PasskeySignInOptions = z.infer<typeof passkeySignInOptionsSchema>;
export type PasskeyAdded = z.infer<typeof passkeyAddedSchema>;
