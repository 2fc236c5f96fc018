import { createRequire } from 'node:module';
import { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { type FastifyBaseLogger } from 'fastify';
import { type Redis } from 'ioredis';
import { redisMonitorOf } from './redis.js';

type RouteStoreOptions = Parameters<FastifyRateLimitStore['child']>[0];
type Store = FastifyRateLimitStore & { read?: unknown };
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

// The plugin's own stores (no typings for the deep paths).
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (continueExceeding?: boolean, exponentialBackoff?: boolean) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => Store;

/**
 * Counts in Redis (shared by every instance) while Redis answers, in this
 * process's memory while it does not: a Redis outage makes limits per-instance
 * for a while, never a failed or stalled request. Recovery is automatic.
 */
export function createFallbackRateLimitStore(redis: Redis, nameSpace: string, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  // Logged by the Redis monitor (lib/redis.ts), once when Redis goes and once when it is back, not per request.
  const monitor = redisMonitorOf(redis, log);
  const degrade = (error: Error | null) => monitor.fail(error ?? new Error(`redis ${redis.status}`));
  const recover = () => monitor.succeed();

  class FallbackStore implements FastifyRateLimitStore {
    constructor(
      options: StoreOptions,
      private readonly shared: Store = new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace),
      private readonly local: Store = new LocalStore(options.continueExceeding, options.exponentialBackoff),
    ) {}

    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number, max: number) {
      // Not connected: do not even try (no offline queue, no wait for a reconnect).
      if (redis.status !== 'ready') {
        degrade(null);
        return this.local.incr(key, callback, timeWindow, max);
      }
      this.shared.incr(
        key,
        (error, result) => {
          if (error || !result) {
            degrade(error);
            return this.local.incr(key, callback, timeWindow, max);
          }
          recover();
          callback(null, result);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteStoreOptions) {
      const options = routeOptions as RouteStoreOptions & StoreOptions;
      return new FallbackStore(options, this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  return FallbackStore as unknown as FastifyRateLimitStoreCtor;
}

/** Failures of one key: how many, and when the last one happened (the app clock's ms). */
export interface FailureCount {
  count: number;
  lastAt: number;
}

/**
 * Counters for limits that count only some outcomes and can be reset (sign-in failures, decision 028),
 * next to the rate-limit plugin's store: in Redis (shared by every instance) while it answers, in this
 * process's memory while it does not or without REDIS_URL. Every key lives at most its `ttlMs`.
 */
export interface CounterStore {
  read(key: string): Promise<FailureCount | null>;
  /** Counts one failure at `nowMs`; the key is kept `ttlMs` after this failure. */
  fail(key: string, nowMs: number, ttlMs: number): Promise<FailureCount>;
  reset(key: string): Promise<void>;
  /** Marks a key for `ttlMs`; true only for the call that set it (once per window). */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /** Remembers a key for `ttlMs` (again: longer). */
  remember(key: string, ttlMs: number): Promise<void>;
  has(key: string): Promise<boolean>;
}

const MAX_LOCAL_KEYS = 100_000;

function createLocalCounterStore(): CounterStore {
  const entries = new Map<string, { count: number; lastAt: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const put = (key: string, value: { count: number; lastAt: number; expiresAt: number }) => {
    entries.delete(key);
    if (entries.size >= MAX_LOCAL_KEYS) entries.delete(entries.keys().next().value!);
    entries.set(key, value);
  };
  return {
    async read(key) {
      const entry = live(key);
      return entry ? { count: entry.count, lastAt: entry.lastAt } : null;
    },
    async fail(key, nowMs, ttlMs) {
      const count = (live(key)?.count ?? 0) + 1;
      put(key, { count, lastAt: nowMs, expiresAt: Date.now() + ttlMs });
      return { count, lastAt: nowMs };
    },
    async reset(key) {
      entries.delete(key);
    },
    async claim(key, ttlMs) {
      if (live(key)) return false;
      put(key, { count: 1, lastAt: 0, expiresAt: Date.now() + ttlMs });
      return true;
    },
    async remember(key, ttlMs) {
      put(key, { count: 1, lastAt: 0, expiresAt: Date.now() + ttlMs });
    },
    async has(key) {
      return live(key) !== undefined;
    },
  };
}

function createRedisCounterStore(redis: Redis, nameSpace: string): CounterStore {
  const k = (key: string) => `${nameSpace}${key}`;
  return {
    async read(key) {
      const [count, lastAt] = await redis.hmget(k(key), 'count', 'lastAt');
      return count ? { count: Number(count), lastAt: Number(lastAt ?? 0) } : null;
    },
    async fail(key, nowMs, ttlMs) {
      const result = await redis.multi().hincrby(k(key), 'count', 1).hset(k(key), 'lastAt', nowMs).pexpire(k(key), ttlMs).exec();
      const error = result?.find(([e]) => e)?.[0];
      if (!result || error) throw error ?? new Error('redis transaction aborted');
      return { count: Number(result[0]![1]), lastAt: nowMs };
    },
    async reset(key) {
      await redis.del(k(key));
    },
    async claim(key, ttlMs) {
      return (await redis.set(k(key), '1', 'PX', ttlMs, 'NX')) === 'OK';
    },
    async remember(key, ttlMs) {
      await redis.set(k(key), '1', 'PX', ttlMs);
    },
    async has(key) {
      return (await redis.exists(k(key))) === 1;
    },
  };
}

/** Redis while it answers, this process's memory while it does not (like the rate-limit store above). */
export function createFallbackCounterStore(redis: Redis | undefined, nameSpace: string, log: FastifyBaseLogger): CounterStore {
  const local = createLocalCounterStore();
  if (!redis) return local;
  const shared = createRedisCounterStore(redis, nameSpace);
  let isDegraded = false;
  const attempt = async <T>(run: (store: CounterStore) => Promise<T>): Promise<T> => {
    if (redis.status === 'ready') {
      try {
        const result = await run(shared);
        if (isDegraded) log.info('sign-in counters: redis is back, counting across instances');
        isDegraded = false;
        return result;
      } catch (error) {
        if (!isDegraded) log.warn({ err: error }, 'sign-in counters: redis unavailable, counting per process');
        isDegraded = true;
      }
    } else isDegraded = true;
    return run(local);
  };
  return {
    read: (key) => attempt((store) => store.read(key)),
    fail: (key, nowMs, ttlMs) => attempt((store) => store.fail(key, nowMs, ttlMs)),
    reset: (key) => attempt((store) => store.reset(key)),
    claim: (key, ttlMs) => attempt((store) => store.claim(key, ttlMs)),
    remember: (key, ttlMs) => attempt((store) => store.remember(key, ttlMs)),
    has: (key) => attempt((store) => store.has(key)),
  };
}
