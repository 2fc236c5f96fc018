import { limits, pageMeta, roomsIndexQuerySchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireVerified } from '../../plugins/session.js';
import * as repo from './rooms.repository.js';
import { localizeRows } from '../reference/content-translations.service.js';
import { requestLanguageId } from '../../plugins/localize.js';

export const roomsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/rooms/index', { schema: { tags: ['chat'], querystring: roomsIndexQuerySchema }, preHandler: requireVerified }, async (request) => {
    const { page } = request.query;
    const perPage = limits.roomsPerPage;
    const [rooms, total] = await Promise.all([repo.listVisibleRooms(app.db, perPage, (page - 1) * perPage), repo.countVisibleRooms(app.db)]);
    const data = await localizeRows(app.db, 'rooms', requestLanguageId(request), rooms, ['title']);
    return { status: 'OK', payload: { data, meta: pageMeta(page, perPage, total) } };
  });
};
