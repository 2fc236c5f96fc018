import {
  activeTopicsResponseSchema,
  createTopicBodySchema,
  envelopeSchema,
  idParamSchema,
  messageEnvelopeSchema,
  randomTopicQuerySchema,
  termsResponseSchema,
  texts,
  topicIdBodySchema,
  topicIdQuerySchema,
  topicSchema,
  topicsIndexQuerySchema,
  topicsPageResponseSchema,
  updateChatModeBodySchema,
} from '@parley/contracts';
import { z } from 'zod';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireVerified } from '../../plugins/session.js';
import * as topics from './topics.service.js';

import { errorResponses } from '../../plugins/responses.js';
export const topicsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock, bus: app.bus, hasPush: app.config.push !== undefined };
  const tags = ['chat'];
  // onRequest, so a guest gets 401 before their body is even read.
  app.addHook('onRequest', requireVerified);
  // The hook above guards every route here: each answers 401/403 too.
  const guarded = errorResponses(401, 403);

  app.get(
    '/topics/index',
    { schema: { tags, querystring: topicsIndexQuerySchema, response: { 200: topicsPageResponseSchema, ...guarded } } },
    async (request) => {
      const { room_id: roomId, cursor, page_size: pageSize } = request.query;
      const page = await topics.listTopics(deps, currentUser(request).id, { roomId, cursor, pageSize });
      return { status: 'OK' as const, payload: page.topics, next_cursor: page.nextCursor };
    },
  );

  app.get('/topics/active', { schema: { tags, response: { 200: activeTopicsResponseSchema, ...guarded } } }, async (request) => {
    const active = await topics.listActiveChats(deps, currentUser(request));
    return { status: 'OK' as const, payload: active.topics, current_count: active.currentCount, max_allowed: active.maxAllowed };
  });

  app.get(
    '/topics/topic',
    {
      schema: {
        tags,
        querystring: topicIdQuerySchema,
        response: { 200: envelopeSchema(z.object({ topic: topicSchema })), ...guarded, ...errorResponses(404) },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      payload: { topic: await topics.getTopic(deps, currentUser(request).id, request.query.topic_id) },
    }),
  );

  app.post(
    '/topics/create',
    {
      schema: {
        tags,
        body: createTopicBodySchema,
        response: { 200: envelopeSchema(z.object({ topic: topicSchema, balance: z.number().int() })), ...guarded, ...errorResponses(402, 404, 409) },
      },
    },
    async (request) => {
      const { topic, balance } = await topics.createTopic(deps, currentUser(request), request.body);
      return { status: 'OK' as const, message: texts.topics.created, payload: { topic, balance } };
    },
  );

  app.get(
    '/topics/random',
    {
      schema: {
        tags,
        querystring: randomTopicQuerySchema,
        response: { 200: envelopeSchema(z.object({ topic: topicSchema })), ...guarded, ...errorResponses(402, 404, 409) },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      payload: { topic: await topics.startRandomChat(deps, currentUser(request), request.query.chat_mode) },
    }),
  );

  app.post(
    '/topics/join',
    { schema: { tags, body: topicIdBodySchema, response: { 200: envelopeSchema(z.object({ topic: topicSchema })), ...guarded, ...errorResponses(404, 409) } } },
    async (request) => ({
      status: 'OK' as const,
      payload: { topic: await topics.joinTopic(deps, currentUser(request), request.body.topic_id) },
    }),
  );

  app.post(
    '/topics/leave',
    { schema: { tags, body: topicIdBodySchema, response: { 200: messageEnvelopeSchema, ...guarded, ...errorResponses(404, 409) } } },
    async (request) => {
      await topics.leaveTopic(deps, currentUser(request), request.body.topic_id);
      return { status: 'OK' as const, message: texts.chat.leftChat, payload: null };
    },
  );

  app.post(
    '/topics/update-chat-mode',
    {
      schema: {
        tags,
        body: updateChatModeBodySchema,
        response: { 200: envelopeSchema(z.object({ topic: topicSchema })), ...guarded, ...errorResponses(404, 409) },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      payload: { topic: await topics.changeChatMode(deps, currentUser(request), request.body.topic_id, request.body.chat_mode) },
    }),
  );

  app.get(
    '/topics/:id/check-terms',
    { schema: { tags, params: idParamSchema, response: { 200: termsResponseSchema, ...guarded, ...errorResponses(404) } } },
    async (request) => {
      const hasAccepted = await topics.hasAcceptedTerms(deps, currentUser(request).id, request.params.id);
      return { status: 'OK' as const, has_accepted: hasAccepted, payload: { has_accepted: hasAccepted } };
    },
  );

  app.post(
    '/topics/:id/accept-terms',
    { schema: { tags, params: idParamSchema, response: { 200: termsResponseSchema, ...guarded, ...errorResponses(404, 409) } } },
    async (request) => {
      await topics.acceptTerms(deps, currentUser(request).id, request.params.id);
      return { status: 'OK' as const, has_accepted: true, payload: { has_accepted: true } };
    },
  );
};
