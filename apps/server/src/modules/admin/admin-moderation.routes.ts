import {
  adminApplicationsQuerySchema,
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
import { actorOf } from './admin-actor.js';
import * as contributors from './admin-contributors.service.js';
import * as moderation from './admin-moderation.service.js';
import { listRatingsForAdmin } from '../ratings/ratings.service.js';

const tags = ['admin'];

/** Topics, the reports queue, interlocutor applications and payouts. */
export const adminModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/topics', { schema: { tags, querystring: adminTopicsQuerySchema } }, async (request) => ({
    status: 'OK',
    payload: await moderation.listTopics(actorOf(app, request), request.query),
  }));
  app.get('/topics/:id', { schema: { tags, params: idParamSchema } }, async (request) => ({
    status: 'OK',
    payload: await moderation.getTopic(actorOf(app, request), request.params.id),
  }));
  app.post('/topics/:id/close', { schema: { tags, params: idParamSchema, body: topicCloseBodySchema } }, async (request) => ({
    status: 'OK',
    message: 'Topic closed',
    payload: await moderation.closeTopic(actorOf(app, request), app.bus, request.params.id, request.body.reason),
  }));

  app.get('/reports', { schema: { tags, querystring: adminReportsQuerySchema } }, async (request) => ({
    status: 'OK',
    payload: await moderation.listReports(actorOf(app, request), request.query),
  }));
  app.post('/reports/:id/decide', { schema: { tags, params: idParamSchema, body: reportActionBodySchema } }, async (request) => ({
    status: 'OK',
    message: 'Report decided',
    payload: await moderation.actOnReport(actorOf(app, request), app.bus, request.params.id, request.body),
  }));

  // Ratings per pairing, with who rated whom (issue 35 §3): only here, never to the people rated.
  app.get('/ratings', { schema: { tags, querystring: adminRatingsQuerySchema, response: { 200: adminRatingsResponseSchema } } }, async (request) => ({
    status: 'OK' as const,
    payload: { ratings: await listRatingsForAdmin(app.db, request.query.topic_id) },
  }));

  app.get('/applications', { schema: { tags, querystring: adminApplicationsQuerySchema } }, async (request) => ({
    status: 'OK',
    payload: await contributors.listApplications(actorOf(app, request), request.query),
  }));
  app.post('/applications/:id/approve', { schema: { tags, params: idParamSchema } }, async (request) => ({
    status: 'OK',
    payload: await contributors.decideApplication(actorOf(app, request), request.params.id, 'approve'),
  }));
  app.post('/applications/:id/reject', { schema: { tags, params: idParamSchema, body: rejectApplicationBodySchema } }, async (request) => ({
    status: 'OK',
    payload: await contributors.decideApplication(actorOf(app, request), request.params.id, 'reject', request.body.reason),
  }));

  app.get('/payouts', { schema: { tags, querystring: adminPayoutsQuerySchema } }, async (request) => ({
    status: 'OK',
    payload: await contributors.listPayouts(actorOf(app, request), request.query),
  }));
  app.get('/payouts/:id/details', { schema: { tags, params: idParamSchema } }, async (request) => ({
    status: 'OK',
    payload: await contributors.viewPayoutDetails(actorOf(app, request), app.config.payoutEncryptionKey, request.params.id),
  }));
  for (const [path, decision] of [
    ['approve', 'approve'],
    ['mark-paid', 'mark_paid'],
    ['reject', 'reject'],
  ] as const) {
    app.post(`/payouts/:id/${path}`, { schema: { tags, params: idParamSchema, body: rejectBodySchema } }, async (request) => ({
      status: 'OK',
      payload: await contributors.decidePayout(actorOf(app, request), app.bus, request.params.id, decision, request.body.reason),
    }));
  }
};
