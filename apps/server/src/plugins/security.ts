import rateLimit from '@fastify/rate-limit';
import { texts } from '@parley/contracts';
import { type FastifyInstance } from 'fastify';
import { type Redis } from 'ioredis';
import { AppError } from '../lib/app-error.js';
import { createFallbackRateLimitStore } from '../lib/redis-rate-limit-store.js';
import { type Config } from '../config.js';
import { registerSecurityHeaders } from './security-headers.js';

/** Security headers and the global rate limit. Stricter per-route limits use `config.rateLimit` on the route. */
export async function registerSecurity(app: FastifyInstance, config: Config, redis?: Redis) {
  registerSecurityHeaders(app, config);

  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.globalMax,
    timeWindow: 60_000,
    // Shared counters in Redis while it answers, per-process counters while it does not.
    ...(redis ? { store: createFallbackRateLimitStore(redis, 'parley-rl:', app.log) } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED', texts.common.rateLimited),
  });
}
