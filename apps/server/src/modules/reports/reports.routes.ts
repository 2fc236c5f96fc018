import { z } from 'zod';
import { createReportBodySchema, envelopeSchema, reportReceiptSchema, texts } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireVerified } from '../../plugins/session.js';
import * as reports from './reports.service.js';

import { errorResponses } from '../../plugins/responses.js';
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reports/create',
    {
      schema: {
        tags: ['chat'],
        body: createReportBodySchema,
        response: { 200: envelopeSchema(z.object({ report: reportReceiptSchema })), ...errorResponses(404, 409) },
      },
      onRequest: requireVerified,
    },
    async (request) => {
      const report = await reports.createReport({ db: app.db, clock: app.clock }, currentUser(request).id, request.body);
      return { status: 'OK' as const, message: report.type === 'user' ? texts.reports.userReported : texts.reports.topicReported, payload: { report } };
    },
  );
};
