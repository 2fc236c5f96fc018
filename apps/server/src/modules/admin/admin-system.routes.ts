import { adminResponses, backupMarkBodySchema, deadJobsQuerySchema, idParamSchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/responses.js';
import { currentUser } from '../../plugins/session.js';
import { actorOf } from './admin-actor.js';
import * as system from './admin-system.service.js';
import { getSystemStatus, systemDepsOf } from './system.service.js';

const tags = ['admin'];

/** The System page: version, instances, dependencies, the job queue (retry or discard dead jobs), the last backup. */
export const adminSystemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/system', { schema: { tags, response: { 200: adminResponses.system } } }, async () => ({
    status: 'OK' as const,
    payload: await getSystemStatus(systemDepsOf(app)),
  }));

  app.get('/system/dead-jobs', { schema: { tags, querystring: deadJobsQuerySchema, response: { 200: adminResponses.deadJobs } } }, async (request) => ({
    status: 'OK' as const,
    payload: await system.listDeadJobsPage(app.db, request.query),
  }));

  app.post(
    '/system/jobs/:id/retry',
    { schema: { tags, params: idParamSchema, response: { 200: adminResponses.jobDecided, ...errorResponses(404) } } },
    async (request) => ({
      status: 'OK' as const,
      message: 'Job queued again',
      payload: await system.retryJob(actorOf(app, request), request.params.id).then((result) => {
        app.jobs.kick();
        return result;
      }),
    }),
  );

  app.post(
    '/system/jobs/:id/discard',
    { schema: { tags, params: idParamSchema, response: { 200: adminResponses.jobDecided, ...errorResponses(404) } } },
    async (request) => ({
      status: 'OK' as const,
      message: 'Job discarded',
      payload: await system.discardJob(actorOf(app, request), request.params.id),
    }),
  );

  app.put('/system/backup', { schema: { tags, body: backupMarkBodySchema, response: { 200: adminResponses.backup } } }, async (request) => ({
    status: 'OK' as const,
    message: 'Backup recorded',
    payload: await system.markBackup({ ...actorOf(app, request), email: currentUser(request).email }, request.body),
  }));
};
