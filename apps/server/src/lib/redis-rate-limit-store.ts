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
