import { texts, type ChangePasswordBody, type LoginBody, type PasswordResetBody, type RegisterBody, type UpdateProfileBody } from '@parley/contracts';
import { z } from 'zod';
import { type Config } from '../../config.js';
import { type Db } from '../../db/database.js';
import { AppError, validationError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { type EventBus } from '../../lib/event-bus.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { getDummyHash, hashPassword, verifyPassword } from '../../lib/password.js';
import { enqueueJob } from '../jobs/jobs.registry.js';
import { postEntry } from '../ledger/ledger.service.js';
import { type Mailer } from '../mail/mailer.js';
import { findLanguageId, getLanguageTexts } from '../reference/localization.service.js';
import { getSettings } from '../reference/settings.service.js';
import { validatePhone } from '../users/phone.js';
import * as users from '../users/users.service.js';
import { generateChatAlias } from '../users/chat-name.js';
import { type UserRow } from '../users/users.table.js';
import * as repo from './auth.repository.js';
import { checkField } from '../moderation/content-rules.service.js';
import { verifySecondFactor } from './two-factor.service.js';
import { hasSecondFactor } from './second-factor.js';
import { failedSignInsMail, passwordResetMail, someoneTriedToRegisterMail, verificationMail } from './auth.mails.js';

export interface AuthDeps {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  bus: EventBus;
  /** Wakes the job worker after a request queued work (`app.jobs.kick`). */
  kick: () => void;
}

/** The job that sends a mail carrying a secret link (decision 028; issue 31 findings 7 and 8). */
export const AUTH_MAIL_JOB = 'auth.mail';
export const authMailPayloadSchema = z.object({ kind: z.enum(['reset', 'verify']), email: z.string() });
export type AuthMailPayload = z.infer<typeof authMailPayloadSchema>;

/**
 * Mail with a secret link is queued as a reference (what to send, to which address): the job makes the
 * token and renders the mail when it runs and hands it straight to the mailer, so no link ever sits in
 * the jobs table, and the job forgets its payload once done. The request did no per-account work: a
 * request for an unknown address costs the same statements as one for a registered address.
 */
async function queueAuthMail(deps: AuthDeps, payload: AuthMailPayload): Promise<void> {
  await enqueueJob(deps.db, { kind: AUTH_MAIL_JOB, payload, runAt: deps.clock.now() });
  deps.kick();
}

/** The job's work: looks the address up, and only for an account that should get it makes the token and sends. */
export async function deliverAuthMail(deps: Pick<AuthDeps, 'db' | 'config' | 'clock' | 'mailer'>, payload: AuthMailPayload): Promise<void> {
  const user = await users.findUserByEmail(deps.db, payload.email);
  if (!user || user.banned_at) return;
  if (payload.kind === 'verify') {
    if (!user.email_verified_at) await sendVerification(deps, user);
    return;
  }
  const token = randomToken();
  const now = deps.clock.now();
  await repo.invalidateOpenTokens(deps.db, user.id, 'reset', now.toISOString());
  await repo.insertEmailToken(deps.db, {
    user_id: user.id,
    kind: 'reset',
    token_hash: sha256(token),
    expires_at: new Date(now.getTime() + RESET_TTL_MS).toISOString(),
    created_at: now.toISOString(),
  });
  const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  await deps.mailer.send(passwordResetMail(user, link, await getLanguageTexts(deps.db, user.language_id)));
}

/**
 * Sockets opened with ended sessions close on every instance (and every instance's session cache
 * drops them): one `session.ended` per session, published after the deleting transaction committed.
 */
export async function announceEndedSessions(bus: EventBus, userId: number, sessionIds: string[]): Promise<void> {
  await Promise.all(sessionIds.map((sessionId) => bus.publish({ type: 'session.ended', userId, sessionId }).catch(() => undefined)));
}

const VERIFY_TTL_MS = 24 * 3600_000;
const RESET_TTL_MS = 60 * 60_000;

export type LoginResult = { kind: 'ok'; user: UserRow } | { kind: 'verify'; email: string } | { kind: 'two_factor'; passkey: boolean };

export async function login(deps: AuthDeps, body: LoginBody): Promise<LoginResult> {
  const user = await users.findUserByEmail(deps.db, body.email);
  const passwordOk = await verifyPassword(user?.password_hash ?? (await getDummyHash()), body.password);
  if (!user || !passwordOk) {
    throw new AppError('VALIDATION', texts.auth.invalidCredentials, { email: [texts.auth.invalidCredentials] });
  }
  if (user.banned_at) throw new AppError('FORBIDDEN', texts.auth.accountBanned);
  if (deps.config.requireEmailVerification && !user.email_verified_at) return { kind: 'verify', email: user.email };
  // Two-factor sign-in (issue 15): the password is right; the code comes with a second request.
  // A passkey counts as the second factor too (issue 36): sign in with it, or with a recovery code.
  if (hasSecondFactor(user)) {
    if (!body.code) return { kind: 'two_factor', passkey: user.passkey_count > 0 };
    await verifySecondFactor({ db: deps.db, clock: deps.clock, appSecret: deps.config.appSecret }, user, body.code);
  }
  return { kind: 'ok', user };
}

/**
 * The owner hears of a burst of failed sign-ins from unknown devices (once per burst, decision 028):
 * roughly when and how many, nothing about who tried. Through the mail outbox, in their language.
 */
export async function noticeFailedSignIns(deps: AuthDeps, email: string, count: number): Promise<void> {
  const user = await users.findUserByEmail(deps.db, email);
  if (!user || user.banned_at) return;
  const quarter = 15 * 60_000;
  const around = `${new Date(Math.floor(deps.clock.now().getTime() / quarter) * quarter).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  await deps.mailer.send(failedSignInsMail(user, { count, time: around }, deps.config.publicUrl, await getLanguageTexts(deps.db, user.language_id)));
}

export type RegisterResult = { kind: 'ok'; user: UserRow } | { kind: 'verify'; email: string };

/** `languageId`: the sign-up request's lang_id; mail and notices go out in it (null or unknown: the default language). */
export async function register(deps: AuthDeps, body: RegisterBody, languageId?: number): Promise<RegisterResult> {
  const { db, clock, config } = deps;
  const settings = await getSettings(db);
  if (!settings.is_reg_enabled) throw new AppError('FORBIDDEN', texts.auth.registrationDisabled);

  const phone = await validatePhone(db, body);
  if ('error' in phone) throw new AppError('VALIDATION', phone.error, { phone: [phone.error] });

  // The argon2 work is done whether or not the address is taken: the answer's timing tells nothing.
  const passwordHash = await hashPassword(body.password);
  const existing = await users.findUserByEmail(db, body.email);
  if (existing) {
    // Without verification there is no way to hide that the address is taken.
    if (!config.requireEmailVerification) throw new AppError('VALIDATION', texts.auth.emailTaken, { email: [texts.auth.emailTaken] });
    // Otherwise answer exactly as for a new account, and tell the owner instead.
    await deps.mailer.send(someoneTriedToRegisterMail(existing.email, config.publicUrl, await getLanguageTexts(db, existing.language_id)));
    return { kind: 'verify', email: body.email };
  }

  const now = clock.now().toISOString();
  const language_id = await findLanguageId(db, languageId);
  const user = await db.transaction().execute(async (trx) => {
    const inserted = await users
      .insertUser(trx, {
        email: body.email,
        password_hash: passwordHash,
        name: body.name,
        chat_name: generateChatAlias(),
        phone: phone.phone,
        phone_country_code: phone.countryCallingCode,
        phone_national_number: phone.nationalNumber,
        email_verified_at: config.requireEmailVerification ? null : now,
        adult_confirmed_at: body.confirm_adult ? now : null,
        language_id,
        created_at: now,
        updated_at: now,
      })
      .catch((error: unknown) => {
        if (String(error).match(/unique|UNIQUE/)) throw new AppError('VALIDATION', texts.auth.emailTaken, { email: [texts.auth.emailTaken] });
        throw error;
      });
    if (settings.initial_points > 0) {
      await postEntry(trx, clock, { userId: inserted.id, amount: settings.initial_points, kind: 'signup_bonus', idempotencyKey: `signup:${inserted.id}` });
    }
    return (await users.findUserById(trx, inserted.id))!;
  });

  if (config.requireEmailVerification) {
    await queueAuthMail(deps, { kind: 'verify', email: user.email });
    return { kind: 'verify', email: user.email };
  }
  return { kind: 'ok', user };
}

async function sendVerification(deps: Pick<AuthDeps, 'db' | 'config' | 'clock' | 'mailer'>, user: UserRow) {
  const token = randomToken();
  const now = deps.clock.now();
  await repo.invalidateOpenTokens(deps.db, user.id, 'verify', now.toISOString());
  await repo.insertEmailToken(deps.db, {
    user_id: user.id,
    kind: 'verify',
    token_hash: sha256(token),
    expires_at: new Date(now.getTime() + VERIFY_TTL_MS).toISOString(),
    created_at: now.toISOString(),
  });
  const link = `${deps.config.publicUrl}/email-verification?id=${user.id}&token=${encodeURIComponent(token)}`;
  await deps.mailer.send(verificationMail(user, link, await getLanguageTexts(deps.db, user.language_id)));
}

/** Always succeeds from the caller's point of view, with the same work whatever the address: no account enumeration. */
export async function resendVerification(deps: AuthDeps, email: string): Promise<void> {
  await queueAuthMail(deps, { kind: 'verify', email });
}

export async function verifyEmail(deps: AuthDeps, userId: number, token: string): Promise<UserRow> {
  const row = await repo.findEmailToken(deps.db, sha256(token), 'verify');
  const now = deps.clock.now().toISOString();
  if (!row || row.user_id !== userId || row.expires_at <= now)
    throw new AppError('VALIDATION', texts.auth.invalidVerificationLink, { token: [texts.auth.invalidVerificationLink] });
  const user = await users.findUserById(deps.db, userId);
  if (!user) throw new AppError('VALIDATION', texts.auth.invalidVerificationLink);
  if (row.used_at && user.email_verified_at) return user; // a second click on the same link is harmless
  if (!(await repo.consumeEmailToken(deps.db, row.id, now)) && !user.email_verified_at) {
    throw new AppError('VALIDATION', texts.auth.invalidVerificationLink, { token: [texts.auth.invalidVerificationLink] });
  }
  return users.updateUser(deps.db, userId, { email_verified_at: user.email_verified_at ?? now, updated_at: now });
}

/** Always succeeds from the caller's point of view, with the same work whatever the address: no account enumeration. */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  await queueAuthMail(deps, { kind: 'reset', email });
}

export async function resetPassword(deps: AuthDeps, body: PasswordResetBody): Promise<void> {
  const invalid = () => new AppError('VALIDATION', texts.auth.invalidResetToken, { token: [texts.auth.invalidResetToken] });
  const row = await repo.findEmailToken(deps.db, sha256(body.token), 'reset');
  const now = deps.clock.now().toISOString();
  if (!row || row.used_at || row.expires_at <= now) throw invalid();
  const user = await users.findUserById(deps.db, row.user_id);
  if (!user || user.email !== body.email) throw invalid();
  const passwordHash = await hashPassword(body.password);
  const ended = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.consumeEmailToken(trx, row.id, now))) throw invalid();
    await users.updateUser(trx, user.id, { password_hash: passwordHash, email_verified_at: user.email_verified_at ?? now, updated_at: now });
    return repo.deleteUserSessions(trx, user.id);
  });
  await announceEndedSessions(deps.bus, user.id, ended);
}

export async function changePassword(deps: AuthDeps, user: UserRow, sessionId: string, body: ChangePasswordBody): Promise<void> {
  if (!(await verifyPassword(user.password_hash, body.current_password))) {
    throw new AppError('VALIDATION', texts.auth.currentPasswordWrong, { current_password: [texts.auth.currentPasswordWrong] });
  }
  const passwordHash = await hashPassword(body.password);
  const ended = await deps.db.transaction().execute(async (trx) => {
    await users.updateUser(trx, user.id, { password_hash: passwordHash, updated_at: deps.clock.now().toISOString() });
    return repo.deleteUserSessions(trx, user.id, sessionId);
  });
  await announceEndedSessions(deps.bus, user.id, ended);
}

export async function updateProfile(deps: AuthDeps, user: UserRow, body: UpdateProfileBody): Promise<UserRow> {
  // The chat name is what strangers see: the content rules apply (issue 15).
  const chatName = body.chat_name !== undefined ? await checkField(deps.db, 'chat_name', body.chat_name) : undefined;
  const phone = await validatePhone(deps.db, body);
  if ('error' in phone) throw new AppError('VALIDATION', phone.error, { phone: [phone.error] });
  if (body.country_id) {
    const country = await users.findCountryName(deps.db, body.country_id);
    if (!country) throw new AppError('VALIDATION', texts.topUp.countryRequired, { country_id: [texts.topUp.countryRequired] });
  }
  return users.updateUser(deps.db, user.id, {
    name: body.name,
    surname: body.surname,
    phone: phone.phone,
    phone_country_code: phone.countryCallingCode,
    phone_national_number: phone.nationalNumber,
    avatar_color: body.avatar_color,
    ...(chatName !== undefined ? { chat_name: chatName } : {}),
    ...(body.country_id !== undefined ? { country_id: body.country_id } : {}),
    ...(body.city !== undefined ? { city: body.city } : {}),
    ...(body.address !== undefined ? { address: body.address } : {}),
    ...(body.zip !== undefined ? { zip: body.zip } : {}),
    updated_at: deps.clock.now().toISOString(),
  });
}

/** An account from before the age check confirms once; a second confirmation keeps the first time. */
export async function confirmAdult(deps: AuthDeps, user: UserRow): Promise<void> {
  await users.confirmAdultOnce(deps.db, user.id, deps.clock.now().toISOString());
}

export const logout = (deps: AuthDeps, sessionId: string) => repo.deleteSession(deps.db, sessionId);

/** The language a signed-in person switched to (the web's language menu): their mail and notices follow it. */
export async function setUserLanguage(deps: Pick<AuthDeps, 'db' | 'clock'>, userId: number, languageId: number): Promise<number> {
  const id = await findLanguageId(deps.db, languageId);
  if (id === null) throw validationError('language_id', texts.profile.languageUnknown);
  await users.updateUser(deps.db, userId, { language_id: id, updated_at: deps.clock.now().toISOString() });
  return id;
}

/** Keeps a request's language on an account that has none yet (no statement when the request names none that exists). */
export async function adoptLanguage(deps: Pick<AuthDeps, 'db' | 'clock'>, userId: number, languageId: number | undefined): Promise<void> {
  const id = await findLanguageId(deps.db, languageId);
  if (id !== null) await users.updateUser(deps.db, userId, { language_id: id, updated_at: deps.clock.now().toISOString() });
}
