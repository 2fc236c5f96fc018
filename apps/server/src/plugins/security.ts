import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { texts } from '@parley/contracts';
import { type FastifyInstance } from 'fastify';
import { type Redis } from 'ioredis';
import { AppError } from '../lib/app-error.js';
import { type Config } from '../config.js';

/** Security headers and the global rate limit. Stricter per-route limits use `config.rateLimit` on the route. */
export async function registerSecurity(app: FastifyInstance, config: Config, redis?: Redis) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.isProduction,
  });

  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.globalMax,
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: 'parley-rl:' } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED', texts.common.rateLimited),
  });
}
