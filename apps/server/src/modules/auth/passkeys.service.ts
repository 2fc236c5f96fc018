import { passkeyLimits, texts, type Passkey, type PasskeyRegisterBody, type PasskeySignInBody, type PasskeySignInOptions } from '@parley/contracts';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { englishText } from '@parley/contracts/i18n';
import { type Config } from '../../config.js';
import { type Db, type DbOrTrx } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { AppError, localized } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { hmacSha256, randomToken, sha256 } from '../../lib/crypto.js';
import { verifyPassword } from '../../lib/password.js';
import { recordAudit } from '../audit/audit.service.js';
import { type UserRow } from '../users/users.table.js';
import * as repo from './passkeys.repository.js';
import { type PasskeyRow } from './passkeys.table.js';
import { issueRecoveryCodes } from './two-factor.service.js';

/**
 * Passkeys (WebAuthn through @simplewebauthn/server, issue 36 §3, decision 034h). Discoverable
 * credentials with user verification, so a passkey alone signs in (it is something you have, unlocked
 * by something you know or are) and counts as the second factor where one is required. Each ceremony's
 * challenge is stored server-side, bound to the session (adding) or to the attempt's secret (signing in),
 * used once and kept CHALLENGE_TTL_MS. The signature counter only moves forward.
 */
export interface PasskeyDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'passkeys' | 'appSecret' | 'requireEmailVerification'>;
}

export const CHALLENGE_TTL_MS = 5 * 60_000;
const CEREMONY_TIMEOUT_MS = 120_000;
const t = texts.passkeys;
const failed = () => new AppError('VALIDATION', t.failed, { response: [t.failed] });
const expired = () => new AppError('VALIDATION', t.challengeExpired, { response: [t.challengeExpired] });
const bindingOf = (kind: 'register' | 'sign_in', secret: string) => sha256(`passkey:${kind}:${secret}`);

/** The WebAuthn user handle: stable per account, revealing neither its id nor its address. */
const userHandleOf = (appSecret: string, userId: number) => isoBase64URL.fromBuffer(Buffer.from(hmacSha256(appSecret, `webauthn-user:${userId}`), 'hex'));

const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at,
  last_used_at: row.last_used_at,
  synced: row.backed_up === 1,
});

export async function listPasskeys(db: DbOrTrx, userId: number): Promise<Passkey[]> {
  return (await repo.listPasskeys(db, userId)).map(toPasskey);
}

async function checkPassword(user: UserRow, password: string) {
  if (!(await verifyPassword(user.password_hash, password)))
    throw new AppError('VALIDATION', texts.auth.currentPasswordWrong, { password: [texts.auth.currentPasswordWrong] });
}

const webAuthnTransports = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const isTransport = (value: string): value is (typeof webAuthnTransports)[number] => (webAuthnTransports as readonly string[]).includes(value);

/** Adding, step 1: the password again, then options for `navigator.credentials.create`, the challenge bound to this session. */
export async function startRegistration(deps: PasskeyDeps, user: UserRow, sessionId: string, password: string) {
  await checkPassword(user, password);
  const existing = await repo.listPasskeys(deps.db, user.id);
  if (existing.length >= passkeyLimits.perUser) throw new AppError('CONFLICT', localized('passkeys.tooMany', { limit: passkeyLimits.perUser }));
  const options: PublicKeyCredentialCreationOptionsJSON = await generateRegistrationOptions({
    rpName: deps.config.passkeys.rpName,
    rpID: deps.config.passkeys.rpId,
    userName: user.email,
    userDisplayName: user.name,
    userID: isoBase64URL.toBuffer(userHandleOf(deps.config.appSecret, user.id)),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports ? p.transports.split(',') : undefined })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const now = deps.clock.now();
  await repo.saveChallenge(deps.db, {
    challenge: options.challenge,
    kind: 'register',
    user_id: user.id,
    binding_hash: bindingOf('register', sessionId),
    expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
    created_at: now.toISOString(),
  });
  // The server library types a descriptor's `type` and transports as strings; the contract names the WebAuthn values.
  const excludeCredentials = options.excludeCredentials?.map((credential) => ({
    id: credential.id,
    type: 'public-key' as const,
    transports: credential.transports?.filter(isTransport),
  }));
  return { options: { ...options, excludeCredentials } };
}

