import { type FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { DependencyMonitor, type MonitorLog } from './dependency-monitor.js';

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
  const monitor = redisMonitorOf(redis, log);
  let connected = false;
  redis.on('ready', () => {
    if (!connected) log.info('redis connected');
    connected = true;
    monitor.succeed();
  });
  // Every reconnect attempt reports an error: the monitor logs the first and counts the rest.
  redis.on('error', (error: Error) => monitor.fail(error));
  return redis;
}

const monitors = new WeakMap<Redis, DependencyMonitor>();

/**
 * How this process meets Redis, shared by the command connection, the event bus and the rate-limit store,
 * so an outage is logged once when it starts and once when it ends (issue 30), not once per command.
 */
export function redisMonitorOf(redis: Redis, log?: MonitorLog): DependencyMonitor {
  let monitor = monitors.get(redis);
  if (!monitor) monitors.set(redis, (monitor = new DependencyMonitor('redis', log, 'rate limits count per instance, push reaches this instance only')));
  else if (log) monitor.attach(log);
  return monitor;
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
