import { englishCatalogue, textKeys, type TextKey } from '@parley/contracts/i18n';
import { type Db } from '../../db/database.js';
import { findLanguagesByCode, replaceLocalization, selectLocalizations, writeLocalizations } from './seed.repository.js';
import { de } from './locales/de.js';
import { retiredGerman } from './locales/de-retired.js';

/** Rows per statement: three values each, far below either database's parameter limit. */
const BATCH = 200;

/**
 * The localizations of the languages we ship (issue 19), cheap enough for every start and safe from
 * several processes at once: one read of what is there, then writes only for what differs.
 * - English mirrors the catalogue in code: a new key appears, a changed English text replaces the row.
 * - German (./locales/de.ts) is inserted where a key has no row; an operator's edit is never overwritten. A row
 *   that still holds a text we shipped and later rewrote (./locales/de-retired.ts) takes the new text.
 */
export async function seedLocalizations(db: Db) {
  const languages = await findLanguagesByCode(db, ['en', 'de']);
  const english = languages.find((l) => l.code === 'en');
  const german = languages.find((l) => l.code === 'de');
  const ids = languages.map((l) => l.id);
  if (ids.length === 0) return;
  const rows = await selectLocalizations(db, ids);
  const stored = new Map(rows.map((r) => [`${r.language_id}:${r.key}`, r.value]));

  if (english) {
    const changed = textKeys
      .filter((key) => stored.get(`${english.id}:${key}`) !== englishCatalogue[key])
      .map((key) => ({ language_id: english.id, key, value: englishCatalogue[key] }));
    for (let i = 0; i < changed.length; i += BATCH) await writeLocalizations(db, changed.slice(i, i + BATCH), 'replace');
  }
  if (german) {
    const missing = textKeys
      .filter((key) => de[key]?.trim() && !stored.has(`${german.id}:${key}`))
      .map((key) => ({ language_id: german.id, key, value: de[key]! }));
    for (let i = 0; i < missing.length; i += BATCH) await writeLocalizations(db, missing.slice(i, i + BATCH), 'keep');
    for (const [key, old] of Object.entries(retiredGerman) as [TextKey, readonly string[]][]) {
      const value = stored.get(`${german.id}:${key}`);
      if (value === undefined || !old.includes(value) || !de[key] || de[key] === value) continue;
      await replaceLocalization(db, german.id, key, value, de[key]);
    }
  }
}
