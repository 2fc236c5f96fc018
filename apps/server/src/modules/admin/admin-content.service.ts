import { pageMeta, settingsSchema, texts, type Settings } from '@parley/contracts';
import { AppError, validationError } from '../../lib/app-error.js';
import { validationFailure } from '../../plugins/errors.js';
import { findCatalogRow } from './admin-catalog.repository.js';
import { type AdminActor, audited } from './admin-audit.js';
import { getSettings, saveSettings } from '../reference/settings.service.js';

/** Saves the changed settings after validating the whole merged set; an invalid set saves nothing. */
export async function updateSettings(actor: AdminActor, changes: Partial<Settings>) {
  return audited(actor, 'settings.update', 'settings', async (trx) => {
    const current = await getSettings(trx);
    const parsed = settingsSchema.safeParse({ ...current, ...changes });
    if (!parsed.success) throw validationFailure(parsed.error.issues);
    const next = parsed.data;
    if (next.bot_reply_interval_min > next.bot_reply_interval_max) {
      throw validationError('bot_reply_interval_max', 'The maximum must not be below the minimum');
    }
    const keys = (Object.keys(changes) as (keyof Settings)[]).filter((k) => JSON.stringify(current[k]) !== JSON.stringify(next[k]));
    const diff = Object.fromEntries(keys.map((k) => [k, next[k]]));
    await saveSettings(trx, diff);
    return {
      subjectId: null,
      before: Object.fromEntries(keys.map((k) => [k, current[k]])),
      after: diff,
      result: next,
    };
  });
}

async function requireLanguage(actor: Pick<AdminActor, 'db'>, languageId: number) {
  const language = await findCatalogRow(actor.db, 'languages', languageId);
  if (!language) throw new AppError('NOT_FOUND', texts.admin.notFound);
  return language;
}

export interface LocalizationKeysQuery {
  page: number;
  per_page: number;
  q?: string;
  missing?: 'yes' | 'no';
  order: 'asc' | 'desc';
}

/**
 * Every key of the default language and of this one, with both values, so
 * translators see what is missing. Key sets are small (hundreds), so the merge is done here.
 */
export async function listLocalizationKeys(actor: AdminActor, languageId: number, query: LocalizationKeysQuery) {
  const language = await requireLanguage(actor, languageId);
  const fallback = await actor.db.selectFrom('languages').select('id').orderBy('is_default', 'desc').orderBy('id').executeTakeFirstOrThrow();
  const rows = await actor.db
    .selectFrom('localizations')
    .select(['language_id', 'key', 'value'])
    .where('language_id', 'in', [languageId, fallback.id])
    .execute();
  const keys = new Map<string, { key: string; default_value: string | null; value: string | null }>();
  for (const row of rows) {
    const entry = keys.get(row.key) ?? { key: row.key, default_value: null, value: null };
    if (row.language_id === fallback.id) entry.default_value = row.value;
    if (row.language_id === languageId) entry.value = row.value;
    keys.set(row.key, entry);
  }
  const needle = query.q?.toLowerCase();
  const all = [...keys.values()]
    .map((e) => ({ ...e, is_missing: e.default_value !== null && (e.value === null || e.value.trim() === '') }))
    .filter(
      (e) =>
        !needle ||
        e.key.toLowerCase().includes(needle) ||
        (e.value ?? '').toLowerCase().includes(needle) ||
        (e.default_value ?? '').toLowerCase().includes(needle),
    )
    .filter((e) => !query.missing || e.is_missing === (query.missing === 'yes'))
    .sort((a, b) => (query.order === 'desc' ? b.key.localeCompare(a.key) : a.key.localeCompare(b.key)));
  const items = all.slice((query.page - 1) * query.per_page, query.page * query.per_page);
  return {
    language: { id: language.id, code: language.code, title: language.title, is_default: language.is_default === 1 },
    default_language_id: fallback.id,
    missing_count: [...keys.values()].filter((e) => e.default_value !== null && (e.value === null || e.value.trim() === '')).length,
    items,
    meta: pageMeta(query.page, query.per_page, all.length),
  };
}

/** Creates or replaces one key's text in one language. */
export async function saveLocalization(actor: AdminActor, languageId: number, key: string, value: string) {
  await requireLanguage(actor, languageId);
  return audited(actor, 'localization.save', 'localization', async (trx) => {
    const before = await trx
      .selectFrom('localizations')
      .select(['key', 'value'])
      .where('language_id', '=', languageId)
      .where('key', '=', key)
      .executeTakeFirst();
    await trx
      .insertInto('localizations')
      .values({ language_id: languageId, key, value })
      .onConflict((oc) => oc.columns(['language_id', 'key']).doUpdateSet({ value }))
      .execute();
    return { subjectId: `${languageId}:${key}`.slice(0, 64), before: before ?? null, after: { key, value }, result: { language_id: languageId, key, value } };
  });
}

export async function deleteLocalization(actor: AdminActor, languageId: number, key: string) {
  return audited(actor, 'localization.delete', 'localization', async (trx) => {
    const before = await trx
      .selectFrom('localizations')
      .select(['key', 'value'])
      .where('language_id', '=', languageId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!before) throw new AppError('NOT_FOUND', texts.admin.notFound);
    await trx.deleteFrom('localizations').where('language_id', '=', languageId).where('key', '=', key).execute();
    return { subjectId: `${languageId}:${key}`.slice(0, 64), before, after: null, result: null };
  });
}
