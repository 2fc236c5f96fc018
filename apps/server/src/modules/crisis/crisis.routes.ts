import { crisisCountryCodeSchema, crisisPageSlug, envelopeSchema, crisisCardSchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getCrisisConfig, selectHelplines, useCrisisRuntime, watchCrisisConfig } from './crisis.service.js';

const helplinesQuerySchema = z.object({ country: crisisCountryCodeSchema.optional(), language: z.string().min(2).max(8).optional() });

/**
 * Crisis care's public side (issue 36 §1): the helplines for a country, for the crisis page and anyone without an
 * account. The writer's card itself comes with the send's answer (messages.routes.ts).
 */
export const crisisRoutes: FastifyPluginAsyncZod = async (app) => {
  useCrisisRuntime(app.db, { sealKey: app.config.payoutEncryptionKey, log: app.log });
  const unwatch = watchCrisisConfig(app.bus, app.db);
  app.addHook('onClose', async () => unwatch());

  app.get(
    '/crisis/helplines',
    { schema: { tags: ['crisis'], querystring: helplinesQuerySchema, response: { 200: envelopeSchema(crisisCardSchema) } } },
    async (request) => {
      const config = await getCrisisConfig(app.db);
      const chosen = selectHelplines(config.directory, request.query.country ?? null, config.defaultCountry, request.query.language ?? null);
      return { status: 'OK' as const, payload: { ...chosen, page_slug: crisisPageSlug } };
    },
  );
};
