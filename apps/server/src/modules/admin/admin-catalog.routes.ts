import { adminListQuerySchema, adminResponses, idParamSchema, reorderBodySchema } from '@parley/contracts';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/responses.js';
import { forgetLocalizations } from '../reference/localization.service.js';
import { actorOf } from './admin-actor.js';
import * as service from './admin-catalog.service.js';

const tags = ['admin'];

/** Rooms, bundles, currencies, social links, FAQ, static pages and languages: list, view, create, replace, delete. */
export const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Instances cache the languages (reference/localization.service.ts): the write announced itself before its commit,
  // and again after it here, so no instance keeps the list read in between.
  const committed = async <T>(request: FastifyRequest, entity: service.CatalogEntity, payload: T) => {
    if (entity.table === 'languages') {
      forgetLocalizations(app.db);
      await app.bus.invalidate({ kind: 'localizations' }).catch((error: unknown) => request.log.error({ err: error }, 'localizations invalidation not sent'));
    }
    return payload;
  };
  for (const entity of service.catalogEntities) {
    const base = `/${entity.path}`;
    app.get(base, { schema: { tags, querystring: adminListQuerySchema, response: { 200: entity.responses.page } } }, async (request) => ({
      status: 'OK' as const,
      payload: await service.listRecords(actorOf(app, request), entity, request.query),
    }));
    app.get(
      `${base}/:id`,
      { schema: { tags, params: idParamSchema, response: { 200: entity.responses.record, ...errorResponses(404) } } },
      async (request) => ({
        status: 'OK' as const,
        payload: await service.getRecord(actorOf(app, request), entity, request.params.id),
      }),
    );
    app.post(base, { schema: { tags, body: entity.body, response: { 200: entity.responses.record } } }, async (request) => ({
      status: 'OK' as const,
      message: 'Saved',
      payload: await committed(request, entity, await service.createRecord(actorOf(app, request), entity, request.body)),
    }));
    app.put(
      `${base}/:id`,
      { schema: { tags, params: idParamSchema, body: entity.body, response: { 200: entity.responses.record, ...errorResponses(404) } } },
      async (request) => ({
        status: 'OK' as const,
        message: 'Saved',
        payload: await committed(request, entity, await service.updateRecord(actorOf(app, request), entity, request.params.id, request.body)),
      }),
    );
    if (entity.canDelete) {
      app.delete(
        `${base}/:id`,
        { schema: { tags, params: idParamSchema, response: { 200: entity.responses.deleted, ...errorResponses(404, 409) } } },
        async (request) => ({
          status: 'OK' as const,
          message: 'Deleted',
          payload: await committed(request, entity, await service.deleteRecord(actorOf(app, request), entity, request.params.id)),
        }),
      );
    }
  }

  app.put('/rooms/order', { schema: { tags, body: reorderBodySchema, response: { 200: adminResponses.roomOrder } } }, async (request) => ({
    status: 'OK' as const,
    payload: await service.reorderRooms(actorOf(app, request), request.body.ids),
  }));
};
