import {
  messageEnvelopeSchema,
  muteConversationBodySchema,
  notificationSettingsResponseSchema,
  notificationSettingsBodySchema,
  pushEndpointBodySchema,
  pushSubscriptionBodySchema,
  unsubscribeQuerySchema,
  viewingBodySchema,
} from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, htmlResponse } from '../../plugins/responses.js';
import { currentUser, requireAuth } from '../../plugins/session.js';
import { getLanguageTexts, getUserLanguageTexts, renderText, type LanguageTexts } from '../reference/localization.service.js';
import './push.jobs.js';
import * as push from './push.service.js';

const tags = ['notifications'];

/** Account → Notifications: this device's push subscription, quiet hours, the digest, muted conversations; and the tab's 'viewing' signal. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = (userId: number) => push.getSettings(app.db, app.config, userId);

  app.get('/notifications/settings', { schema: { tags, response: { 200: notificationSettingsResponseSchema } }, preHandler: requireAuth }, async (request) => ({
    status: 'OK' as const,
    payload: await settings(currentUser(request).id),
  }));

  app.put(
    '/notifications/settings',
    { schema: { tags, body: notificationSettingsBodySchema, response: { 200: notificationSettingsResponseSchema } }, preHandler: requireAuth },
    async (request) => ({
      status: 'OK' as const,
      payload: await push.saveSettings(app.db, app.config, app.clock, currentUser(request).id, request.body),
    }),
  );

  app.post(
    '/notifications/push-subscriptions',
    { schema: { tags, body: pushSubscriptionBodySchema, response: { 200: notificationSettingsResponseSchema } }, preHandler: requireAuth },
    async (request) => ({
      status: 'OK' as const,
      payload: await push.subscribe(app.db, app.config, app.clock, currentUser(request).id, request.body),
    }),
  );

  app.post(
    '/notifications/push-subscriptions/delete',
    { schema: { tags, body: pushEndpointBodySchema, response: { 200: notificationSettingsResponseSchema } }, preHandler: requireAuth },
    async (request) => ({
      status: 'OK' as const,
      payload: await push.unsubscribe(app.db, app.config, currentUser(request).id, request.body.endpoint),
    }),
  );

  app.put(
    '/notifications/mutes',
    {
      schema: { tags, body: muteConversationBodySchema, response: { 200: notificationSettingsResponseSchema, ...errorResponses(404) } },
      preHandler: requireAuth,
    },
    async (request) => ({
      status: 'OK' as const,
      payload: await push.setMuted(app.db, app.config, app.clock, currentUser(request).id, request.body.topic_id, request.body.muted),
    }),
  );

  app.put(
    '/notifications/viewing',
    { schema: { tags, body: viewingBodySchema, response: { 200: messageEnvelopeSchema, ...errorResponses(404) } }, preHandler: requireAuth },
    async (request) => {
      await push.setViewing(app.db, app.clock, currentUser(request).id, request.body);
      return { status: 'OK' as const, payload: null };
    },
  );
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(language: LanguageTexts, body: string) {
  const title = escape(renderText(language, 'push.unsubscribeTitle'));
  return `<!doctype html><html lang="${escape(language.code)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><h1>${title}</h1>${body}</body></html>`;
}

/**
 * One-click unsubscribe from the digest without signing in (RFC 8058): the link in the mail shows a
 * button (a link scanner's GET changes nothing); the button and a mail client's List-Unsubscribe-Post
 * POST to the same signed address.
 */
export const pushUnsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const languageFor = async (token: string) => {
    const userId = push.verifyUnsubscribeToken(app.config, token);
    return { userId, language: userId === null ? await getLanguageTexts(app.db, null) : await getUserLanguageTexts(app.db, userId) };
  };

  app.get(
    '/notifications/unsubscribe',
    { schema: { tags, querystring: unsubscribeQuerySchema, response: { 200: htmlResponse, 400: htmlResponse } } },
    async (request, reply) => {
      const { userId, language } = await languageFor(request.query.token);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (userId === null) return reply.code(400).send(page(language, `<p>${escape(renderText(language, 'push.unsubscribeInvalid'))}</p>`));
      const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      return reply.send(
        page(
          language,
          `<p>${escape(renderText(language, 'push.unsubscribeAsk'))}</p><form method="post" action="${escape(action)}"><button type="submit">${escape(renderText(language, 'push.unsubscribeButton'))}</button></form>`,
        ),
      );
    },
  );

  app.post(
    '/notifications/unsubscribe',
    { schema: { tags, querystring: unsubscribeQuerySchema, response: { 200: htmlResponse, 400: htmlResponse } }, config: { csrf: false } },
    async (request, reply) => {
      const { language } = await languageFor(request.query.token);
      const done = await push.unsubscribeDigest(app.db, app.clock, app.config, request.query.token);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!done) return reply.code(400).send(page(language, `<p>${escape(renderText(language, 'push.unsubscribeInvalid'))}</p>`));
      return reply.send(page(language, `<p>${escape(renderText(language, 'push.unsubscribeDone'))}</p>`));
    },
  );
};
