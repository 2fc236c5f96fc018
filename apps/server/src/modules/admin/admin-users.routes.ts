import { adminLedgerQuerySchema, adminUsersQuerySchema, balanceAdjustmentBodySchema, banBodySchema, idParamSchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from './admin-actor.js';
import * as service from './admin-users.service.js';

const tags = ['admin'];

export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users', { schema: { tags, querystring: adminUsersQuerySchema } }, async (request) => ({
    status: 'OK',
    payload: await service.listUsers(actorOf(app, request), request.query),
  }));

  app.get('/users/:id', { schema: { tags, params: idParamSchema } }, async (request) => ({
    status: 'OK',
    payload: await service.getUser(actorOf(app, request), request.params.id),
  }));

  app.get('/users/:id/ledger', { schema: { tags, params: idParamSchema, querystring: adminLedgerQuerySchema } }, async (request) => ({
    status: 'OK',
    payload: await service.listUserLedger(actorOf(app, request), request.params.id, request.query),
  }));

  app.post('/users/:id/ban', { schema: { tags, params: idParamSchema, body: banBodySchema } }, async (request) => ({
    status: 'OK',
    message: 'User banned',
    payload: await service.banUser(actorOf(app, request), app.bus, request.params.id, request.body.reason),
  }));

  app.post('/users/:id/unban', { schema: { tags, params: idParamSchema } }, async (request) => ({
    status: 'OK',
    message: 'User unbanned',
    payload: await service.unbanUser(actorOf(app, request), request.params.id),
  }));

  app.post('/users/:id/two-factor/reset', { schema: { tags, params: idParamSchema } }, async (request) => ({
    status: 'OK',
    message: 'Two-factor sign-in reset',
    payload: await service.resetTwoFactor(actorOf(app, request), app.bus, request.params.id),
  }));

  app.post('/users/:id/balance', { schema: { tags, params: idParamSchema, body: balanceAdjustmentBodySchema } }, async (request) => ({
    status: 'OK',
    message: 'Balance adjusted',
    payload: await service.adjustBalance(actorOf(app, request), app.bus, request.params.id, request.body),
  }));
};
