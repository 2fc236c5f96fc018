import { envelopeSchema, spendingLimitsSchema, texts, updateSpendConfirmationBodySchema, updateSpendingLimitsBodySchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAuth } from '../../plugins/session.js';
import * as limits from './spending-limits.service.js';

/** `GET/PUT /user/spending-limits` (issue 15). */
export const spendingLimitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/spending-limits',
    { schema: { tags: ['coins'], response: { 200: envelopeSchema(spendingLimitsSchema) } }, preHandler: requireAuth },
    async (request) => ({
      status: 'OK' as const,
      payload: await limits.getSpendingLimits(app.db, app.clock, currentUser(request).id),
    }),
  );

  app.put(
    '/user/spending-limits',
    { schema: { tags: ['coins'], body: updateSpendingLimitsBodySchema, response: { 200: envelopeSchema(spendingLimitsSchema) } }, preHandler: requireAuth },
    async (request) => ({
      status: 'OK' as const,
      message: texts.spending.saved,
      payload: await limits.setSpendingLimits(app.db, app.clock, currentUser(request).id, request.body),
    }),
  );

  // Issue 33: confirm coin spends above this amount (channel status, topic creation).
  app.put(
    '/user/spend-confirmation',
    { schema: { tags: ['coins'], body: updateSpendConfirmationBodySchema, response: { 200: envelopeSchema(spendingLimitsSchema) } }, preHandler: requireAuth },
    async (request) => ({
      status: 'OK' as const,
      message: texts.spending.confirmSaved,
      payload: await limits.setSpendConfirmation(app.db, app.clock, currentUser(request).id, request.body),
    }),
  );
};
