import { idParamSchema, presenceResponseSchema, queueResponseSchema, updatePresenceBodySchema, waitInfoResponseSchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireVerified } from '../../plugins/session.js';
import { errorResponses } from '../../plugins/responses.js';
import * as oncall from './oncall.service.js';

/** Issue 35 §1–§2: interlocutors on call (availability, the live queue) and the payer's wait. Seats are taken by POST /topics/join. */
export const oncallRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock, bus: app.bus, hasPush: app.config.push !== undefined };
  const tags = ['on call'];
  app.addHook('onRequest', requireVerified);
  const guarded = errorResponses(401, 403);

  app.get('/oncall/presence', { schema: { tags, response: { 200: presenceResponseSchema, ...guarded } } }, async (request) => ({
    status: 'OK' as const,
    payload: { presence: await oncall.getPresence(deps, currentUser(request)) },
  }));

  app.put('/oncall/presence', { schema: { tags, body: updatePresenceBodySchema, response: { 200: presenceResponseSchema, ...guarded } } }, async (request) => ({
    status: 'OK' as const,
    payload: { presence: await oncall.updatePresence(deps, currentUser(request), request.body) },
  }));

  app.post('/oncall/activity', { schema: { tags, response: { 200: presenceResponseSchema, ...guarded } } }, async (request) => ({
    status: 'OK' as const,
    payload: { presence: await oncall.reportActivity(deps, currentUser(request)) },
  }));

  app.get('/oncall/queue', { schema: { tags, response: { 200: queueResponseSchema, ...guarded } } }, async (request) => ({
    status: 'OK' as const,
    payload: await oncall.getQueue(deps, currentUser(request)),
  }));

  app.get(
    '/topics/:id/wait',
    { schema: { tags, params: idParamSchema, response: { 200: waitInfoResponseSchema, ...guarded, ...errorResponses(404) } } },
    async (request) => ({
      status: 'OK' as const,
      payload: { wait: await oncall.getWaitInfo(deps, currentUser(request).id, request.params.id) },
    }),
  );
};
