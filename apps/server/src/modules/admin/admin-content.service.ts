import { pageMeta, settingsSchema, texts, type Settings } from '@parley/contracts';
import { checkTranslation, englishCatalogue, isTextKey, parameterNames, textKeys } from '@parley/contracts/i18n';
import { AppError, localized, validationError } from '../../lib/app-error.js';
import { validationFailure } from '../../plugins/errors.js';
import { findCatalogRow } from './admin-catalog.repository.js';
import {
  deleteLocalizationRow,
  findDefaultLanguageId,
  findLocalization,
  listLanguages,
  selectLocalizationRows,
  upsertLocalization,
} from './admin-localizations.repository.js';
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

interface KeyEntry {
  key: string;
  /** The English source text in code (null for a key an operator added that the catalogue lacks). */
  source: string | null;
  default_value: string | null;
  value: string | null;
}

const hasText = (value: string | null | undefined): value is string => value !== null && value !== undefined && value.trim() !== '';

/**
 * Every key this language should have: each key of the catalogue (so a new English text shows up with no
 * other change) and any key an operator added to the default language or to this one.
 */
function mergeKeys(rows: { language_id: number; key: string; value: string }[], languageId: number, fallbackId: number) {
  const keys = new Map<string, KeyEntry>();
  for (const key of textKeys) keys.set(key, { key, source: englishCatalogue[key], default_value: null, value: null });
  for (const row of rows) {
    const entry = keys.get(row.key) ?? { key: row.key, source: null, default_value: null, value: null };
    if (row.language_id === fallbackId) entry.default_value = row.value;
    if (row.language_id === languageId) entry.value = row.value;
    keys.set(row.key, entry);
  }
  return [...keys.values()].map((e) => ({
    ...e,
    default_value: hasText(e.default_value) ? e.default_value : e.source,
    is_missing: !hasText(e.value) && (e.source !== null || hasText(e.default_value)),
  }));
}

/** How many catalogue keys each language lacks (the languages screen's summary). */
async function missingPerLanguage(actor: AdminActor) {
  const languages = await listLanguages(actor.db);
  const rows = await selectLocalizationRows(actor.db);
  const present = new Map<number, number>();
  for (const row of rows) if (isTextKey(row.key) && hasText(row.value)) present.set(row.language_id, (present.get(row.language_id) ?? 0) + 1);
  return languages.map((l) => ({ ...l, missing_count: textKeys.length - (present.get(l.id) ?? 0) }));
}

/** Every key with the English source, the default language's text and this language's, so translators see what is missing. */
export async function listLocalizationKeys(actor: AdminActor, languageId: number, query: LocalizationKeysQuery) {
  const language = await requireLanguage(actor, languageId);
  const fallback = await findDefaultLanguageId(actor.db);
  const rows = await selectLocalizationRows(actor.db, [languageId, fallback.id]);
  const entries = mergeKeys(rows, languageId, fallback.id);
  const needle = query.q?.toLowerCase();
  const all = entries
    .filter((e) => !needle || [e.key, e.value ?? '', e.default_value ?? '', e.source ?? ''].some((text) => text.toLowerCase().includes(needle)))
    .filter((e) => !query.missing || e.is_missing === (query.missing === 'yes'))
    .sort((a, b) => (query.order === 'desc' ? b.key.localeCompare(a.key) : a.key.localeCompare(b.key)));
  const items = all.slice((query.page - 1) * query.per_page, query.page * query.per_page);
  return {
    language: { id: language.id, code: language.code, title: language.title, is_default: language.is_default === 1 },
    default_language_id: fallback.id,
    missing_count: entries.filter((e) => e.is_missing).length,
    languages: await missingPerLanguage(actor),
    items,
    meta: pageMeta(query.page, query.per_page, all.length),
  };
}

/** English catalogue texts are the source, kept in code and mirrored by every seed: an edit here would be undone at the next start. */
function assertNotEnglishSource(language: { code: string }, key: string) {
  if (language.code === 'en' && isTextKey(key)) throw validationError('value', texts.admin.englishIsSource);
}

/** A catalogue text must parse and use only its English text's values; an added key must parse. */
function assertTranslation(key: string, value: string) {
  if (value.trim() === '') return;
  const check = isTextKey(key) ? checkTranslation(key, value) : parameterNames(value) === null ? 'syntax' : 'ok';
  if (check === 'syntax') throw validationError('value', texts.admin.translationSyntax);
  if (check === 'unknown-parameter' && isTextKey(key)) {
    const allowed = (parameterNames(englishCatalogue[key]) ?? []).map((name) => `{${name}}`).join(', ') || '—';
    throw validationError('value', localized('admin.translationParameters', { allowed }));
  }
}

/** Creates or replaces one key's text in one language; a broken ICU message is refused and saves nothing. */
export async function saveLocalization(actor: AdminActor, languageId: number, key: string, value: string) {
  assertNotEnglishSource(await requireLanguage(actor, languageId), key);
  assertTranslation(key, value);
  return audited(actor, 'localization.save', 'localization', async (trx) => {
    const before = await findLocalization(trx, languageId, key);
    await upsertLocalization(trx, languageId, key, value);
    return { subjectId: `${languageId}:${key}`.slice(0, 64), before: before ?? null, after: { key, value }, result: { language_id: languageId, key, value } };
  });
}

export async function deleteLocalization(actor: AdminActor, languageId: number, key: string) {
  assertNotEnglishSource(await requireLanguage(actor, languageId), key);
  return audited(actor, 'localization.delete', 'localization', async (trx) => {
    const before = await findLocalization(trx, languageId, key);
    if (!before) throw new AppError('NOT_FOUND', texts.admin.notFound);
    await deleteLocalizationRow(trx, languageId, key);
    return { subjectId: `${languageId}:${key}`.slice(0, 64), before, after: null, result: null };
  });
}
