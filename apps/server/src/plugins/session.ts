import { cookieNames, texts, xsrfHeader } from '@parley/contracts';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type Config } from '../config.js';
import { type Db } from '../db/database.js';
import { AppError } from '../lib/app-error.js';
import { type Clock } from '../lib/clock.js';
import { hmacSha256, randomToken, safeEqual, sha256 } from '../lib/crypto.js';
import { type EventBus } from '../lib/event-bus.js';
import { type UserRow } from '../modules/users/users.table.js';
import { hasSecondFactor } from '../modules/auth/second-factor.js';
import { createSessionLookup } from './session-cache.js';
import { insertSession, touchSession } from './session.repository.js';

export interface AuthContext {
  /** A frozen snapshot, shared by the requests of this session; read balances from the ledger where they decide anything. */
  user: UserRow;
  sessionId: string;
  via: 'cookie' | 'bearer';
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Set false on routes that carry their own proof (signed webhooks). */
    csrf?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOUCH_EVERY_MS = 5 * 60_000;

export function sessionCookieOptions(config: Config) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.publicUrl.startsWith('https://') };
}

export function xsrfCookieOptions(config: Config) {
  return { path: '/', httpOnly: false, sameSite: 'lax' as const, secure: config.publicUrl.startsWith('https://') };
}

export function readBearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length <= 200 ? token : undefined;
}

/** Resolves `request.auth` from the session cookie or a bearer token, and enforces CSRF for cookie sessions. */
export function registerSessions(app: FastifyInstance, deps: { db: Db; config: Config; clock: Clock; bus: EventBus }) {
  const { db, config, clock } = deps;
  app.decorateRequest('auth', null);
  const lookup = createSessionLookup(db, deps.bus);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const bearer = readBearer(request);
    const token = bearer ?? request.cookies[cookieNames.session];

    if (!bearer && !SAFE_METHODS.has(request.method) && request.routeOptions.config.csrf !== false && !hasValidXsrf(config, request)) {
      throw new AppError('FORBIDDEN', texts.common.csrfMismatch);
    }
    if (!token || token.length > 200) return;

    const entry = await lookup(sha256(token));
    const now = clock.now();
    if (!entry || entry.expiresAt <= now.toISOString() || entry.user.banned_at) return;

    if (now.getTime() - Date.parse(entry.lastSeenAt) > TOUCH_EVERY_MS) {
      entry.lastSeenAt = now.toISOString();
      entry.expiresAt = new Date(now.getTime() + config.sessionTtlMs).toISOString();
      await touchSession(db, entry.sessionId, entry.lastSeenAt, entry.expiresAt);
    }
    request.auth = { user: entry.user, sessionId: entry.sessionId, via: bearer ? 'bearer' : 'cookie' };
  });
}

export async function createSession(db: Db, config: Config, clock: Clock, userId: number, request: FastifyRequest): Promise<string> {
  const token = randomToken();
  const now = clock.now();
  await insertSession(db, {
    id: sha256(token),
    user_id: userId,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + config.sessionTtlMs).toISOString(),
    user_agent: request.headers['user-agent']?.slice(0, 255) ?? null,
    ip: request.ip.slice(0, 64),
  });
  return token;
}

/** Sets the session cookie and the XSRF token bound to that session. */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(cookieNames.session, token, { ...sessionCookieOptions(config), maxAge: Math.floor(config.sessionTtlMs / 1000) });
  reply.setCookie(cookieNames.xsrf, xsrfTokenFor(config, token), xsrfCookieOptions(config));
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(cookieNames.session, sessionCookieOptions(config));
  reply.setCookie(cookieNames.xsrf, xsrfTokenFor(config), xsrfCookieOptions(config));
}

/**
 * The XSRF token: with a session cookie, an HMAC of that session (another session's
 * token, or one a client chose, never passes); without one, a server-signed random
 * value. Never a value the client supplied.
 */
export function xsrfTokenFor(config: Config, sessionToken?: string): string {
  if (sessionToken) return `s.${hmacSha256(config.appSecret, `xsrf:session:${sha256(sessionToken)}`)}`;
  const nonce = randomToken(18);
  return `a.${nonce}.${hmacSha256(config.appSecret, `xsrf:anonymous:${nonce}`)}`;
}

function hasValidXsrf(config: Config, request: FastifyRequest): boolean {
  const header = request.headers[xsrfHeader];
  let sent = '';
  try {
    sent = typeof header === 'string' ? decodeURIComponent(header) : '';
  } catch {
    return false;
  }
  const sessionToken = request.cookies[cookieNames.session];
  if (sessionToken) return safeEqual(sent, xsrfTokenFor(config, sessionToken));
  // No session (sign-in, sign-up): double submit, and the value must be one we signed.
  const cookie = request.cookies[cookieNames.xsrf];
  const [kind, nonce, mac] = sent.split('.');
  return Boolean(cookie && safeEqual(cookie, sent) && kind === 'a' && nonce && mac && safeEqual(mac, hmacSha256(config.appSecret, `xsrf:anonymous:${nonce}`)));
}

/** Guards: use as `preHandler`. */
export async function requireAuth(request: FastifyRequest) {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', texts.common.unauthenticated);
}

export async function requireVerified(request: FastifyRequest) {
  await requireAuth(request);
  if (!request.auth?.user.email_verified_at) throw new AppError('EMAIL_NOT_VERIFIED', texts.auth.emailNotVerified);
}

export async function requireAdmin(request: FastifyRequest) {
  await requireAuth(request);
  if (request.auth?.user.role !== 'admin') throw new AppError('FORBIDDEN', texts.common.forbidden);
  // Every admin account signs in with two factors (issue 15; a passkey counts, issue 36): until it has them, the console stays shut.
  if (!hasSecondFactor(request.auth.user)) throw new AppError('TWO_FACTOR_REQUIRED', texts.twoFactor.requiredForAdmin);
}

/** The signed-in user; only call behind a guard. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', texts.common.unauthenticated);
  return request.auth.user;
}
