import { z } from 'zod';
import { envelopeSchema, listNotificationsQuerySchema, markNotificationsReadBodySchema, notificationsPayloadSchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAuth } from '../../plugins/session.js';
import * as notifications from './notifications.service.js';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      schema: { tags: ['notifications'], querystring: listNotificationsQuerySchema, response: { 200: envelopeSchema(notificationsPayloadSchema) } },
      preHandler: requireAuth,
    },
    async (request) => ({
      status: 'OK' as const,
      payload: await notifications.listUserNotifications(app.db, currentUser(request).id, request.query),
    }),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        body: markNotificationsReadBodySchema,
        response: { 200: envelopeSchema(z.object({ unread_count: z.number().int() })) },
      },
      preHandler: requireAuth,
    },
    async (request) => {
      const unreadCount = await notifications.markNotificationsRead(app.db, app.clock, currentUser(request).id, request.body.ids);
      return { status: 'OK' as const, payload: { unread_count: unreadCount } };
    },
  );
};
