import { languageParamSchema, localizationBodySchema, localizationKeyQuerySchema, settingsSchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgetSettings, getSettings } from '../reference/settings.service.js';
import { actorOf } from './admin-actor.js';
import * as service from './admin-content.service.js';

const tags = ['admin'];

/** Settings (spec §3) and localizations. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/settings', { schema: { tags } }, async () => ({ status: 'OK', payload: await getSettings(app.db) }));

  app.put('/settings', { schema: { tags, body: settingsSchema.partial() } }, async (request) => {
    const payload = await service.updateSettings(actorOf(app, request), request.body);
    // Instances cache settings in memory: this one forgets now, the others when the bus tells them.
    forgetSettings(app.db);
    await app.bus.invalidate({ kind: 'settings' }).catch((error: unknown) => request.log.error({ err: error }, 'settings invalidation not sent'));
    return { status: 'OK', message: 'Settings saved', payload };
  });

  app.get('/languages/:id/localizations', { schema: { tags, params: languageParamSchema, querystring: localizationKeyQuerySchema } }, async (request) => ({
    status: 'OK',
    payload: await service.listLocalizationKeys(actorOf(app, request), request.params.id, {
      ...request.query,
      order: request.query.sort ? request.query.order : 'asc',
    }),
  }));

  app.put('/languages/:id/localizations', { schema: { tags, params: languageParamSchema, body: localizationBodySchema } }, async (request) => ({
    status: 'OK',
    message: 'Saved',
    payload: await service.saveLocalization(actorOf(app, request), request.params.id, request.body.key, request.body.value),
  }));

  app.delete(
    '/languages/:id/localizations/:key',
    { schema: { tags, params: languageParamSchema.extend({ key: z.string().min(1).max(128) }) } },
    async (request) => ({
      status: 'OK',
      message: 'Deleted',
      payload: await service.deleteLocalization(actorOf(app, request), request.params.id, request.params.key),
    }),
  );
};
