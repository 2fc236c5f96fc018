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
  /** Its SQL with the parameters shifted (`inline`), by offset. */
  shifted: Map<number, string>;
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
      shifted: new Map(),
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
    inline(db: DbOrTrx, values: P, offset = 0) {
      const compiled = compiledFor(db, values);
      if (compiled.announces.length > 0) throw new Error(`a statement that caches watch cannot be inlined (it would not be announced): ${compiled.sql}`);
      let text = offset === 0 ? compiled.sql : compiled.shifted.get(offset);
      if (text === undefined) compiled.shifted.set(offset, (text = shiftParameters(compiled.sql, offset)));
      return { sql: text, parameters: parametersOf(compiled, values) };
    },
  });
}

/**
 * PostgreSQL placeholders $n renumbered to $n+offset. Compiled statements carry every value as a
 * parameter (no literals), so a `$` followed by digits is always a placeholder.
 */
export const shiftParameters = (text: string, offset: number) => text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);

export interface PreparedStatement<P, R> {
  (db: DbOrTrx, values: P): Promise<R[]>;
  /**
   * The statement's SQL for this handle's dialect, its parameters $1…$n (or $offset+1…, after the
   * enclosing statement's own), and one run's values: to use it inside a larger statement (a CTE of
   * `postgresStatement`), so the rule it states is written once. Refused for a write that caches watch.
   */
  inline(db: DbOrTrx, values: P, offset?: number): { sql: string; parameters: unknown[] };
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
