import { envelopeSchema, localizationsQuerySchema, publicSettingsSchema, staticPageParamSchema, texts } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromFlag } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import { sanitizeRichHtml } from '../../lib/html.js';
import * as repo from './reference.repository.js';
import { getSettings, watchSettings } from './settings.service.js';
import { type StaticPagesTable } from './reference.table.js';
import { type Selectable } from 'kysely';

const toStaticPage = (row: Selectable<StaticPagesTable>) => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  // Sanitized on write too; sanitizing on read guards rows written by older code or by hand.
  content: sanitizeRichHtml(row.content),
  is_terms: fromFlag(row.is_terms),
  is_privacy: fromFlag(row.is_privacy),
  is_buyer_terms: fromFlag(row.is_buyer_terms),
  is_seller_terms: fromFlag(row.is_seller_terms),
  is_cookie: fromFlag(row.is_cookie),
});

export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get('/languages', { schema: { tags: ['reference'] } }, async () => ({
    status: 'OK',
    payload: (await repo.listLanguages(db)).map((l) => ({ id: l.id, code: l.code, title: l.title, default: l.is_default === 1 ? 1 : 0 })),
  }));

  app.get('/localizations', { schema: { tags: ['reference'], querystring: localizationsQuerySchema } }, async (request) => {
    const languages = await repo.listLanguages(db);
    const language = languages.find((l) => l.id === request.query.lang_id) ?? (await repo.findDefaultLanguage(db));
    const rows = language ? await repo.listLocalizations(db, language.id) : [];
    return { status: 'OK', payload: Object.fromEntries(rows.map((r) => [r.key, r.value])) };
  });

  app.get('/countries', { schema: { tags: ['reference'] } }, async () => ({
    status: 'OK',
    payload: (await repo.listCountries(db)).map((c) => ({ id: c.id, title: c.title, iso: c.iso, dial_code: c.dial_code })),
  }));

  app.get('/currencies', { schema: { tags: ['reference'] } }, async () => ({
    status: 'OK',
    payload: (await repo.listCurrencies(db)).map((c) => ({ id: c.id, code: c.code, value: c.value, symbol: c.symbol, default: c.is_default === 1 })),
  }));

  app.get('/faq', { schema: { tags: ['reference'] } }, async () => ({
    status: 'OK',
    payload: (await repo.listFaqs(db)).map((f) => ({ id: f.id, question: f.question, answer: sanitizeRichHtml(f.answer) })),
  }));

  app.get('/social-links', { schema: { tags: ['reference'] } }, async () => ({
    status: 'OK',
    payload: (await repo.listSocialLinks(db)).map((s) => ({ id: s.id, title: s.title, link: s.link, img: s.img })),
  }));

  watchSettings(app.bus, db);
  app.get('/settings', { schema: { tags: ['reference'], response: { 200: envelopeSchema(publicSettingsSchema) } } }, async () => ({
    status: 'OK' as const,
    payload: { ...(await getSettings(db)), test_payments: app.config.testPayments, demo_companion: !app.config.llm },
  }));

  // The settings tag script as a same-origin file: the CSP allows only 'self' scripts, never inline ones.
  app.get('/tag-script.js', { schema: { tags: ['reference'] } }, async (_request, reply) => {
    const { tag_script } = await getSettings(db);
    // Admins often paste a snippet wrapped in <script> tags: serve only the code.
    const code = tag_script.replace(/<\/?script[^>]*>/gi, '');
    return reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(code);
  });

  app.get('/static-pages', { schema: { tags: ['reference'] } }, async () => ({
    status: 'OK',
    payload: (await repo.listStaticPages(db)).map(({ content: _content, ...row }) => {
      const { content: _c, ...page } = toStaticPage({ ...row, content: '' });
      return page;
    }),
  }));

  app.get('/static-pages/:idOrSlug', { schema: { tags: ['reference'], params: staticPageParamSchema } }, async (request) => {
    const page = await repo.findStaticPage(db, request.params.idOrSlug);
    if (!page) throw new AppError('NOT_FOUND', texts.reference.pageNotFound);
    return { status: 'OK', payload: toStaticPage(page) };
  });
};
