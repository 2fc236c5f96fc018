import { adminResponses, idSchema, jsonIdSchema, texts } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { errorResponses } from '../../plugins/responses.js';
import { sanitizeRichHtml } from '../../lib/html.js';
import { actorOf } from './admin-actor.js';
import { audited, type AdminActor } from './admin-audit.js';
import * as repo from './admin-content-translations.repository.js';

/** The translatable fields of each content table (issue 33, migration 0240). Rich fields are sanitized like their rows. */
const contentFields = {
  faqs: { fields: ['question', 'answer'], rich: ['answer'] },
  bundles: { fields: ['description'], rich: [] },
  products: { fields: ['name', 'description'], rich: [] },
  rooms: { fields: ['title'], rich: [] },
  static_pages: { fields: ['title', 'content'], rich: ['content'] },
} as const;
type ContentTableName = keyof typeof contentFields;
const tableSchema = z.enum(Object.keys(contentFields) as [ContentTableName, ...ContentTableName[]]);

/** Without a language: the first one that is not the default (German on a fresh install). */
const listQuerySchema = z.object({ table: tableSchema.default('faqs'), language_id: idSchema.optional() });
const saveBodySchema = z.object({
  table: tableSchema,
  row_id: jsonIdSchema,
  language_id: jsonIdSchema,
  field: z.string().min(1).max(40),
  /** Empty: the row's own text again (the translation is removed). */
  text: z.string().max(100_000),
});

/** Every row of a content table with each translatable field: its own text and its text in the language. */
export async function listContentTranslations(actor: Pick<AdminActor, 'db'>, table: ContentTableName, languageId: number) {
  const { fields } = contentFields[table];
  const rows = await repo.selectContentRows(actor.db, table, fields);
  const translations = await repo.selectTranslations(actor.db, table, languageId);
  const text = new Map(translations.map((t) => [`${t.row_id}:${t.field}`, t.text]));
  return rows.flatMap((row) => fields.map((field) => ({ row_id: row.id, field, source: row[field] ?? '', text: text.get(`${row.id}:${field}`) ?? '' })));
}

export async function saveContentTranslation(actor: AdminActor, body: z.infer<typeof saveBodySchema>) {
  const spec = contentFields[body.table];
  if (!(spec.fields as readonly string[]).includes(body.field))
    throw new AppError('VALIDATION', texts.common.validationFailed, { field: [texts.common.validationFailed] });
  const row = await repo.contentRowExists(actor.db, body.table, body.row_id);
  const language = await repo.languageExists(actor.db, body.language_id);
  if (!row || !language) throw new AppError('NOT_FOUND', texts.admin.notFound);
  const value = (spec.rich as readonly string[]).includes(body.field) ? sanitizeRichHtml(body.text) : body.text.trim();
  return audited(actor, value ? 'content_translation.save' : 'content_translation.delete', 'content_translation', async (trx) => {
    const before = await repo.findTranslation(trx, body);
    if (value) await repo.upsertTranslation(trx, body, value);
    else await repo.deleteTranslation(trx, body);
    const subject = `${body.table}:${body.row_id}:${body.language_id}:${body.field}`.slice(0, 64);
    return { subjectId: subject, before, after: value ? { text: value } : null, result: { ...body, text: value } };
  });
}

/** /admin → Content translations: the FAQ, bundles, skins, rooms and pages in each language. */
export const adminContentTranslationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  app.get(
    '/content-translations',
    { schema: { tags, querystring: listQuerySchema, response: { 200: adminResponses.contentTranslations } } },
    async (request) => ({
      status: 'OK' as const,
      payload: await listContentTranslations(
        actorOf(app, request),
        request.query.table,
        request.query.language_id ?? (await repo.findFirstTranslationLanguageId(app.db)) ?? 0,
      ),
    }),
  );
  app.put(
    '/content-translations',
    { schema: { tags, body: saveBodySchema, response: { 200: adminResponses.contentTranslationSaved, ...errorResponses(404) } } },
    async (request) => ({
      status: 'OK' as const,
      message: texts.admin.saved,
      payload: await saveContentTranslation(actorOf(app, request), request.body),
    }),
  );
};
