import { type DbOrTrx } from '../../db/database.js';

/** The content tables whose rows have per-language text (issue 33, migration 0240). */
export type TranslatableTable = 'faqs' | 'bundles' | 'products' | 'rooms' | 'static_pages';

export interface TranslationKey {
  table: TranslatableTable;
  row_id: number;
  language_id: number;
  field: string;
}

/** Every row of a content table with the given text columns, by id. */
export async function selectContentRows(db: DbOrTrx, table: TranslatableTable, fields: readonly string[]) {
  return (await db
    .selectFrom(table)
    .select(['id', ...fields] as never[])
    .orderBy('id')
    .execute()) as unknown as ({ id: number } & Record<string, string>)[];
}

export function contentRowExists(db: DbOrTrx, table: TranslatableTable, id: number) {
  return db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
}

export function languageExists(db: DbOrTrx, id: number) {
  return db.selectFrom('languages').select('id').where('id', '=', id).executeTakeFirst();
}

/** The first language that is not the default (German on a fresh install). */
export async function findFirstTranslationLanguageId(db: DbOrTrx) {
  return (await db.selectFrom('languages').select('id').orderBy('is_default', 'asc').orderBy('id').executeTakeFirst())?.id;
}

export function selectTranslations(db: DbOrTrx, table: TranslatableTable, languageId: number) {
  return db
    .selectFrom('content_translations')
    .select(['row_id', 'field', 'text'])
    .where('table_name', '=', table)
    .where('language_id', '=', languageId)
    .execute();
}

export async function findTranslation(db: DbOrTrx, key: TranslationKey) {
  return (
    (await db
      .selectFrom('content_translations')
      .select(['text'])
      .where('table_name', '=', key.table)
      .where('row_id', '=', key.row_id)
      .where('language_id', '=', key.language_id)
      .where('field', '=', key.field)
      .executeTakeFirst()) ?? null
  );
}

export async function upsertTranslation(db: DbOrTrx, key: TranslationKey, text: string) {
  await db
    .insertInto('content_translations')
    .values({ table_name: key.table, row_id: key.row_id, language_id: key.language_id, field: key.field, text })
    .onConflict((oc) => oc.columns(['table_name', 'language_id', 'row_id', 'field']).doUpdateSet({ text }))
    .execute();
}

export async function deleteTranslation(db: DbOrTrx, key: TranslationKey) {
  await db
    .deleteFrom('content_translations')
    .where('table_name', '=', key.table)
    .where('row_id', '=', key.row_id)
    .where('language_id', '=', key.language_id)
    .where('field', '=', key.field)
    .execute();
}
