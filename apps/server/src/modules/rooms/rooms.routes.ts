import { envelopeSchema, limits, pageMeta, pageOf, roomSchema, roomsIndexQuerySchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireVerified } from '../../plugins/session.js';
import * as repo from './rooms.repository.js';
import { localizeRows } from '../reference/content-translations.service.js';
import { requestLanguageId } from '../../plugins/localize.js';

import { errorResponses } from '../../plugins/responses.js';
export const roomsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rooms/index',
    {
      schema: { tags: ['chat'], querystring: roomsIndexQuerySchema, response: { 200: envelopeSchema(pageOf(roomSchema)), ...errorResponses(401, 403) } },
      preHandler: requireVerified,
    },
    async (request) => {
      const { page } = request.query;
      const perPage = limits.roomsPerPage;
      const [rooms, total] = await Promise.all([repo.listVisibleRooms(app.db, perPage, (page - 1) * perPage), repo.countVisibleRooms(app.db)]);
      const data = await localizeRows(app.db, 'rooms', requestLanguageId(request), rooms, ['title']);
      return { status: 'OK' as const, payload: { data, meta: pageMeta(page, perPage, total) } };
    },
  );
};
