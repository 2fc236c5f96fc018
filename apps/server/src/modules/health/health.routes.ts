import { sql } from 'kysely';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isRedisUp } from '../../lib/redis.js';

const DATABASE_TIMEOUT_MS = 2000;

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

/**
 * Liveness (no I/O: also the benchmark's ceiling) and readiness: every dependency
 * answers (database; Redis when configured). A 503 names what failed, so a balancer
 * stops routing here and an operator knows where to look; it turns 200 again by itself.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['ops'] }, config: { rateLimit: false } }, async () => ({ status: 'OK', payload: null }));
  app.get('/ready', { schema: { tags: ['ops'] }, config: { rateLimit: false } }, async (_request, reply) => {
    // Draining (SIGTERM, plugins/drain.ts): the balancer moves away while this instance still serves.
    if (app.draining) return reply.status(503).send({ status: 'ERROR', payload: null, message: 'Shutting down', errors: {} });
    const checks: Record<string, Promise<boolean>> = {
      database: withTimeout(sql`select 1`.execute(app.db), DATABASE_TIMEOUT_MS).then(
        () => true,
        () => false,
      ),
    };
    if (app.redis) checks.redis = isRedisUp(app.redis);
    const results = await Promise.all(Object.entries(checks).map(async ([name, check]) => [name, await check] as const));
    const failed = results.filter(([, ok]) => !ok).map(([name]) => name);
    const payload = Object.fromEntries(results.map(([name, ok]) => [name, ok ? 'up' : 'down']));
    if (failed.length === 0) return { status: 'OK', payload };
    const errors = Object.fromEntries(failed.map((name) => [name, [`${name} unavailable`]]));
    return reply.status(503).send({ status: 'ERROR', payload: null, message: `Unavailable: ${failed.join(', ')}`, errors });
  });
};
