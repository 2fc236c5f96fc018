import {
  adminApplicationsQuerySchema,
  adminResponses,
  adminPayoutsQuerySchema,
  adminRatingsQuerySchema,
  adminRatingsResponseSchema,
  adminReportsQuerySchema,
  adminTopicsQuerySchema,
  idParamSchema,
  rejectApplicationBodySchema,
  rejectBodySchema,
  reportActionBodySchema,
  topicCloseBodySchema,
} from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/responses.js';
import { actorOf } from './admin-actor.js';
import * as contributors from './admin-contributors.service.js';
import * as moderation from './admin-moderation.service.js';
import { listRatingsForAdmin } from '../ratings/ratings.service.js';

const tags = ['admin'];

/** Topics, the reports queue, interlocutor applications and payouts. */
export const adminModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/topics', { schema: { tags, querystring: adminTopicsQuerySchema, response: { 200: adminResponses.topics } } }, async (request) => ({
    status: 'OK' as const,
    payload: await moderation.listTopics(actorOf(app, request), request.query),
  }));
  app.get('/topics/:id', { schema: { tags, params: idParamSchema, response: { 200: adminResponses.topic, ...errorResponses(404) } } }, async (request) => ({
    status: 'OK' as const,
    payload: await moderation.getTopic(actorOf(app, request), request.params.id),
  }));
  app.post(
    '/topics/:id/close',
    { schema: { tags, params: idParamSchema, body: topicCloseBodySchema, response: { 200: adminResponses.topicClosed, ...errorResponses(404) } } },
    async (request) => ({
      status: 'OK' as const,
      message: 'Topic closed',
      payload: await moderation.closeTopic(actorOf(app, request), app.bus, request.params.id, request.body.reason),
    }),
  );

  app.get('/reports', { schema: { tags, querystring: adminReportsQuerySchema, response: { 200: adminResponses.reports } } }, async (request) => ({
    status: 'OK' as const,
    payload: await moderation.listReports(actorOf(app, request), request.query),
  }));
  app.post(
    '/reports/:id/decide',
    { schema: { tags, params: idParamSchema, body: reportActionBodySchema, response: { 200: adminResponses.reportDecided, ...errorResponses(404, 409) } } },
    async (request) => ({
      status: 'OK' as const,
      message: 'Report decided',
      payload: await moderation.actOnReport(actorOf(app, request), app.bus, request.params.id, request.body),
    }),
  );

  // Ratings per pairing, with who rated whom (issue 35 §3): only here, never to the people rated.
  app.get('/ratings', { schema: { tags, querystring: adminRatingsQuerySchema, response: { 200: adminRatingsResponseSchema } } }, async (request) => ({
    status: 'OK' as const,
    payload: { ratings: await listRatingsForAdmin(app.db, request.query.topic_id) },
  }));

  app.get(
    '/applications',
    { schema: { tags, querystring: adminApplicationsQuerySchema, response: { 200: adminResponses.applications } } },
    async (request) => ({
      status: 'OK' as const,
      payload: await contributors.listApplications(actorOf(app, request), request.query),
    }),
  );
  app.post(
    '/applications/:id/approve',
    { schema: { tags, params: idParamSchema, response: { 200: adminResponses.application, ...errorResponses(404, 409) } } },
    async (request) => ({
      status: 'OK' as const,
      payload: await contributors.decideApplication(actorOf(app, request), request.params.id, 'approve'),
    }),
  );
  app.post(
    '/applications/:id/reject',
    { schema: { tags, params: idParamSchema, body: rejectApplicationBodySchema, response: { 200: adminResponses.application, ...errorResponses(404, 409) } } },
    async (request) => ({
      status: 'OK' as const,
      payload: await contributors.decideApplication(actorOf(app, request), request.params.id, 'reject', request.body.reason),
    }),
  );

  app.get('/payouts', { schema: { tags, querystring: adminPayoutsQuerySchema, response: { 200: adminResponses.payouts } } }, async (request) => ({
    status: 'OK' as const,
    payload: await contributors.listPayouts(actorOf(app, request), request.query),
  }));
  app.get(
    '/payouts/:id/details',
    { schema: { tags, params: idParamSchema, response: { 200: adminResponses.payoutDetails, ...errorResponses(404) } } },
    async (request) => ({
      status: 'OK' as const,
      payload: await contributors.viewPayoutDetails(actorOf(app, request), app.config.payoutEncryptionKey, request.params.id),
    }),
  );
  for (const [path, decision] of [
    ['approve', 'approve'],
    ['mark-paid', 'mark_paid'],
    ['reject', 'reject'],
  ] as const) {
    app.post(
      `/payouts/:id/${path}`,
      { schema: { tags, params: idParamSchema, body: rejectBodySchema, response: { 200: adminResponses.payout, ...errorResponses(404, 409) } } },
      async (request) => ({
        status: 'OK' as const,
        payload: await contributors.decidePayout(actorOf(app, request), app.bus, request.params.id, decision, request.body.reason),
      }),
    );
  }
};
