import { type FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** Bounded waits for a dependency that can fail: a command never holds a request longer than this. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * The command connection. Redis may go away at any time: commands then fail at
 * once (no offline queue piling up, one try, a short timeout) and callers fall
 * back (per-process rate limits, polling clients); the client reconnects on its own.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    // Commands issued in one turn of the event loop (rate-limit counts, a send's publishes) go out in one write.
    enableAutoPipelining: true,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(200 * attempt, 2000),
  });
  let isUp = false;
  redis.on('ready', () => {
    if (!isUp) log.info('redis connected');
    isUp = true;
  });
  redis.on('error', (error: Error) => {
    if (isUp) log.warn({ err: error }, 'redis unavailable');
    isUp = false;
  });
  return redis;
}

/** True when Redis answers a PING within the command timeout. */
export async function isRedisUp(redis: Redis): Promise<boolean> {
  if (redis.status !== 'ready') return false;
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
}
