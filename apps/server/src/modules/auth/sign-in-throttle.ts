import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type Config } from '../../config.js';
import { type Clock } from '../../lib/clock.js';
import { hmacSha256, randomToken, safeEqual, sha256 } from '../../lib/crypto.js';
import { type CounterStore, type FailureCount } from '../../lib/redis-rate-limit-store.js';

/**
 * Sign-in throttling per account (decision 028). Only failures count (a wrong password or code).
 * Each account has separate buckets: one per device that signed in before (its signed, HttpOnly
 * "known device" cookie), one per address a sign-in succeeded from, and one for everything else
 * ("unknown"), which is all a stranger can fill. Past `accountMax` failures in a bucket each further
 * attempt waits 2, 4, 8 … s (up to `accountMaxDelayMs`) after the last failure; a success empties the
 * bucket of that device or address. An unknown device with the right password and a valid second factor
 * gets through even while its bucket waits.
 */

export const knownDeviceCookie = 'parley_device';
const MAX_DEVICES_PER_BROWSER = 5;
const KNOWN_DEVICE_TTL_S = 365 * 24 * 3600;
const KNOWN_ADDRESS_TTL_MS = 90 * 24 * 3600_000;

export type Bucket = { kind: 'device'; id: string } | { kind: 'address'; ip: string } | { kind: 'unknown' };

export interface Attempt {
  /** The account's key (a hash of the case-folded address: no email in Redis). */
  account: string;
  bucket: Bucket;
  /** Seconds to wait before this bucket may try again (0: may try now). */
  retryAfterS: number;
}

export function createSignInThrottle(deps: { config: Config; clock: Clock; store: CounterStore }) {
  const { config, clock, store } = deps;
  const { accountMax, accountWindowMs, accountMaxDelayMs } = config.rateLimit;
  const ttlMs = accountWindowMs + accountMaxDelayMs;
  const macFor = (account: string, nonce: string) => hmacSha256(config.appSecret, `known-device\0${account}\0${nonce}`).slice(0, 32);
  const devicesIn = (request: FastifyRequest) =>
    (request.cookies[knownDeviceCookie] ?? '')
      .slice(0, 1000)
      .split('~')
      .filter((entry) => /^[\w-]{1,40}\.[0-9a-f]{32}$/.test(entry))
      .slice(0, MAX_DEVICES_PER_BROWSER);
  const bucketKey = (account: string, bucket: Bucket) =>
    `signin:${account}:${bucket.kind === 'device' ? `d:${bucket.id}` : bucket.kind === 'address' ? `a:${bucket.ip}` : 'u'}`;

  /** Seconds until the bucket may try again. */
  const waitOf = (failures: FailureCount | null) => {
    if (!failures || failures.count < accountMax) return 0;
    const delayMs = Math.min(accountMaxDelayMs, 1000 * 2 ** Math.min(30, failures.count - accountMax + 1));
    return Math.max(0, Math.ceil((failures.lastAt + delayMs - clock.now().getTime()) / 1000));
  };

  return {
    /** Which bucket this request falls in for the account, and whether it must wait. */
    async attempt(request: FastifyRequest, email: string): Promise<Attempt> {
      const account = sha256(email.trim().toLowerCase()).slice(0, 32);
      const device = devicesIn(request).find((entry) => {
        const [nonce, mac] = entry.split('.') as [string, string];
        return safeEqual(mac, macFor(account, nonce));
      });
      const bucket: Bucket = device
        ? { kind: 'device', id: device.split('.')[0]! }
        : (await store.has(`signin-known:${account}:${request.ip}`))
          ? { kind: 'address', ip: request.ip }
          : { kind: 'unknown' };
      return { account, bucket, retryAfterS: waitOf(await store.read(bucketKey(account, bucket))) };
    },

    /**
     * A wrong password or code: counted in the attempt's bucket. Returns how many failures the bucket
     * holds, when it must wait next, and whether this failure starts a burst on the unknown bucket the
     * owner should hear about (once per burst: until the failures are forgotten).
     */
    async failed(attempt: Attempt): Promise<{ count: number; retryAfterS: number; notifyOwner: boolean }> {
      const failures = await store.fail(bucketKey(attempt.account, attempt.bucket), clock.now().getTime(), ttlMs);
      let notifyOwner = false;
      if (attempt.bucket.kind === 'unknown' && failures.count >= accountMax) {
        const noticeKey = `signin-notice:${attempt.account}`;
        notifyOwner = await store.claim(noticeKey, ttlMs);
        if (!notifyOwner) await store.remember(noticeKey, ttlMs); // the burst goes on: still one notice
      }
      return { count: failures.count, retryAfterS: waitOf(failures), notifyOwner };
    },

    /** A sign-in succeeded: this device or address starts afresh and is known from now on. */
    async succeeded(attempt: Attempt, request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (attempt.bucket.kind !== 'unknown') await store.reset(bucketKey(attempt.account, attempt.bucket));
      await store.remember(`signin-known:${attempt.account}:${request.ip}`, KNOWN_ADDRESS_TTL_MS);
      if (attempt.bucket.kind === 'device') return;
      const nonce = randomToken(12);
      const entries = [`${nonce}.${macFor(attempt.account, nonce)}`, ...devicesIn(request)].slice(0, MAX_DEVICES_PER_BROWSER);
      reply.setCookie(knownDeviceCookie, entries.join('~'), {
        path: '/api',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.publicUrl.startsWith('https://'),
        maxAge: KNOWN_DEVICE_TTL_S,
      });
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
