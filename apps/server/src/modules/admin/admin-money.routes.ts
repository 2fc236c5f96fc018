import { adminResponses, refundBodySchema, refundParamsSchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listPaidDeposits, quoteDepositRefund, refundDeposit } from '../deposits/deposit-refunds.js';
import { listDisputes } from '../disputes/disputes.service.js';
import { listPaidOrders, quoteOrderRefund, refundOrder } from '../store/store-refunds.js';
import { errorResponses } from '../../plugins/responses.js';
import { actorOf } from './admin-actor.js';

const tags = ['admin'];
const pageQuery = z.object({
  source: z.enum(['deposit', 'order']).default('deposit'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

/** Money screens: paid payments, refunds (deposit or order, full or partial) and card disputes. */
export const adminMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (log: typeof app.log) => ({ db: app.db, clock: app.clock, gateway: app.gateway, log, bus: app.bus });

  app.get('/payments', { schema: { tags, querystring: pageQuery, response: { 200: adminResponses.payments } } }, async (request) => {
    const { source, page, per_page: perPage } = request.query;
    return {
      status: 'OK' as const,
      payload: source === 'deposit' ? await listPaidDeposits(app.db, page, perPage) : await listPaidOrders(app.db, page, perPage),
    };
  });

  app.get(
    '/refunds/:source/:id',
    { schema: { tags, params: refundParamsSchema, response: { 200: adminResponses.refundQuote, ...errorResponses(404) } } },
    async (request) => {
      const { source, id } = request.params;
      return { status: 'OK' as const, payload: source === 'deposit' ? await quoteDepositRefund(app.db, id) : await quoteOrderRefund(app.db, id) };
    },
  );

  app.post(
    '/refunds/:source/:id',
    { schema: { tags, params: refundParamsSchema, body: refundBodySchema, response: { 200: adminResponses.refundDone, ...errorResponses(404, 409, 502) } } },
    async (request) => {
      const { source, id } = request.params;
      const actorId = actorOf(app, request).actorId;
      const result =
        source === 'deposit'
          ? await refundDeposit(deps(request.log), actorId, id, request.body)
          : await refundOrder(deps(request.log), actorId, id, request.body);
      return { status: 'OK' as const, payload: result };
    },
  );

  app.get(
    '/disputes',
    { schema: { tags, querystring: z.object({ status: z.enum(['open', 'won', 'lost']).optional() }), response: { 200: adminResponses.disputes } } },
    async (request) => ({
      status: 'OK' as const,
      payload: await listDisputes(app.db, request.query.status),
    }),
  );
};
