import { z } from 'zod';
import { blockSchema, blocksPayloadSchema, createBlockBodySchema, envelopeSchema, idParamSchema, messageEnvelopeSchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireVerified } from '../../plugins/session.js';
import * as blocks from './blocks.service.js';
import { replyMessage } from '../../plugins/localize.js';

/** Blocking (issue 15): `POST /blocks {topic_id}`, `GET /blocks`, `DELETE /blocks/{id}`. */
import { errorResponses } from '../../plugins/responses.js';
export const blocksRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock, bus: app.bus };
  const tags = ['chat'];
  app.addHook('onRequest', requireVerified);
  // The hook above guards every route here: each answers 401/403 too.
  const guarded = errorResponses(401, 403);

  app.post(
    '/blocks',
    {
      schema: {
        tags,
        body: createBlockBodySchema,
        response: { 200: envelopeSchema(z.object({ block: blockSchema })), ...guarded, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const block = await blocks.blockCounterpart(deps, currentUser(request).id, request.body.topic_id);
      return { status: 'OK' as const, message: replyMessage(reply, 'blocks.blocked', { name: block.chat_name }), payload: { block } };
    },
  );

  app.get('/blocks', { schema: { tags, response: { 200: envelopeSchema(blocksPayloadSchema), ...guarded } } }, async (request) => ({
    status: 'OK' as const,
    payload: { blocks: await blocks.listBlocks(app.db, currentUser(request).id) },
  }));

  app.delete(
    '/blocks/:id',
    { schema: { tags, params: idParamSchema, response: { 200: messageEnvelopeSchema, ...guarded, ...errorResponses(404) } } },
    async (request) => {
      await blocks.unblock(app.db, currentUser(request).id, request.params.id);
      return { status: 'OK' as const, payload: null };
    },
  );
};
