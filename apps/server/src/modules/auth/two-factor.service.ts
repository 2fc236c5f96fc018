import { texts, type TwoFactorSetup, type TwoFactorStatus } from '@parley/contracts';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { randomBytes } from 'node:crypto';
import { type Db, type DbOrTrx } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { sha256 } from '../../lib/crypto.js';
import { verifyPassword } from '../../lib/password.js';
import { open, seal } from '../../lib/secret-box.js';
import { type UserRow } from '../users/users.table.js';
import { hasSecondFactor } from './second-factor.js';
import * as repo from './two-factor.repository.js';

/**
 * Two-factor sign-in with TOTP (RFC 6238) through otplib, issue 15. The secret is sealed at rest with
 * a key derived from APP_SECRET and bound to its user; a code is accepted once (the last accepted
 * 30-second step is kept, and a conditional update lets exactly one of two racing sign-ins use it);
 * ten single-use recovery codes are stored as hashes. Required for payouts and for every admin.
 */
export interface TwoFactorDeps {
  db: Db;
  clock: Clock;
  appSecret: string;
}

const ISSUER = 'Parley';
export const RECOVERY_CODE_COUNT = 10;
const t = texts.twoFactor;

const sealKey = (appSecret: string) => sha256(`parley:totp-secret:${appSecret}`);
const sealContext = (userId: number) => `totp:user:${userId}`;
const sealSecret = (deps: TwoFactorDeps, userId: number, secret: string) => seal(sealKey(deps.appSecret), secret, sealContext(userId));
const openSecret = (deps: TwoFactorDeps, userId: number, sealed: string) => open(sealKey(deps.appSecret), sealed, sealContext(userId));

const invalidCode = () => new AppError('VALIDATION', t.invalidCode, { code: [t.invalidCode] });

