import { adminResponses, languageParamSchema, localizationBodySchema, localizationKeyQuerySchema, settingsSchema, texts } from '@parley/contracts';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgetLocalizations } from '../reference/localization.service.js';
import { forgetSettings, getSettings } from '../reference/settings.service.js';
import { errorResponses } from '../../plugins/responses.js';
import { actorOf } from './admin-actor.js';
import * as service from './admin-content.service.js';

const tags = ['admin'];

/** Settings (spec §3) and localizations. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/settings', { schema: { tags, response: { 200: adminResponses.settings } } }, async () => ({
    status: 'OK' as const,
    payload: await getSettings(app.db),
  }));

  app.put('/settings', { schema: { tags, body: settingsSchema.partial(), response: { 200: adminResponses.settings } } }, async (request) => {
    const payload = await service.updateSettings(actorOf(app, request), request.body);
    // Instances cache settings in memory: this one forgets now, the others when the bus tells them.
    forgetSettings(app.db);
    await app.bus.invalidate({ kind: 'settings' }).catch((error: unknown) => request.log.error({ err: error }, 'settings invalidation not sent'));
    return { status: 'OK' as const, message: 'Settings saved', payload };
  });

  app.get(
    '/languages/:id/localizations',
    {
      schema: {
        tags,
        params: languageParamSchema,
        querystring: localizationKeyQuerySchema,
        response: { 200: adminResponses.localizationKeys, ...errorResponses(404) },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      payload: await service.listLocalizationKeys(actorOf(app, request), request.params.id, {
        ...request.query,
        order: request.query.sort ? request.query.order : 'asc',
      }),
    }),
  );

  // Instances cache each language's texts: the write announced itself before its commit, and again after it here, so no
  // instance keeps what it read in between (this one forgets at once).
  const localizationsChanged = async (request: FastifyRequest) => {
    forgetLocalizations(app.db);
    await app.bus.invalidate({ kind: 'localizations' }).catch((error: unknown) => request.log.error({ err: error }, 'localizations invalidation not sent'));
  };

  app.put(
    '/languages/:id/localizations',
    {
      schema: { tags, params: languageParamSchema, body: localizationBodySchema, response: { 200: adminResponses.localizationSaved, ...errorResponses(404) } },
    },
    async (request) => {
      const payload = await service.saveLocalization(actorOf(app, request), request.params.id, request.body.key, request.body.value);
      await localizationsChanged(request);
      return { status: 'OK' as const, message: texts.admin.saved, payload };
    },
  );

  app.delete(
    '/languages/:id/localizations/:key',
    {
      schema: {
        tags,
        params: languageParamSchema.extend({ key: z.string().min(1).max(128) }),
        response: { 200: adminResponses.deleted, ...errorResponses(404) },
      },
    },
    async (request) => {
      const payload = await service.deleteLocalization(actorOf(app, request), request.params.id, request.params.key);
      await localizationsChanged(request);
      return { status: 'OK' as const, message: 'Deleted', payload };
    },
  );
};
