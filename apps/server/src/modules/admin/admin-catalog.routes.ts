import { adminListQuerySchema, idParamSchema, reorderBodySchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from './admin-actor.js';
import * as service from './admin-catalog.service.js';

const tags = ['admin'];

/** Rooms, bundles, currencies, social links, FAQ, static pages and languages: list, view, create, replace, delete. */
export const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const entity of service.catalogEntities) {
    const base = `/${entity.path}`;
    app.get(base, { schema: { tags, querystring: adminListQuerySchema } }, async (request) => ({
      status: 'OK',
      payload: await service.listRecords(actorOf(app, request), entity, request.query),
    }));
    app.get(`${base}/:id`, { schema: { tags, params: idParamSchema } }, async (request) => ({
      status: 'OK',
      payload: await service.getRecord(actorOf(app, request), entity, request.params.id),
    }));
    app.post(base, { schema: { tags, body: entity.body } }, async (request) => ({
      status: 'OK',
      message: 'Saved',
      payload: await service.createRecord(actorOf(app, request), entity, request.body),
    }));
    app.put(`${base}/:id`, { schema: { tags, params: idParamSchema, body: entity.body } }, async (request) => ({
      status: 'OK',
      message: 'Saved',
      payload: await service.updateRecord(actorOf(app, request), entity, request.params.id, request.body),
    }));
    if (entity.canDelete) {
      app.delete(`${base}/:id`, { schema: { tags, params: idParamSchema } }, async (request) => ({
        status: 'OK',
        message: 'Deleted',
        payload: await service.deleteRecord(actorOf(app, request), entity, request.params.id),
      }));
    }
  }

  app.put('/rooms/order', { schema: { tags, body: reorderBodySchema } }, async (request) => ({
    status: 'OK',
    payload: await service.reorderRooms(actorOf(app, request), request.body.ids),
  }));
};