export interface Registered {
  passkey: Passkey;
  /** Shown once when the passkey is the account's first second factor; null otherwise. */
  recovery_codes: string[] | null;
  /** The passkey made this account two-factor: its other sessions (password alone) are to end. */
  isFirstSecondFactor: boolean;
}

/** Adding, step 2: the authenticator's answer is checked against this session's challenge, once. */
export async function finishRegistration(deps: PasskeyDeps, user: UserRow, sessionId: string, body: PasskeyRegisterBody): Promise<Registered> {
  const now = deps.clock.now().toISOString();
  const challenge = await repo.takeChallenge(deps.db, bindingOf('register', sessionId), 'register', now);
  if (!challenge || challenge.user_id !== user.id) throw expired();
  const verification = await verifyRegistrationResponse({
    response: body.response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: [...deps.config.passkeys.origins],
    expectedRPID: deps.config.passkeys.rpId,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw failed();
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;

  return deps.db.transaction().execute(async (trx) => {
    const fresh = (await repo.findAccount(trx, user.id))!;
    const count = (await repo.listPasskeys(trx, user.id)).length;
    if (count >= passkeyLimits.perUser) throw new AppError('CONFLICT', localized('passkeys.tooMany', { limit: passkeyLimits.perUser }));
    const name = body.name ?? englishText('passkeys.defaultName', { n: count + 1 });
    const id = await repo
      .insertPasskey(trx, {
        user_id: user.id,
        credential_id: credential.id,
        public_key: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: (credential.transports ?? body.response.response.transports ?? []).join(','),
        device_type: credentialDeviceType,
        backed_up: credentialBackedUp ? 1 : 0,
        name,
        created_at: now,
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', t.alreadyRegistered);
        throw error;
      });
    await repo.syncPasskeyCount(trx, user.id, now);
    const isFirstSecondFactor = fresh.passkey_count === 0 && fresh.totp_enabled_at === null;
    // Without an authenticator app the account had no recovery codes: a lost passkey must not lock it out.
    const recoveryCodes = isFirstSecondFactor ? await issueRecoveryCodes(trx, user.id, now) : null;
    await recordAudit(trx, deps.clock, { actorId: user.id, action: 'passkey.add', subjectType: 'passkey', subjectId: id, after: { name } });
    const row = (await repo.findPasskey(trx, user.id, id))!;
    return { passkey: toPasskey(row), recovery_codes: recoveryCodes, isFirstSecondFactor };
  });
}

export async function renamePasskey(deps: PasskeyDeps, user: UserRow, id: number, name: string): Promise<Passkey> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await repo.findPasskey(trx, user.id, id);
    if (!before || !(await repo.renamePasskey(trx, user.id, id, name))) throw new AppError('NOT_FOUND', t.notFound);
    await recordAudit(trx, deps.clock, {
      actorId: user.id,
      action: 'passkey.rename',
      subjectType: 'passkey',
      subjectId: id,
      before: { name: before.name },
      after: { name },
    });
    return toPasskey({ ...before, name });
  });
}

/** Removing takes the password; an admin keeps at least one second factor. The last one gone (no app): recovery codes go. */
export async function removePasskey(deps: PasskeyDeps, user: UserRow, id: number, password: string): Promise<void> {
  await checkPassword(user, password);
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const before = await repo.findPasskey(trx, user.id, id);
    if (!before) throw new AppError('NOT_FOUND', t.notFound);
    const fresh = (await repo.findAccount(trx, user.id))!;
    if (fresh.role === 'admin' && fresh.totp_enabled_at === null && fresh.passkey_count <= 1) throw new AppError('FORBIDDEN', t.adminMustKeep);
    if (!(await repo.deletePasskey(trx, user.id, id))) throw new AppError('NOT_FOUND', t.notFound);
    const left = await repo.syncPasskeyCount(trx, user.id, now);
    if (left === 0 && fresh.totp_enabled_at === null) await repo.deleteRecoveryCodes(trx, user.id);
    await recordAudit(trx, deps.clock, { actorId: user.id, action: 'passkey.remove', subjectType: 'passkey', subjectId: id, before: { name: before.name } });
  });
}