/** Recovery codes: 10 base32 characters in two groups (50 bits), e.g. `k3vq7-xm2pa`. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const normalizeRecovery = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');
const hashRecovery = (code: string) => sha256(`recovery:${normalizeRecovery(code)}`);
const looksLikeTotp = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

/** The 30-second step a TOTP code belongs to, when it is valid now (one step of clock drift either way). */
async function matchingStep(secret: string, code: string, now: Date): Promise<number | null> {
  const result = await verify({ secret, token: code.replace(/\s/g, ''), epoch: Math.floor(now.getTime() / 1000), epochTolerance: 30 });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

export const isTwoFactorRequired = (user: Pick<UserRow, 'role' | 'is_contributor'>) => user.role === 'admin' || user.is_contributor === 1;

export async function getStatus(db: DbOrTrx, user: UserRow): Promise<TwoFactorStatus> {
  return {
    enabled: user.totp_enabled_at !== null,
    recovery_codes_left: hasSecondFactor(user) ? await repo.countUnusedRecoveryCodes(db, user.id) : 0,
    required: isTwoFactorRequired(user),
  };
}

/** Step 1: after the password, a new secret waits (sealed) for its first code. */
export async function startSetup(deps: TwoFactorDeps, user: UserRow, password: string): Promise<TwoFactorSetup> {
  if (user.totp_enabled_at) throw new AppError('CONFLICT', t.alreadyOn);
  if (!(await verifyPassword(user.password_hash, password)))
    throw new AppError('VALIDATION', texts.auth.currentPasswordWrong, { password: [texts.auth.currentPasswordWrong] });
  const secret = generateSecret();
  await repo.setPendingSecret(deps.db, user.id, sealSecret(deps, user.id, secret), deps.clock.now().toISOString());
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
}

/** Step 2: the first code proves the app has the secret; two-factor is on, ten recovery codes are shown once. */
export async function enable(deps: TwoFactorDeps, user: UserRow, code: string): Promise<string[]> {
  if (user.totp_enabled_at) throw new AppError('CONFLICT', t.alreadyOn);
  const pending = await repo.findSecrets(deps.db, user.id);
  if (!pending?.totp_pending_secret) throw new AppError('CONFLICT', t.noSetup);
  const secret = openSecret(deps, user.id, pending.totp_pending_secret);
  const now = deps.clock.now();
  const step = await matchingStep(secret, code, now);
  if (step === null) throw invalidCode();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.transaction().execute(async (trx) => {
    // Only the request that moves the pending secret in wins; a second racing enable finds none.
    const moved = await repo.activatePendingSecret(trx, user.id, pending.totp_pending_secret!, step, now.toISOString());
    if (!moved) throw new AppError('CONFLICT', t.alreadyOn);
    await repo.replaceRecoveryCodes(trx, user.id, codes.map(hashRecovery), now.toISOString());
  });
  return codes;
}

/**
 * Checks a sign-in's second factor typed in: a TOTP code (each step once) or an unused recovery code
 * (used up; an account whose second factor is a passkey has recovery codes too). Throws the
 * invalid-code error otherwise.
 */
export async function verifySecondFactor(deps: TwoFactorDeps, user: UserRow, code: string): Promise<void> {
  const now = deps.clock.now();
  if (looksLikeTotp(code)) {
    const secrets = await repo.findSecrets(deps.db, user.id);
    if (!secrets?.totp_secret) throw invalidCode();
    const step = await matchingStep(openSecret(deps, user.id, secrets.totp_secret), code, now);
    // A code already used (or an older one) is refused: someone who saw it cannot sign in with it.
    if (step !== null && (await repo.advanceLastStep(deps.db, user.id, step))) return;
    throw invalidCode();
  }
  if (await repo.useRecoveryCode(deps.db, user.id, hashRecovery(code), now.toISOString())) return;
  throw invalidCode();
}

/** Turning it off takes the password and a code; admins must keep it. */
export async function disable(deps: TwoFactorDeps, user: UserRow, password: string, code: string): Promise<void> {
  if (!user.totp_enabled_at) throw new AppError('CONFLICT', t.notOn);
  if (user.role === 'admin') throw new AppError('FORBIDDEN', t.adminMustKeep);
  if (!(await verifyPassword(user.password_hash, password)))
    throw new AppError('VALIDATION', texts.auth.currentPasswordWrong, { password: [texts.auth.currentPasswordWrong] });
  await verifySecondFactor(deps, user, code);
  await deps.db.transaction().execute(async (trx) => {
    await repo.clearTwoFactor(trx, user.id, deps.clock.now().toISOString());
    // With a passkey left the account keeps two factors, and its recovery codes (issue 36).
    if (user.passkey_count === 0) await repo.replaceRecoveryCodes(trx, user.id, [], deps.clock.now().toISOString());
  });
}

/** Support's reset (admin console): two-factor sign-in off, passkeys and recovery codes gone; in the caller's transaction. */
export async function clearTwoFactorFor(db: DbOrTrx, userId: number, now: string): Promise<void> {
  await repo.clearTwoFactor(db, userId, now);
  await repo.replaceRecoveryCodes(db, userId, [], now);
  await repo.clearPasskeys(db, userId);
}

/** Ten new recovery codes for an account (its first passkey, issue 36): the old ones stop working. In the caller's transaction. */
export async function issueRecoveryCodes(db: DbOrTrx, userId: number, now: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await repo.replaceRecoveryCodes(db, userId, codes.map(hashRecovery), now);
  return codes;
}

/**
 * New recovery codes: the old ones stop working. Any second factor will do (issue 36): an account whose only
 * second factor is a passkey has recovery codes too. Proved by a code typed in, or (`passkeyConfirmed`) by the
 * caller having verified one of the account's passkeys.
 */
export async function regenerateRecoveryCodes(deps: TwoFactorDeps, user: UserRow, proof: { code?: string; passkeyConfirmed?: boolean }): Promise<string[]> {
  if (!hasSecondFactor(user)) throw new AppError('CONFLICT', t.notOn);
  if (!proof.passkeyConfirmed) {
    if (!proof.code) throw invalidCode();
    await verifySecondFactor(deps, user, proof.code);
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.transaction().execute((trx) => repo.replaceRecoveryCodes(trx, user.id, codes.map(hashRecovery), deps.clock.now().toISOString()));
  return codes;
}

/** For the demo admin (seed) and tests: a fixed secret, enabled. */
export async function enableWithSecret(deps: TwoFactorDeps, userId: number, secret: string): Promise<void> {
  const now = deps.clock.now().toISOString();
  await repo.setPendingSecret(deps.db, userId, sealSecret(deps, userId, secret), now);
  const pending = (await repo.findSecrets(deps.db, userId))!.totp_pending_secret!;
  await repo.activatePendingSecret(deps.db, userId, pending, 0, now);
}
