import { type DbOrTrx } from '../../db/database.js';
import { insertMissingTranslations, selectRowsMatching, selectRowTranslations, type ContentTable } from './content-translations.repository.js';
import { getLanguageTexts } from './localization.service.js';

export type { ContentTable };

/**
 * Content rows in the request's language (issue 33): each of `fields` takes the row's translation in
 * that language where there is one, else keeps the row's own text (the default language's). One
 * indexed read per call; `languageId` undefined or unknown means the default language.
 */
export async function localizeRows<T extends { id: number }>(
  db: DbOrTrx,
  table: ContentTable,
  languageId: number | undefined,
  rows: T[],
  fields: readonly (keyof T & string)[],
): Promise<T[]> {
  if (rows.length === 0) return rows;
  const language = await getLanguageTexts(db, languageId);
  if (language.id === null) return rows;
  const translations = await selectRowTranslations(
    db,
    table,
    language.id,
    rows.map((r) => r.id),
    fields,
  );
  if (translations.length === 0) return rows;
  const byRow = new Map<number, Map<string, string>>();
  for (const t of translations) {
    if (!t.text.trim()) continue;
    const own = byRow.get(t.row_id) ?? new Map<string, string>();
    own.set(t.field, t.text);
    byRow.set(t.row_id, own);
  }
  return rows.map((row) => {
    const own = byRow.get(row.id);
    if (!own) return row;
    const out = { ...row };
    for (const field of fields) if (own.has(field)) (out as Record<string, unknown>)[field] = own.get(field);
    return out;
  });
}

/** One row in the request's language (see localizeRows). */
export async function localizeRow<T extends { id: number }>(
  db: DbOrTrx,
  table: ContentTable,
  languageId: number | undefined,
  row: T,
  fields: readonly (keyof T & string)[],
) {
  return (await localizeRows(db, table, languageId, [row], fields))[0]!;
}

/**
 * Seeds translations of content rows that still hold the text we shipped (matched by `match`, the row's
 * English text in `matchField` or its slug), never replacing one that exists: an operator's edits stay.
 */
export async function seedTranslations(
  db: DbOrTrx,
  table: ContentTable,
  languageId: number,
  matchField: 'title' | 'question' | 'description' | 'name' | 'slug',
  items: readonly { match: string; fields: Readonly<Record<string, string>> }[],
) {
  if (items.length === 0) return;
  const rows = await selectRowsMatching(
    db,
    table,
    matchField,
    items.map((i) => i.match),
  );
  const values = rows.flatMap((row) => {
    const item = items.find((i) => i.match === row.matched);
    return item ? Object.entries(item.fields).map(([field, text]) => ({ table_name: table, row_id: row.id, language_id: languageId, field, text })) : [];
  });
  await insertMissingTranslations(db, values);
}
