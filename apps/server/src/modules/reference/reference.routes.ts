import { z } from 'zod';
import {
  countrySchema,
  currencySchema,
  envelopeSchema,
  faqSchema,
  languageSchema,
  localizationsQuerySchema,
  localizationsSchema,
  publicSettingsSchema,
  socialLinkSchema,
  staticPageParamSchema,
  staticPageSchema,
  staticPageSummarySchema,
  texts,
} from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromFlag } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import { sanitizeRichHtml } from '../../lib/html.js';
import * as repo from './reference.repository.js';
import { localizeRow, localizeRows } from './content-translations.service.js';
import { getLanguageTexts } from './localization.service.js';
import { requestLanguageId } from '../../plugins/localize.js';

/** Country names in a language (CLDR through Intl.DisplayNames), sorted the way that language sorts. */
export function localizeCountries(rows: { id: number; title: string; iso: string; dial_code: string }[], code: string) {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([code], { type: 'region', fallback: 'none' });
  } catch {
    names = undefined;
  }
  const collator = new Intl.Collator(code);
  return rows
    .map((c) => ({ id: c.id, title: (code !== 'en' && names?.of(c.iso)) || c.title, iso: c.iso, dial_code: c.dial_code }))
    .sort((a, b) => collator.compare(a.title, b.title));
}
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

import { errorResponses, javascriptResponse } from '../../plugins/responses.js';
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get('/languages', { schema: { tags: ['reference'], response: { 200: envelopeSchema(z.array(languageSchema)) } } }, async () => ({
    status: 'OK' as const,
    payload: (await repo.listLanguages(db)).map((l) => ({ id: l.id, code: l.code, title: l.title, default: l.is_default === 1 ? (1 as const) : (0 as const) })),
  }));

  app.get(
    '/localizations',
    { schema: { tags: ['reference'], querystring: localizationsQuerySchema, response: { 200: envelopeSchema(localizationsSchema) } } },
    async (request) => {
      const languages = await repo.listLanguages(db);
      const language = languages.find((l) => l.id === request.query.lang_id) ?? (await repo.findDefaultLanguage(db));
      const rows = language ? await repo.listLocalizations(db, language.id) : [];
      return { status: 'OK' as const, payload: Object.fromEntries(rows.map((r) => [r.key, r.value])) };
    },
  );

  // Country names in the request's language (issue 33), from the CLDR data Node's ICU carries; sorted for that language.
  app.get('/countries', { schema: { tags: ['reference'], response: { 200: envelopeSchema(z.array(countrySchema)) } } }, async (request) => {
    const { code } = await getLanguageTexts(db, requestLanguageId(request));
    return { status: 'OK' as const, payload: localizeCountries(await repo.listCountries(db), code) };
  });

  app.get('/currencies', { schema: { tags: ['reference'], response: { 200: envelopeSchema(z.array(currencySchema)) } } }, async () => ({
    status: 'OK' as const,
    payload: (await repo.listCurrencies(db)).map((c) => ({ id: c.id, code: c.code, value: c.value, symbol: c.symbol, default: c.is_default === 1 })),
  }));

  app.get('/faq', { schema: { tags: ['reference'], response: { 200: envelopeSchema(z.array(faqSchema)) } } }, async (request) => ({
    status: 'OK' as const,
    payload: (await localizeRows(db, 'faqs', requestLanguageId(request), await repo.listFaqs(db), ['question', 'answer'])).map((f) => ({
      id: f.id,
      question: f.question,
      answer: sanitizeRichHtml(f.answer),
    })),
  }));

  app.get('/social-links', { schema: { tags: ['reference'], response: { 200: envelopeSchema(z.array(socialLinkSchema)) } } }, async () => ({
    status: 'OK' as const,
    payload: (await repo.listSocialLinks(db)).map((s) => ({ id: s.id, title: s.title, link: s.link, img: s.img })),
  }));

  watchSettings(app.bus, db);
  app.get('/settings', { schema: { tags: ['reference'], response: { 200: envelopeSchema(publicSettingsSchema) } } }, async () => ({
    status: 'OK' as const,
    payload: { ...(await getSettings(db)), test_payments: app.config.testPayments, demo_companion: !app.config.llm },
  }));

  // The settings tag script as a same-origin file: the CSP allows only 'self' scripts, never inline ones.
  app.get('/tag-script.js', { schema: { tags: ['reference'], response: { 200: javascriptResponse } } }, async (_request, reply) => {
    const { tag_script } = await getSettings(db);
    // Admins often paste a snippet wrapped in <script> tags: serve only the code.
    const code = tag_script.replace(/<\/?script[^>]*>/gi, '');
    return reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(code);
  });

  app.get('/static-pages', { schema: { tags: ['reference'], response: { 200: envelopeSchema(z.array(staticPageSummarySchema)) } } }, async (request) => ({
    status: 'OK' as const,
    payload: (await localizeRows(db, 'static_pages', requestLanguageId(request), await repo.listStaticPages(db), ['title'])).map(
      ({ content: _content, ...row }) => {
        const { content: _c, ...page } = toStaticPage({ ...row, content: '' });
        return page;
      },
    ),
  }));

  app.get(
    '/static-pages/:idOrSlug',
    { schema: { tags: ['reference'], params: staticPageParamSchema, response: { 200: envelopeSchema(staticPageSchema), ...errorResponses(404) } } },
    async (request) => {
      const page = await repo.findStaticPage(db, request.params.idOrSlug);
      if (!page) throw new AppError('NOT_FOUND', texts.reference.pageNotFound);
      return { status: 'OK' as const, payload: toStaticPage(await localizeRow(db, 'static_pages', requestLanguageId(request), page, ['title', 'content'])) };
    },
  );
};