/** Signing in, step 1: options with no account named (the authenticator offers its passkeys for this site), and the attempt's secret. */
export async function startSignIn(deps: PasskeyDeps): Promise<PasskeySignInOptions> {
  const options = await generateAuthenticationOptions({ rpID: deps.config.passkeys.rpId, userVerification: 'required', timeout: CEREMONY_TIMEOUT_MS });
  const attempt = randomToken(24);
  const now = deps.clock.now();
  await repo.saveChallenge(deps.db, {
    challenge: options.challenge,
    kind: 'sign_in',
    user_id: null,
    binding_hash: bindingOf('sign_in', attempt),
    expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
    created_at: now.toISOString(),
  });
  return { attempt, options: { ...options } };
}

export type PasskeySignInResult = { kind: 'ok'; user: UserRow } | { kind: 'verify'; email: string };

/** Signing in, step 2: the passkey's signature over the attempt's challenge, its counter moving forward, the account in good standing. */
export async function finishSignIn(deps: PasskeyDeps, body: PasskeySignInBody): Promise<PasskeySignInResult> {
  const passkey = await verifyAssertion(deps, body);
  const user = await repo.findAccount(deps.db, passkey.user_id);
  if (!user || user.deleted_at) throw new AppError('VALIDATION', t.unknownPasskey, { response: [t.unknownPasskey] });
  if (user.banned_at) throw new AppError('FORBIDDEN', texts.auth.accountBanned);
  await recordAudit(deps.db, deps.clock, { actorId: user.id, action: 'passkey.sign_in', subjectType: 'passkey', subjectId: passkey.id });
  if (deps.config.requireEmailVerification && !user.email_verified_at) return { kind: 'verify', email: user.email };
  return { kind: 'ok', user };
}

/**
 * A signed-in account proves its second factor with one of its passkeys (issue 36): new recovery codes for an
 * account without an authenticator app. Someone else's passkey is refused like a bad signature.
 */
export async function confirmWithPasskey(deps: PasskeyDeps, user: UserRow, body: PasskeySignInBody): Promise<void> {
  const passkey = await verifyAssertion(deps, body);
  if (passkey.user_id !== user.id) throw failed();
}

/** The attempt's challenge taken (once), the passkey's signature over it verified, its counter moved forward. */
async function verifyAssertion(deps: PasskeyDeps, body: PasskeySignInBody) {
  const now = deps.clock.now().toISOString();
  const challenge = await repo.takeChallenge(deps.db, bindingOf('sign_in', body.attempt), 'sign_in', now);
  if (!challenge) throw expired();
  const passkey = await repo.findPasskeyByCredentialId(deps.db, body.response.id);
  if (!passkey) throw new AppError('VALIDATION', t.unknownPasskey, { response: [t.unknownPasskey] });
  const handle = body.response.response.userHandle;
  if (handle !== undefined && handle !== userHandleOf(deps.config.appSecret, passkey.user_id)) throw failed();
  const verification = await verifyAuthenticationResponse({
    response: body.response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: [...deps.config.passkeys.origins],
    expectedRPID: deps.config.passkeys.rpId,
    credential: {
      id: passkey.credential_id,
      publicKey: isoBase64URL.toBuffer(passkey.public_key),
      counter: passkey.counter,
      transports: passkey.transports ? (passkey.transports.split(',') as never[]) : undefined,
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw failed();
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  // A counter that did not move forward (a cloned authenticator, or a replay racing this one) is refused.
  if (!(await repo.recordPasskeyUse(deps.db, passkey.id, { oldCounter: passkey.counter, newCounter, backedUp: credentialBackedUp, now }))) throw failed();
  return passkey;
}
