import { idParamSchema, pairingResponseSchema, ratePairingBodySchema, rateResponseSchema, ratingSummaryResponseSchema, texts } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/responses.js';
import { currentUser, requireVerified } from '../../plugins/session.js';
import * as ratings from './ratings.service.js';
import './ratings.jobs.js';

/**
 * Ratings (issue 35 §3): `GET /topics/{id}/pairing` (badge, rate and tip offers), `POST /topics/{id}/rating`
 * (once per side and pairing: 409 after), `GET /user/ratings` (own aggregates only, hidden below 5, daily).
 */
export const ratingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock };
  const tags = ['chat'];
  app.addHook('onRequest', requireVerified);
  const guarded = errorResponses(401, 403);

  app.get(
    '/topics/:id/pairing',
    { schema: { tags, params: idParamSchema, response: { 200: pairingResponseSchema, ...guarded, ...errorResponses(404) } } },
    async (request) => ({ status: 'OK' as const, payload: await ratings.getPairing(app.db, currentUser(request).id, request.params.id) }),
  );

  app.post(
    '/topics/:id/rating',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: ratePairingBodySchema,
        response: { 200: rateResponseSchema, ...guarded, ...errorResponses(404, 409) },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      message: texts.ratings.thanks,
      payload: { rating: await ratings.ratePairing(deps, currentUser(request).id, request.params.id, request.body) },
    }),
  );

  app.get('/user/ratings', { schema: { tags, response: { 200: ratingSummaryResponseSchema, ...guarded } } }, async (request) => ({
    status: 'OK' as const,
    payload: await ratings.getRatingSummary(app.db, currentUser(request).id),
  }));
};
