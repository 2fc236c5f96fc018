import {
  createTopicBodySchema,
  idParamSchema,
  randomTopicQuerySchema,
  texts,
  topicIdBodySchema,
  topicIdQuerySchema,
  topicsIndexQuerySchema,
  updateChatModeBodySchema,
} from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireVerified } from '../../plugins/session.js';
import * as topics from './topics.service.js';

export const topicsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock, bus: app.bus };
  const tags = ['chat'];
  // onRequest, so a guest gets 401 before their body is even read.
  app.addHook('onRequest', requireVerified);

  app.get('/topics/index', { schema: { tags, querystring: topicsIndexQuerySchema } }, async (request) => {
    const { room_id: roomId, cursor, page_size: pageSize } = request.query;
    const page = await topics.listTopics(deps, currentUser(request).id, { roomId, cursor, pageSize });
    return { status: 'OK', payload: page.topics, next_cursor: page.nextCursor };
  });

  app.get('/topics/active', { schema: { tags } }, async (request) => {
    const active = await topics.listActiveChats(deps, currentUser(request));
    return { status: 'OK', payload: active.topics, current_count: active.currentCount, max_allowed: active.maxAllowed };
  });

  app.get('/topics/topic', { schema: { tags, querystring: topicIdQuerySchema } }, async (request) => ({
    status: 'OK',
    payload: { topic: await topics.getTopic(deps, currentUser(request).id, request.query.topic_id) },
  }));

  app.post('/topics/create', { schema: { tags, body: createTopicBodySchema } }, async (request) => {
    const { topic, balance } = await topics.createTopic(deps, currentUser(request), request.body);
    return { status: 'OK', message: texts.topics.created, payload: { topic, balance } };
  });

  app.get('/topics/random', { schema: { tags, querystring: randomTopicQuerySchema } }, async (request) => ({
    status: 'OK',
    payload: { topic: await topics.startRandomChat(deps, currentUser(request), request.query.chat_mode) },
  }));

  app.post('/topics/join', { schema: { tags, body: topicIdBodySchema } }, async (request) => ({
    status: 'OK',
    payload: { topic: await topics.joinTopic(deps, currentUser(request), request.body.topic_id) },
  }));

  app.post('/topics/leave', { schema: { tags, body: topicIdBodySchema } }, async (request) => {
    await topics.leaveTopic(deps, currentUser(request), request.body.topic_id);
    return { status: 'OK', message: texts.chat.leftChat, payload: null };
  });

  app.post('/topics/update-chat-mode', { schema: { tags, body: updateChatModeBodySchema } }, async (request) => ({
    status: 'OK',
    payload: { topic: await topics.changeChatMode(deps, currentUser(request), request.body.topic_id, request.body.chat_mode) },
  }));

  app.get('/topics/:id/check-terms', { schema: { tags, params: idParamSchema } }, async (request) => {
    const hasAccepted = await topics.hasAcceptedTerms(deps, currentUser(request).id, request.params.id);
    return { status: 'OK', has_accepted: hasAccepted, payload: { has_accepted: hasAccepted } };
  });

  app.post('/topics/:id/accept-terms', { schema: { tags, params: idParamSchema } }, async (request) => {
    await topics.acceptTerms(deps, currentUser(request).id, request.params.id);
    return { status: 'OK', has_accepted: true, payload: { has_accepted: true } };
  });
};
