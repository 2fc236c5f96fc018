import {
  adminCrisisConfigResponseSchema,
  adminCrisisFlagHandledResponseSchema,
  adminCrisisFlagsResponseSchema,
  crisisConfigInputSchema,
  idParamSchema,
} from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { errorResponses } from '../../plugins/responses.js';
import { forgetCrisisConfig, listCrisisFlags, markCrisisFlagHandled, saveCrisisConfig, viewCrisisConfig } from '../crisis/crisis.service.js';
import { actorOf } from './admin-actor.js';
import { audited } from './admin-audit.js';

const tags = ['admin'];
const flagsQuerySchema = z.object({ status: z.enum(['open', 'handled']).optional() });
const configResponse = { 200: adminCrisisConfigResponseSchema };

/**
 * Crisis care (issue 36 §1): the helplines and the optional moderation endpoint (audited, key sealed), and the
 * flagged conversations at the top of the moderation queue. A save reaches every instance at once.
 */
export const adminCrisisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/crisis', { schema: { tags, response: configResponse } }, async () => ({ status: 'OK' as const, payload: await viewCrisisConfig(app.db) }));

  app.put('/crisis', { schema: { tags, body: crisisConfigInputSchema, response: configResponse } }, async (request) => {
    const saved = await audited(actorOf(app, request), 'crisis.configure', 'crisis_config', async (trx) => {
      const before = await viewCrisisConfig(trx);
      const after = await saveCrisisConfig(trx, app.clock, app.config.payoutEncryptionKey, request.body);
      return { subjectId: 1, before, after, result: after };
    });
    forgetCrisisConfig(app.db);
    await app.bus.invalidate({ kind: 'settings' }).catch((error: unknown) => app.log.error({ err: error }, 'crisis settings invalidation not sent'));
    return { status: 'OK' as const, message: 'Saved', payload: saved };
  });

  app.get('/crisis/flags', { schema: { tags, querystring: flagsQuerySchema, response: { 200: adminCrisisFlagsResponseSchema } } }, async (request) => ({
    status: 'OK' as const,
    payload: { items: await listCrisisFlags(app.db, request.query.status) },
  }));

  app.post(
    '/crisis/flags/:id/handle',
    { schema: { tags, params: idParamSchema, response: { 200: adminCrisisFlagHandledResponseSchema, ...errorResponses(404) } } },
    async (request) => {
      const actor = actorOf(app, request);
      const handled = await audited(actor, 'crisis.flag_handled', 'crisis_flag', async (trx) => {
        const flag = await markCrisisFlagHandled(trx, request.params.id, actor.actorId, actor.clock.now().toISOString());
        if (!flag) throw new AppError('NOT_FOUND', 'No open crisis flag with this id.');
        return { subjectId: flag.id, before: { status: 'open' }, after: { status: 'handled', topic_id: flag.topic_id }, result: flag };
      });
      return { status: 'OK' as const, message: 'Marked handled', payload: handled };
    },
  );
};
