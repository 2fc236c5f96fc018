import { adminLedgerQuerySchema, adminResponses, adminUsersQuerySchema, balanceAdjustmentBodySchema, banBodySchema, idParamSchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/responses.js';
import { actorOf } from './admin-actor.js';
import * as service from './admin-users.service.js';

const tags = ['admin'];

export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users', { schema: { tags, querystring: adminUsersQuerySchema, response: { 200: adminResponses.users } } }, async (request) => ({
    status: 'OK' as const,
    payload: await service.listUsers(actorOf(app, request), request.query),
  }));

  app.get('/users/:id', { schema: { tags, params: idParamSchema, response: { 200: adminResponses.user, ...errorResponses(404) } } }, async (request) => ({
    status: 'OK' as const,
    payload: await service.getUser(actorOf(app, request), request.params.id),
  }));

  app.get(
    '/users/:id/ledger',
    { schema: { tags, params: idParamSchema, querystring: adminLedgerQuerySchema, response: { 200: adminResponses.ledger, ...errorResponses(404) } } },
    async (request) => ({
      status: 'OK' as const,
      payload: await service.listUserLedger(actorOf(app, request), request.params.id, request.query),
    }),
  );

  app.post(
    '/users/:id/ban',
    { schema: { tags, params: idParamSchema, body: banBodySchema, response: { 200: adminResponses.userBanned, ...errorResponses(404, 409) } } },
    async (request) => ({
      status: 'OK' as const,
      message: 'User banned',
      payload: await service.banUser(actorOf(app, request), app.bus, request.params.id, request.body.reason),
    }),
  );

  app.post(
    '/users/:id/unban',
    { schema: { tags, params: idParamSchema, response: { 200: adminResponses.userUnbanned, ...errorResponses(404) } } },
    async (request) => ({
      status: 'OK' as const,
      message: 'User unbanned',
      payload: await service.unbanUser(actorOf(app, request), request.params.id),
    }),
  );

  app.post(
    '/users/:id/two-factor/reset',
    { schema: { tags, params: idParamSchema, response: { 200: adminResponses.twoFactorReset, ...errorResponses(404, 409) } } },
    async (request) => ({
      status: 'OK' as const,
      message: 'Two-factor sign-in reset',
      payload: await service.resetTwoFactor(actorOf(app, request), app.bus, request.params.id),
    }),
  );

  app.post(
    '/users/:id/balance',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: balanceAdjustmentBodySchema,
        response: { 200: adminResponses.balanceAdjusted, ...errorResponses(404, 409) },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      message: 'Balance adjusted',
      payload: await service.adjustBalance(actorOf(app, request), app.bus, request.params.id, request.body),
    }),
  );
};
