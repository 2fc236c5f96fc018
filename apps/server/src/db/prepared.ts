import { CompiledQuery, type Compilable, type RootOperationNode } from 'kysely';
import { invalidationsOf } from './write-invalidations.js';
import { type Db, type DbOrTrx } from './database.js';
import { isPostgresDb } from './dialect.js';

const PARAM = Symbol('prepared parameter');
type Marker = { readonly [PARAM]: string };
const isMarker = (value: unknown): value is Marker => typeof value === 'object' && value !== null && PARAM in value;

/**
 * PostgreSQL: the SQL of every prepared statement, with the name it is prepared under on each
 * connection (db/connect.ts), so the server parses and plans it once per connection, not per run.
 */
export const postgresStatementNames = new Map<string, string>();

/** Gives a SQL text its statement name (once; the same text keeps its name). */
function nameStatement(text: string) {
  if (!postgresStatementNames.has(text)) postgresStatementNames.set(text, `parley_${postgresStatementNames.size + 1}`);
}

interface Compiled {
  sql: string;
  query: RootOperationNode;
  /** Each parameter position: the name of a value given at run time, or a constant of the built query. */
  slots: ({ name: string } | { value: unknown })[];
}

/**
 * A hot-path statement that Kysely builds and compiles once per dialect instead of on every request
 * (building and compiling cost more than SQLite takes to run most of them). `build` receives markers
 * in place of the named values; each run reuses the compiled SQL with the values in their places.
 * The statement must take the same shape whatever the values (no `$if`, no lists of varying length).
 *
 * Only for statements no in-memory cache watches: a prepared statement does not pass through the
 * database handle's plugins, so a write that plugins/cache-writes.ts would announce is refused here.
 */
export function prepared<P extends Record<string, unknown>, R>(build: (db: Db, values: P) => Compilable<R>) {
  const byDialect = new Map<'postgres' | 'sqlite', Compiled>();
  const compile = (db: DbOrTrx, names: string[]): Compiled => {
    const markers = Object.fromEntries(names.map((name) => [name, { [PARAM]: name }])) as unknown as P;
    const query = build(db.withoutPlugins() as Db, markers).compile();
    if (invalidationsOf(query.query).length > 0) throw new Error(`a prepared statement cannot write what caches watch: ${query.sql}`);
    return { sql: query.sql, query: query.query, slots: query.parameters.map((p) => (isMarker(p) ? { name: p[PARAM] } : { value: p })) };
  };
  return async (db: DbOrTrx, values: P): Promise<R[]> => {
    const dialect = isPostgresDb(db as Db) ? 'postgres' : 'sqlite';
    let compiled = byDialect.get(dialect);
    if (!compiled) {
      byDialect.set(dialect, (compiled = compile(db, Object.keys(values))));
      if (dialect === 'postgres') nameStatement(compiled.sql);
    }
    const parameters = compiled.slots.map((slot) => ('name' in slot ? values[slot.name] : slot.value));
    const result = await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}

/**
 * A PostgreSQL-only hot statement written as SQL (data-modifying CTEs, which SQLite lacks and Kysely's
 * builder makes long-winded): run as a named statement like `prepared`, positional parameters.
 * Same rule as `prepared`: it must not write what caches watch (it bypasses the handle's plugins).
 */
export function postgresStatement<R>(text: string) {
  nameStatement(text);
  return async (db: DbOrTrx, parameters: unknown[]): Promise<R[]> => (await db.executeQuery<R>(CompiledQuery.raw(text, parameters))).rows;
}

/**
 * Runs a query Kysely builds on every call (through the handle's plugins, so cache invalidations are
 * announced) as a named statement on PostgreSQL: for a hot write whose SQL text is the same on every
 * call, the server parses and plans it once per connection. The text must not vary with the values.
 */
export async function executeNamed<R>(db: DbOrTrx, query: Compilable<R>): Promise<R[]> {
  const compiled = query.compile();
  if (isPostgresDb(db as Db) && !postgresStatementNames.has(compiled.sql))
    postgresStatementNames.set(compiled.sql, `parley_${postgresStatementNames.size + 1}`);
  return (await db.executeQuery(compiled)).rows;
}
