import { type Redis } from 'ioredis';
import { hmacSha256, randomToken, safeEqual } from '../../lib/crypto.js';

/**
 * WebSocket tickets (issue 30 #8): a client that cannot send a cookie or an Authorization header on
 * the upgrade asks `POST /api/ws/ticket` (signed in) and connects with `?ticket=`. A ticket names its
 * session, lives TICKET_TTL_S and is good once: a URL that lands in a proxy's access log is spent.
 * Signed, so any instance can check it; single use is recorded in Redis when configured (every
 * instance), else in this process.
 */
export const TICKET_TTL_S = 30;
const PREFIX = 'wst1';

export interface TicketIssuer {
  issue(sessionId: string, nowMs: number): string;
  /** The session the ticket names, if it is genuine, unexpired and not used before; marks it used. */
  redeem(ticket: string, nowMs: number): Promise<string | undefined>;
}

export function createTicketIssuer(appSecret: string, redis?: Redis): TicketIssuer {
  const used = new Map<string, number>();
  const sign = (body: string) => hmacSha256(appSecret, `ws-ticket:${body}`);

  const markUsed = async (nonce: string, expiresMs: number, nowMs: number): Promise<boolean> => {
    for (const [key, expiry] of used) if (expiry <= nowMs) used.delete(key);
    if (used.has(nonce)) return false;
    used.set(nonce, expiresMs);
    if (!redis || redis.status !== 'ready') return true;
    try {
      const set = await redis.set(`parley-wst:${nonce}`, '1', 'PX', Math.max(1, expiresMs - nowMs), 'NX');
      return set === 'OK';
    } catch {
      return true; // Redis down: single use within this process only (the ticket still expires in seconds).
    }
  };

  return {
    issue(sessionId, nowMs) {
      const body = `${PREFIX}.${sessionId}.${Math.floor(nowMs / 1000) + TICKET_TTL_S}.${randomToken(12)}`;
      return `${body}.${sign(body)}`;
    },
    async redeem(ticket, nowMs) {
      const parts = ticket.split('.');
      if (parts.length !== 5 || parts[0] !== PREFIX) return undefined;
      const [, sessionId, expires, nonce, signature] = parts as [string, string, string, string, string];
      if (!safeEqual(signature, sign(parts.slice(0, 4).join('.')))) return undefined;
      const expiresMs = Number(expires) * 1000;
      if (!Number.isFinite(expiresMs) || expiresMs <= nowMs) return undefined;
      return (await markUsed(nonce, expiresMs, nowMs)) ? sessionId : undefined;
    },
  };
}
