import { type Insertable, sql } from 'kysely';
import { type DbOrTrx } from '../../db/database.js';
import { type ContentTranslationsTable } from './reference.table.js';

/** The content tables whose text exists per language (migration 0240). */
export type ContentTable = 'faqs' | 'bundles' | 'products' | 'rooms' | 'static_pages';

/** The translations of some fields of some rows in one language (one indexed read). */
export function selectRowTranslations(db: DbOrTrx, table: ContentTable, languageId: number, rowIds: number[], fields: readonly string[]) {
  return db
    .selectFrom('content_translations')
    .select(['row_id', 'field', 'text'])
    .where('table_name', '=', table)
    .where('language_id', '=', languageId)
    .where('row_id', 'in', rowIds)
    .where('field', 'in', fields)
    .execute();
}

/** Rows of a content table whose `matchField` holds one of the given texts: their id and that text. */
export async function selectRowsMatching(db: DbOrTrx, table: ContentTable, matchField: string, matches: string[]) {
  const { rows } = await sql<{ id: number; matched: string }>`select id, ${sql.ref(matchField)} as matched from ${sql.table(table)} where ${sql.ref(
    matchField,
  )} in (${sql.join(matches)})`.execute(db);
  return rows;
}

/** Inserts translations, keeping any that exist (an operator's edit stays), 100 rows a statement. */
export async function insertMissingTranslations(db: DbOrTrx, values: Insertable<ContentTranslationsTable>[]) {
  for (let i = 0; i < values.length; i += 100)
    await db
      .insertInto('content_translations')
      .values(values.slice(i, i + 100))
      .onConflict((oc) => oc.columns(['table_name', 'language_id', 'row_id', 'field']).doNothing())
      .execute();
}
