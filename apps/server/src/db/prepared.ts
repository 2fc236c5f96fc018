import { CompiledQuery, type Compilable } from 'kysely';
import { type Invalidation } from '../lib/event-bus.js';
import { announceWrite, invalidationsOf, resolveInvalidation } from './write-invalidations.js';
import { type Db, type DbOrTrx } from './database.js';
import { isPostgresDb } from './dialect.js';
import { isParameter, nameOf, parameter } from './statement-parameters.js';

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
  /** Each parameter position: the name of a value given at run time, or a constant of the built query. */
  slots: ({ name: string } | { value: unknown })[];
  /** What the statement announces once it changed rows (db/write-invalidations.ts), ids still stand-ins. */
  announces: Invalidation[];
}

/**
 * A hot-path statement that Kysely builds and compiles once per dialect instead of on every request
 * (building and compiling cost more than SQLite takes to run most of them). `build` receives markers
 * in place of the named values; each run reuses the compiled SQL with the values in their places.
 * The statement must take the same shape whatever the values (no `$if`, no lists of varying length),
 * and its values must all be given on every call (an absent key would change the statement's shape).
 *
 * A write that an in-memory cache watches is announced as plugins/cache-writes.ts would (it does not pass
 * through the handle's plugins): what it names is derived once from the statement built with stand-ins,
 * and completed with each run's values.
 */
export function prepared<P extends Record<string, unknown>, R>(build: (db: Db, values: P) => Compilable<R>): PreparedStatement<P, R> {
  const byDialect = new Map<'postgres' | 'sqlite', Compiled>();
  const compile = (db: DbOrTrx, names: string[]): Compiled => {
    const stand = Object.fromEntries(names.map((name) => [name, parameter(name)])) as unknown as P;
    const query = build(db.withoutPlugins() as Db, stand).compile();
    return {
      sql: query.sql,
      slots: query.parameters.map((p) => (isParameter(p) ? { name: nameOf(p) } : { value: p })),
      announces: invalidationsOf(query.query),
    };
  };
  const compiledFor = (db: DbOrTrx, values: P) => {
    const dialect = isPostgresDb(db as Db) ? 'postgres' : 'sqlite';
    let compiled = byDialect.get(dialect);
    if (!compiled) {
      byDialect.set(dialect, (compiled = compile(db, Object.keys(values))));
      if (dialect === 'postgres') nameStatement(compiled.sql);
    }
    return compiled;
  };
  const parametersOf = (compiled: Compiled, values: P) => compiled.slots.map((slot) => ('name' in slot ? values[slot.name] : slot.value));
  const run = async (db: DbOrTrx, values: P): Promise<R[]> => {
    const compiled = compiledFor(db, values);
    const result = await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parametersOf(compiled, values)));
    if (compiled.announces.length > 0 && (result.numAffectedRows ?? BigInt(result.rows.length)) > 0n)
      for (const template of compiled.announces) announceWrite(db, resolveInvalidation(template, values));
    return result.rows;
  };
  return Object.assign(run, {
    /** The SQL this statement runs on the handle's dialect (test/queries snapshots it). */
    sqlFor: (db: DbOrTrx, values: P) => compiledFor(db, values).sql,
  });
}

export interface PreparedStatement<P, R> {
  (db: DbOrTrx, values: P): Promise<R[]>;
  /** The SQL this statement runs on the handle's dialect, compiled with `values`' names (test/queries snapshots it). */
  sqlFor(db: DbOrTrx, values: P): string;
}
