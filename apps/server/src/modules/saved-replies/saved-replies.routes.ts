import { idParamSchema, messageEnvelopeSchema, savedRepliesResponseSchema, savedReplyBodySchema, savedReplyResponseSchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireVerified } from '../../plugins/session.js';
import { errorResponses } from '../../plugins/responses.js';
import * as saved from './saved-replies.service.js';

/** Issue 35 §1: an interlocutor's saved replies (texts to insert, never sent on their own). */
export const savedRepliesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock };
  const tags = ['on call'];
  app.addHook('onRequest', requireVerified);
  const guarded = errorResponses(401, 403);

  app.get('/saved-replies', { schema: { tags, response: { 200: savedRepliesResponseSchema, ...guarded } } }, async (request) => ({
    status: 'OK' as const,
    payload: { replies: await saved.listSavedReplies(deps, currentUser(request)) },
  }));

  app.post(
    '/saved-replies',
    { schema: { tags, body: savedReplyBodySchema, response: { 200: savedReplyResponseSchema, ...guarded, ...errorResponses(409) } } },
    async (request) => ({
      status: 'OK' as const,
      payload: { reply: await saved.addSavedReply(deps, currentUser(request), request.body) },
    }),
  );

  app.delete(
    '/saved-replies/:id',
    { schema: { tags, params: idParamSchema, response: { 200: messageEnvelopeSchema, ...guarded, ...errorResponses(404) } } },
    async (request) => {
      await saved.deleteSavedReply(deps, currentUser(request), request.params.id);
      return { status: 'OK' as const, payload: null };
    },
  );
};
