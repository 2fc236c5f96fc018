import { type Kysely, sql } from 'kysely';
import { type Database, type DbOrTrx, type Db } from '../../db/database.js';
import { containsInsensitive } from '../../db/dialect.js';

/** Tables the admin edits as plain records. */
export type CatalogTable = 'products' | 'rooms' | 'bundles' | 'currencies' | 'social_links' | 'faqs' | 'static_pages' | 'languages';
export type CatalogRow<T extends CatalogTable> = { [K in keyof Database[T]]: Database[T][K] extends { __select__: infer S } ? S : Database[T][K] };
type Values = Record<string, string | number | null>;

// Kysely cannot follow a table name that is a type parameter; these helpers widen
// it to one table's shape once, here, and return the caller's row type.
type LooseDb = Record<string, { id: number; position: number; is_default: number } & Record<string, string | number | null>>;
const widen = (db: DbOrTrx) => db as unknown as Kysely<LooseDb>;

export async function findCatalogRow<T extends CatalogTable>(db: DbOrTrx, table: T, id: number) {
  const row = await widen(db)
    .selectFrom(table as string)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row as CatalogRow<T> | undefined;
}

export async function insertCatalogRow<T extends CatalogTable>(db: DbOrTrx, table: T, values: Values) {
  const row = await widen(db)
    .insertInto(table as string)
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as unknown as CatalogRow<T>;
}

export async function updateCatalogRow<T extends CatalogTable>(db: DbOrTrx, table: T, id: number, values: Values) {
  const row = await widen(db)
    .updateTable(table as string)
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row as unknown as CatalogRow<T> | undefined;
}

export function deleteCatalogRow(db: DbOrTrx, table: CatalogTable, id: number) {
  return widen(db)
    .deleteFrom(table as string)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Records of one table whose `searchColumn` contains q; the caller pages and sorts. */
export function selectCatalogRows(db: Db, table: CatalogTable, searchColumn: string, q?: string) {
  let query = widen(db)
    .selectFrom(table as string)
    .selectAll();
  if (q) query = query.where(containsInsensitive(db, sql.ref(searchColumn), q));
  return query;
}

export async function maxPosition(db: DbOrTrx, table: 'rooms') {
  const row = await widen(db)
    .selectFrom(table as string)
    .select(sql<number | null>`max(position)`.as('p'))
    .executeTakeFirst();
  return Number((row as { p: number | null } | undefined)?.p ?? -1);
}

/** Only one default currency / language at a time. */
export function clearDefault(db: DbOrTrx, table: 'currencies' | 'languages', exceptId: number) {
  return widen(db)
    .updateTable(table as string)
    .set({ is_default: 0 })
    .where('id', '<>', exceptId)
    .execute();
}

export function setPositions(db: DbOrTrx, table: 'rooms', ids: number[]) {
  return Promise.all(ids.map((id, position) => db.updateTable(table).set({ position }).where('id', '=', id).execute()));
}

/** Room ids in their current order (positions 0..n-1). */
export async function listRoomOrder(db: DbOrTrx) {
  return (await db.selectFrom('rooms').select(['id', 'position']).orderBy('position').execute()).map((r) => r.id);
}
