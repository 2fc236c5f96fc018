import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

/**
 * Frozen helpers for migrations only: the portable primary key and timestamps.
 * Migrations must not import application code, so these never change shape.
 */
export const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Times are ISO-8601 UTC strings: portable, sortable, readable. */
export function withTimestamps<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table.addColumn('created_at', 'varchar(30)', (c) => c.notNull()).addColumn('updated_at', 'varchar(30)', (c) => c.notNull());
}
