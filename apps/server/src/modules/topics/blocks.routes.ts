import { createBlockBodySchema, idParamSchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireVerified } from '../../plugins/session.js';
import * as blocks from './blocks.service.js';
import { replyMessage } from '../../plugins/localize.js';

/** Blocking (issue 15): `POST /blocks {topic_id}`, `GET /blocks`, `DELETE /blocks/{id}`. */
export const blocksRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock, bus: app.bus };
  const tags = ['chat'];
  app.addHook('onRequest', requireVerified);

  app.post('/blocks', { schema: { tags, body: createBlockBodySchema } }, async (request, reply) => {
    const block = await blocks.blockCounterpart(deps, currentUser(request).id, request.body.topic_id);
    return { status: 'OK', message: replyMessage(reply, 'blocks.blocked', { name: block.chat_name }), payload: { block } };
  });

  app.get('/blocks', { schema: { tags } }, async (request) => ({
    status: 'OK',
    payload: { blocks: await blocks.listBlocks(app.db, currentUser(request).id) },
  }));

  app.delete('/blocks/:id', { schema: { tags, params: idParamSchema } }, async (request) => {
    await blocks.unblock(app.db, currentUser(request).id, request.params.id);
    return { status: 'OK', payload: null };
  });
};
