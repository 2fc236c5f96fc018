import { adminAuditQuerySchema, adminResponses } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntriesQuery, listAuditActionNames } from '../audit/audit.service.js';
import { paginate } from './admin-list.js';
import { getDashboard } from './admin-dashboard.service.js';
import { actorOf } from './admin-actor.js';

const tags = ['admin'];
const auditSort = { created_at: 'audit_log.created_at', id: 'audit_log.id', action: 'audit_log.action', actor_id: 'audit_log.actor_id' };
const parseJson = (value: string | null) => (value === null ? null : (JSON.parse(value) as unknown));

/** The dashboard and the audit log: read-only. */
export const adminOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    { schema: { tags, querystring: z.object({ days: z.coerce.number().int().min(7).max(90).default(30) }), response: { 200: adminResponses.dashboard } } },
    async (request) => ({
      status: 'OK' as const,
      payload: await getDashboard(actorOf(app, request), request.query.days),
    }),
  );

  app.get('/audit', { schema: { tags, querystring: adminAuditQuerySchema, response: { 200: adminResponses.audit } } }, async (request) => {
    const page = await paginate(
      app.db,
      auditEntriesQuery(app.db, request.query),
      { ...request.query, sort: request.query.sort ?? 'created_at' },
      auditSort,
      'audit_log.id',
    );
    return {
      status: 'OK' as const,
      payload: { ...page, items: page.items.map((row) => ({ ...row, before: parseJson(row.before), after: parseJson(row.after) })) },
    };
  });

  app.get('/audit/actions', { schema: { tags, response: { 200: adminResponses.auditActions } } }, async () => ({
    status: 'OK' as const,
    payload: await listAuditActionNames(app.db),
  }));
};
