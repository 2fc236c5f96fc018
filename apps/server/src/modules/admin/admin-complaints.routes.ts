import {
  adminComplaintsPayloadSchema,
  adminComplaintsQuerySchema,
  decideComplaintBodySchema,
  decidedComplaintSchema,
  envelopeSchema,
  idParamSchema,
  statementsExportPayloadSchema,
  statementsExportQuerySchema,
  dsaStatementFields,
} from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentResponse, csvResponse, errorResponses } from '../../plugins/responses.js';
import { currentUser } from '../../plugins/session.js';
import { exportStatements, statementsCsv } from '../decisions/decisions.export.js';
import * as decisions from '../decisions/decisions.service.js';

const tags = ['admin'];

/** Complaints against decisions (issue 36 §2) and the statements export in the DSA transparency-database field set. */
export const adminComplaintsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/complaints',
    { schema: { tags, querystring: adminComplaintsQuerySchema, response: { 200: envelopeSchema(adminComplaintsPayloadSchema) } } },
    async (request) => ({
      status: 'OK' as const,
      payload: { items: await decisions.listComplaints(app.db, app.clock, currentUser(request).id, request.query.status) },
    }),
  );

  app.get(
    '/complaints/:id/file',
    { schema: { tags, params: idParamSchema, response: { 200: attachmentResponse, ...errorResponses(404) } } },
    async (request, reply) => {
      const file = await decisions.getComplaintFile(app, request.params.id);
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', `attachment; filename="${encodeURIComponent(file.name)}"`)
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );

  app.post(
    '/complaints/:id/decide',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: decideComplaintBodySchema,
        response: { 200: envelopeSchema(decidedComplaintSchema), ...errorResponses(404, 409) },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      payload: await decisions.decideComplaint(app, currentUser(request).id, request.params.id, request.body),
    }),
  );

  app.get(
    '/statements/export',
    {
      schema: {
        tags,
        querystring: statementsExportQuerySchema,
        description: 'Statements of reasons in the DSA transparency-database field set (docs/DSA.md): JSON, or CSV with format=csv.',
        response: { 200: envelopeSchema(statementsExportPayloadSchema).or(csvResponse) },
      },
    },
    async (request, reply) => {
      const statements = await exportStatements(app.db, request.query);
      if (request.query.format === 'csv')
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="parley-statements.csv"')
          .header('cache-control', 'private, no-store')
          .send(statementsCsv(statements));
      return { status: 'OK' as const, payload: { fields: [...dsaStatementFields], statements } };
    },
  );
};
