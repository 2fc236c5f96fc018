import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type AddressInfo } from 'node:net';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { onlyFromLoopback } from '../../plugins/loopback-only.js';
import { evaluateCard } from './sandbox-card.js';
import { SandboxGateway } from './sandbox-gateway.js';
import { getLanguageTextsByCode, renderText } from '../reference/localization.service.js';
import { cardFormPage, closedPage, threeDSecurePage, type CardFormValues, type PageLanguage } from './sandbox-page.html.js';
import { type SandboxSessionRow } from './payments.table.js';

export const DECLINED_MESSAGE = 'Your card was declined.';
export const THREE_DS_FAILED_MESSAGE = '3-D Secure authentication failed.';
export const CANCELLED_MESSAGE = 'Payment cancelled.';

const paramsSchema = z.object({ sessionId: z.string().min(1).max(64) });
const formSchema = z.record(z.string(), z.string().max(200));

/** The app's own webhook URL as seen from this process: where the outbox posts. */
export function ownWebhookUrl(app: FastifyInstance): string | undefined {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return undefined;
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}/api/payments/webhook/sandbox`;
}

/**
 * The sandbox gateway's hosted card page (server-rendered, no scripts) and its
 * webhook target (sandbox-webhooks.ts). Only registered when the sandbox is the gateway.
 */
export const sandboxPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = app.gateway;
  if (!(gateway instanceof SandboxGateway)) return;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addHook('onListen', async () => {
    const url = ownWebhookUrl(app);
    if (!url) return;
    gateway.webhooks.attach(url, app.jobs);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const publicOrigin = new URL(app.config.publicUrl).origin;
  /** Our own pages are addressed relative to the page, so the browser stays on the origin it used. */
  const local = (url: string) => {
    try {
      const parsed = new URL(url, publicOrigin);
      return parsed.origin === publicOrigin ? `${parsed.pathname}${parsed.search}` : parsed.toString();
    } catch {
      return '/';
    }
  };
  const html = (reply: FastifyReply, body: string, status = 200) => reply.status(status).type('text/html; charset=utf-8').send(body);
  const load = async (sessionId: string) => gateway.findSession(sessionId);
  /** The buyer's language (issue 33): the checkout's, else the browser's preferred languages, else the default. */
  const languageOf = async (request: FastifyRequest, session: SandboxSessionRow | undefined): Promise<PageLanguage> => {
    const browser = (request.headers['accept-language'] ?? '')
      .split(',')
      .map((part) => part.split(';')[0]!.trim())
      .filter(Boolean);
    const language = await getLanguageTextsByCode(app.db, session?.locale ? [session.locale, ...browser] : browser);
    return { code: language.code, t: (key, params) => renderText(language, key, params) };
  };
  const pagePath = (sessionId: string) => `/sandbox-pay/${encodeURIComponent(sessionId)}`;
  const finish = async (reply: FastifyReply, session: SandboxSessionRow, outcome: Parameters<SandboxGateway['completeSession']>[1], to: string) => {
    await gateway.completeSession(session, outcome);
    return reply.redirect(local(to), 303);
  };

  const isExpired = (session: SandboxSessionRow) =>
    (session.status === 'open' || session.status === 'requires_action') && session.expires_at !== null && session.expires_at <= app.clock.now().toISOString();

  app.get('/sandbox-pay/:sessionId', { schema: { params: paramsSchema, hide: true } }, async (request, reply) => {
    const session = await load(request.params.sessionId);
    const lang = await languageOf(request, session);
    if (!session) return html(reply, closedPage(lang, undefined, undefined), 404);
    if (isExpired(session)) return html(reply, closedPage(lang, session, local(session.return_url), true));
    if (session.status === 'open') return html(reply, cardFormPage(lang, session));
    if (session.status === 'requires_action') return html(reply, threeDSecurePage(lang, session));
    return html(reply, closedPage(lang, session, local(session.return_url)));
  });

  app.post('/sandbox-pay/:sessionId', { schema: { params: paramsSchema, body: formSchema, hide: true } }, async (request, reply) => {
    const session = await load(request.params.sessionId);
    const lang = await languageOf(request, session);
    if (!session || session.status !== 'open' || isExpired(session)) return reply.redirect(pagePath(request.params.sessionId), 303);
    const values = request.body as Partial<CardFormValues>;
    const outcome = evaluateCard(values, app.clock.now());
    if (outcome.kind === 'invalid') return html(reply, cardFormPage(lang, session, { ...values, cvc: '' }, outcome.errors), 422);
    if (outcome.kind === 'three_d_secure') {
      await gateway.requireAction(session, outcome.last4);
      return reply.redirect(pagePath(session.id), 303);
    }
    if (outcome.kind === 'declined')
      return finish(reply, session, { kind: 'failed', last4: outcome.last4, failureMessage: DECLINED_MESSAGE }, session.return_url);
    return finish(reply, session, { kind: 'succeeded', last4: outcome.last4 }, session.return_url);
  });

  app.post('/sandbox-pay/:sessionId/3ds', { schema: { params: paramsSchema, body: formSchema, hide: true } }, async (request, reply) => {
    const session = await load(request.params.sessionId);
    if (!session || session.status !== 'requires_action') return reply.redirect(pagePath(request.params.sessionId), 303);
    const confirmed = (request.body as Record<string, string>).action === 'complete';
    return finish(reply, session, confirmed ? { kind: 'succeeded' } : { kind: 'failed', failureMessage: THREE_DS_FAILED_MESSAGE }, session.return_url);
  });

  // A test helper: only from this machine, so a staging deployment's testers can't fake disputes.
  app.post(
    '/sandbox-pay/:sessionId/dispute',
    { schema: { params: paramsSchema, body: formSchema, hide: true }, onRequest: onlyFromLoopback },
    async (request, reply) => {
      const session = await load(request.params.sessionId);
      const action = (request.body as Record<string, string>).action;
      if (session && (action === 'open' || action === 'won' || action === 'lost')) await gateway.disputeSession(session, action);
      return reply.redirect(pagePath(request.params.sessionId), 303);
    },
  );

  app.post('/sandbox-pay/:sessionId/cancel', { schema: { params: paramsSchema, hide: true } }, async (request, reply) => {
    const session = await load(request.params.sessionId);
    if (!session || (session.status !== 'open' && session.status !== 'requires_action')) return reply.redirect(pagePath(request.params.sessionId), 303);
    return finish(reply, session, { kind: 'failed', failureMessage: CANCELLED_MESSAGE }, session.cancel_url);
  });
};
