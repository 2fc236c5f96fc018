import { idParamSchema, texts, tipBodySchema, tipResponseSchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/responses.js';
import { currentUser, requireVerified } from '../../plugins/session.js';
import { tipInterlocutor } from './tips.service.js';

/** Tips (issue 35 §4): `POST /topics/{id}/tips {amount, key}` pays the interlocutor of the caller's current or last pairing. */
export const tipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock, bus: app.bus };
  app.post(
    '/topics/:id/tips',
    {
      onRequest: requireVerified,
      schema: {
        tags: ['coins'],
        params: idParamSchema,
        body: tipBodySchema,
        response: { 200: tipResponseSchema, ...errorResponses(401, 402, 403, 404) },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      message: texts.tips.sent,
      payload: await tipInterlocutor(deps, currentUser(request).id, request.params.id, request.body),
    }),
  );
};
