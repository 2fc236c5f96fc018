import { type Insertable } from 'kysely';
import { type Database, type Db } from '../../db/database.js';

/**
 * The seed's writes: reference data and demo content, every one idempotent (a row that exists, by its
 * natural key, is kept as it is: an operator's edit survives every start).
 */
type SeededTable = 'languages' | 'currencies' | 'countries' | 'static_pages';
const naturalKey = { languages: 'code', currencies: 'code', countries: 'iso', static_pages: 'slug' } as const;

/**
 * Inserts rows whose natural key (code, iso, slug) is not there yet, `batch` rows a statement. Rows of one
 * batch must set the same columns: SQLite has no DEFAULT inside VALUES, a column one row lacks becomes NULL.
 */
export async function insertMissing<T extends SeededTable>(db: Db, table: T, rows: Insertable<Database[T]>[], batch = 1) {
  for (let i = 0; i < rows.length; i += batch)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + batch) as never)
      .onConflict((oc) => oc.column(naturalKey[table] as never).doNothing())
      .execute();
}

export async function findLanguageIdByCode(db: Db, code: string) {
  return (await db.selectFrom('languages').select('id').where('code', '=', code).executeTakeFirst())?.id;
}

export function findLanguagesByCode(db: Db, codes: string[]) {
  return db.selectFrom('languages').select(['id', 'code']).where('code', 'in', codes).execute();
}

type DemoTable = 'rooms' | 'bundles' | 'faqs' | 'social_links';

export async function isEmpty(db: Db, table: DemoTable) {
  return !(await db.selectFrom(table).select('id').limit(1).executeTakeFirst());
}

export async function insertRows<T extends DemoTable>(db: Db, table: T, rows: Insertable<Database[T]>[]) {
  await db
    .insertInto(table)
    .values(rows as never)
    .execute();
}

/** A setting's value where the operator has set none. */
export async function insertSettingIfMissing(db: Db, key: string, json: string) {
  await db
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export function selectLocalizations(db: Db, languageIds: number[]) {
  return db.selectFrom('localizations').select(['language_id', 'key', 'value']).where('language_id', 'in', languageIds).execute();
}

/** Writes texts, replacing (`replace`) or keeping (`keep`) a row that exists. */
export async function writeLocalizations(db: Db, rows: Insertable<Database['localizations']>[], existing: 'replace' | 'keep') {
  await db
    .insertInto('localizations')
    .values(rows)
    .onConflict((oc) =>
      existing === 'replace'
        ? oc.columns(['language_id', 'key']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') }))
        : oc.columns(['language_id', 'key']).doNothing(),
    )
    .execute();
}

/** Replaces a text only while it still holds `was` (an operator's edit in between wins). */
export async function replaceLocalization(db: Db, languageId: number, key: string, was: string, value: string) {
  await db.updateTable('localizations').set({ value }).where('language_id', '=', languageId).where('key', '=', key).where('value', '=', was).execute();
}
