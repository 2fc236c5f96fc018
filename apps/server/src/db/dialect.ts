import { type Expression, type Kysely, PostgresAdapter, sql, type SqlBool } from 'kysely';
import { type Database, type DbOrTrx } from './database.js';

/** The one place dialect differences live. */
export const isPostgresDb = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Case-insensitive substring match on both dialects. */
export function containsInsensitive(db: Kysely<Database>, column: Expression<string | null>, needle: string): Expression<SqlBool> {
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return isPostgresDb(db) ? sql<SqlBool>`${column} ILIKE ${pattern} ESCAPE '\\'` : sql<SqlBool>`${column} LIKE ${pattern} ESCAPE '\\'`;
}

/** Booleans are stored as 0/1 integers on both dialects. */
export const toFlag = (value: boolean) => (value ? 1 : 0);
export const fromFlag = (value: number | boolean | null | undefined) => value === 1 || value === true;

/** A unique-constraint violation on either dialect (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * A write composed in one round trip where the database has data-modifying CTEs (PostgreSQL), else as steps,
 * one statement each (SQLite has none): the one dialect choice of a composed write (the send, a seq's message,
 * a ledger move with its entry), so a feature never asks which database it runs on.
 */
export function composedWrite<T>(db: DbOrTrx, ways: { oneStatement: () => Promise<T>; steps: () => Promise<T> }): Promise<T> {
  return isPostgresDb(db as Kysely<Database>) ? ways.oneStatement() : ways.steps();
}
