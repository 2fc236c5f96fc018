import { envelopeSchema, errorEnvelopeSchema, messageEnvelopeSchema, readinessSchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkDependencies } from './health.service.js';

/**
 * Liveness (no I/O: also the benchmark's ceiling) and readiness. Ready means this instance can serve:
 * the database answers and has every migration of this code. Redis down is *degraded*, not unready
 * (decision 030): every instance loses a shared Redis at once, and a proxy that health-checks readiness
 * would then drain them all, while each still serves every request (per-instance rate limits, push to
 * its own sockets only). The body says `redis: 'down'`. A 503 names what failed, so a balancer stops
 * routing here and an operator knows where to look; it turns 200 again by itself.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['ops'], response: { 200: messageEnvelopeSchema } }, config: { rateLimit: false } }, async () => ({
    status: 'OK' as const,
    payload: null,
  }));
  app.get(
    '/ready',
    { schema: { tags: ['ops'], response: { 200: envelopeSchema(readinessSchema), 503: errorEnvelopeSchema } }, config: { rateLimit: false } },
    async (_request, reply) => {
      // Draining (SIGTERM, plugins/drain.ts): the balancer moves away while this instance still serves.
      if (app.draining) return reply.status(503).send({ status: 'ERROR', payload: null, message: 'Shutting down', errors: {} });
      const { states, pending } = await checkDependencies(app);
      const errors: Record<string, string[]> = {};
      if (states.database === 'down') errors.database = ['database unavailable'];
      if (states.migrations === 'pending') errors.migrations = [`${pending.length} migrations not applied (run npm run migrate): ${pending.join(', ')}`];
      const failed = Object.keys(errors);
      if (failed.length > 0) return reply.status(503).send({ status: 'ERROR', payload: null, message: `Unavailable: ${failed.join(', ')}`, errors });
      return states.redis === 'down' ? { status: 'OK' as const, payload: states, message: 'Degraded: redis' } : { status: 'OK' as const, payload: states };
    },
  );
};
