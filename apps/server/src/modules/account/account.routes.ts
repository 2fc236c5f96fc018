import { deleteAccountBodySchema, messageEnvelopeSchema, texts } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearSessionCookie, currentUser, requireAuth } from '../../plugins/session.js';
import * as account from './account.service.js';

/** Data rights in account settings (issue 15): GET /api/user/export (a ZIP), POST /api/user/delete. */
import { zipResponse } from '../../plugins/responses.js';
import { errorResponses } from '../../plugins/responses.js';
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock, bus: app.bus, storage: app.storage, appSecret: app.config.appSecret };
  // Both are heavy or final: the sign-in limits apply, per IP.
  const limited = { rateLimit: { max: app.config.rateLimit.authMax, timeWindow: app.config.rateLimit.authWindowMs } };

  app.get(
    '/user/export',
    { schema: { tags: ['profile'], response: { 200: zipResponse } }, preHandler: requireAuth, config: limited },
    async (request, reply) => {
      const day = app.clock.now().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="parley-data-${day}.zip"`)
        .header('Cache-Control', 'no-store')
        .send(account.exportAccount(deps, currentUser(request)));
    },
  );

  app.post(
    '/user/delete',
    {
      schema: { tags: ['profile'], body: deleteAccountBodySchema, response: { 200: messageEnvelopeSchema, ...errorResponses(409) } },
      preHandler: requireAuth,
      config: limited,
    },
    async (request, reply) => {
      await account.deleteAccount(deps, currentUser(request), request.body);
      clearSessionCookie(reply, app.config);
      return { status: 'OK' as const, message: texts.account.deleted, payload: null };
    },
  );
};
