import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { onlyFromLoopback } from '../../plugins/loopback-only.js';
import { listDevMails } from './mail.repository.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * The dev mailbox: registered only outside production and only when SMTP is not configured,
 * and answering only requests from this machine (a reset link in it would take an account).
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', onlyFromLoopback);
  const querystring = z.object({ to: z.string().max(254).optional() });
  const listMails = (to?: string) => listDevMails(app.db, to);

  app.get('/api/dev/mailbox', { schema: { querystring, hide: true } }, async (request) => ({ status: 'OK', payload: await listMails(request.query.to) }));

  app.get('/dev/mailbox', { schema: { querystring, hide: true } }, async (request, reply) => {
    const mails = await listMails(request.query.to);
    const items = mails
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.created_at)}</p><pre>${linkify(m.text)}</pre></article>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html><head><meta charset="utf-8"><title>Dev mailbox</title><style>body{font:15px system-ui;max-width:760px;margin:2rem auto;padding:0 1rem}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}.meta{color:#666}</style></head><body><h1>Dev mailbox</h1>${items || '<p>No mail yet.</p>'}</body></html>`;
  });
};
