import { envelopeSchema } from '@parley/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Liveness (no I/O: also the benchmark's ceiling) and readiness (database reachable). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['ops'], response: { 200: envelopeSchema(z.null()) } }, config: { rateLimit: false } }, async () => ({
    status: 'OK' as const,
    payload: null,
  }));
  app.get('/ready', { schema: { tags: ['ops'] }, config: { rateLimit: false } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'OK', payload: null };
    } catch {
      return reply.status(503).send({ status: 'ERROR', payload: null, message: 'Database unavailable', errors: {} });
    }
  });
};
