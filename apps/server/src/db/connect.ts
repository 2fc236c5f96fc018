import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  sql,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type LogEvent,
  type PostgresPool,
  type PostgresPoolClient,
  type MigrationProvider,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import { databaseDefaults, type Config, type DatabasePoolSettings } from '../config.js';
import { DependencyMonitor, type MonitorLog } from '../lib/dependency-monitor.js';
import { type Database } from './database.js';
import { migrations } from './migrations/index.js';
import { connectionLost, isConnectionFailure, neverRan } from './unavailable.js';
import { postgresStatementNames } from './prepared.js';
import { startWalCheckpointer } from './wal-checkpointer.js';

// COUNT(*) and SUM() come back as int8; our figures fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export type DatabaseConfig = Config['database'];

export interface ConnectOptions {
  /** Sees every statement run, BEGIN and COMMIT included (the statement-budget test counts them). */
  log?: (event: LogEvent) => void;
  /** PostgreSQL pool size and timeouts (config.ts); without them: 10 connections, no timeouts. */
  pool?: DatabasePoolSettings;
  /** Where the database's outages are logged (once per change, db/connect.ts). */
  logger?: MonitorLog;
}

/** better-sqlite3 statements are compiled once per distinct SQL text and reused (LRU of this many). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite handle Kysely sees: `prepare` answers from a cache instead of compiling the SQL again
 * on every query. Safe because Kysely runs one statement at a time on its single connection.
 */
export function cachingSqlite(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE, onClose?: () => void): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      onClose?.();
      sqlite.close();
    },
    prepare(text: string) {
      let statement = cache.get(text);
      if (statement) cache.delete(text);
      else {
        statement = sqlite.prepare(text);
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

/** How long a statement waits for SQLite's write lock, in total, before it fails with SQLITE_BUSY. */
const BUSY_WAIT_MS = 5000;

const isBusy = (error: unknown) => String((error as { code?: unknown } | null)?.code).startsWith('SQLITE_BUSY');

/**
 * Waiting for the write lock never holds the event loop (issue 18). SQLite's own busy handler
 * (busy_timeout) sleeps on the calling thread: while the WAL checkpointer restarted the log, every
 * request of the instance stood still (BEGIN stalls of 20–40 ms, p99 spikes). Here the connection
 * has no busy handler; a statement refused with SQLITE_BUSY had no effect and is run again after
 * an asynchronous pause, for up to BUSY_WAIT_MS in all. Transactions take the write lock when they
 * begin (BEGIN IMMEDIATE), so no statement inside one is refused for a writer: a deferred BEGIN
 * would read first and fail at its first write without a retry helping.
 */
function patientConnection(connection: DatabaseConnection): DatabaseConnection {
  return {
    async executeQuery<R>(query: CompiledQuery) {
      const started = Date.now();
      for (let attempt = 1; ; attempt++) {
        try {
          return await connection.executeQuery<R>(query);
        } catch (error) {
          if (!isBusy(error) || Date.now() - started >= BUSY_WAIT_MS) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.min(attempt, 10)));
        }
      }
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

class ImmediateSqliteDriver extends SqliteDriver {
  #patient: DatabaseConnection | undefined;
  override async acquireConnection() {
    const connection = await super.acquireConnection();
    return (this.#patient ??= patientConnection(connection));
  }
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

/**
 * Keyed by the handle's adapter, which every handle derived from it shares (`withPlugin`, transactions):
 * the app's handle is one (plugins/cache-writes.ts), and keyed by the handle itself the pool's gauges read 0.
 */
const pools = new WeakMap<object, pg.Pool>();
const monitors = new WeakMap<object, DependencyMonitor>();
const keyOf = (db: Kysely<Database>): object => db.getExecutor().adapter;

/** Statements run under `withDatabaseLock` (its wait, migrations, seeding) have no client-side timeout (and no statement_timeout). */
const unbounded = new AsyncLocalStorage<true>();

/**
 * A pooled connection as Kysely sees it, for one checkout (issue 30):
 * - the SQL of prepared statements (db/prepared.ts) runs as named statements, which PostgreSQL parses
 *   and plans once per connection instead of on every run;
 * - no answer within the query timeout (a frozen or unreachable server) fails the statement, and a
 *   connection that lost a statement or its link is never handed out again: the statements after it in
 *   the checkout (Kysely's ROLLBACK) fail at once instead of queueing behind the lost one, and the
 *   connection is destroyed on release;
 * - a reused connection the server has ended while it was idle (a restart, pg_terminate_backend) and that
 *   fails the checkout's first statement with proof it never ran (57P01…, or not sent at all) is
 *   replaced and the statement run once more on a fresh one: the request does not notice.
 */
class CheckedOutClient {
  #used = false;
  #lost: Error | undefined;
  constructor(
    private client: pg.PoolClient | undefined,
    private reused: boolean,
    private readonly owner: ResilientPool,
  ) {}

  async query(text: string, values?: readonly unknown[]): Promise<pg.QueryResult> {
    if (this.#lost) throw connectionLost(this.#lost);
    const first = !this.#used;
    this.#used = true;
    try {
      return await this.#run(text, values);
    } catch (error) {
      if (!isConnectionFailure(error)) throw error;
      this.#lost = error as Error;
      if (!first || !this.reused || !neverRan(error)) throw error;
      this.release();
      this.client = await this.owner.acquireFresh();
      this.reused = false;
      this.#lost = undefined;
      try {
        return await this.#run(text, values);
      } catch (again) {
        if (isConnectionFailure(again)) this.#lost = again as Error;
        throw again;
      }
    }
  }

  async #run(text: string, values?: readonly unknown[]) {
    const name = postgresStatementNames.get(text);
    const timeout = unbounded.getStore() ? undefined : this.owner.queryTimeoutMs;
    try {
      if (!this.client) throw connectionLost(this.#lost);
      const result = await this.client.query({
        text,
        values: values as unknown[] | undefined,
        ...(name ? { name } : {}),
        ...(timeout ? { query_timeout: timeout } : {}),
      });
      this.owner.monitor.succeed();
      return result;
    } catch (error) {
      if (isConnectionFailure(error)) this.owner.monitor.fail(error);
      throw error;
    }
  }

  release() {
    // Once per checkout, also after the retry above released the dead one and could not get another.
    this.client?.release(this.#lost);
    this.client = undefined;
  }
}

/** The pool Kysely sees (see CheckedOutClient). */
class ResilientPool implements PostgresPool {
  readonly #seen = new WeakSet<pg.PoolClient>();
  constructor(
    readonly pool: pg.Pool,
    readonly monitor: DependencyMonitor,
    readonly queryTimeoutMs: number | undefined,
  ) {}

  async #acquire(): Promise<pg.PoolClient> {
    try {
      return await this.pool.connect();
    } catch (error) {
      this.monitor.fail(error);
      throw error;
    }
  }

  async connect() {
    const client = await this.#acquire();
    const reused = this.#seen.has(client);
    this.#seen.add(client);
    // Kysely's PostgresPoolClient also types a cursor overload, which is never used here (no cursor configured).
    return new CheckedOutClient(client, reused, this) as unknown as PostgresPoolClient;
  }

  /** A connection never handed out before (the retry after a reused one proved dead). */
  async acquireFresh() {
    for (;;) {
      const client = await this.#acquire();
      if (!this.#seen.has(client)) {
        this.#seen.add(client);
        return client;
      }
      // Another idle one: it may be as dead as the first, so it is not trusted with the retry.
      client.release(new Error('dropped to open a fresh connection'));
    }
  }

  end() {
    return this.pool.end();
  }
}

const DATABASE_CONSEQUENCE = 'requests that need it answer 503 until it is back';

/** The PostgreSQL pool behind a database handle (its gauges go to /metrics); none for SQLite. */
export const poolOf = (db: Kysely<Database>): pg.Pool | undefined => pools.get(keyOf(db));

/** How this process last met the database (logged once per change); SQLite has none. */
export const databaseMonitorOf = (db: Kysely<Database>): DependencyMonitor | undefined => monitors.get(keyOf(db));

export function connectDatabase(config: DatabaseConfig, options: ConnectOptions = {}): Kysely<Database> {
  if (config.kind === 'postgres') {
    const settings = options.pool;
    const monitor = new DependencyMonitor('database', options.logger, DATABASE_CONSEQUENCE);
    const pool = new pg.Pool({
      connectionString: config.url,
      max: settings?.max ?? databaseDefaults.poolMax,
      application_name: settings?.applicationName ?? `parley@${hostname()}:${process.pid}`.slice(0, 63),
      connectionTimeoutMillis: settings?.connectTimeoutMs,
      statement_timeout: settings?.statementTimeoutMs,
      idle_in_transaction_session_timeout: settings?.idleInTransactionTimeoutMs,
      // A dead peer (a partition, a host gone) is noticed on idle connections too.
      keepAlive: true,
      options: config.schema ? `-c search_path=${config.schema}` : undefined,
    });
    // Never an unhandled 'error' event (issue 30: one killed every API process on a PostgreSQL restart):
    // idle connections report through the pool, checked-out ones through their own listener.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', (error) => monitor.fail(error)));
    const resilient = new ResilientPool(pool, monitor, settings?.queryTimeoutMs);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: resilient }), log: options.log });
    pools.set(keyOf(db), pool);
    monitors.set(keyOf(db), monitor);
    return db;
  }
  if (config.file !== ':memory:') mkdirSync(dirname(config.file), { recursive: true });
  const sqlite = new SQLite(config.file);
  // Durability (issue 18): WAL with synchronous=NORMAL — a commit is durable against a process crash,
  // and at worst the last transactions roll back on power loss; never OFF.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // No busy handler: waiting for the write lock is asynchronous (patientConnection).
  sqlite.pragma('busy_timeout = 0');
  // Hot pages stay in the connection's cache instead of being read again from the OS on every statement.
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  // Checkpoints run on a worker thread, not inside the commits of this one (db/wal-checkpointer.ts);
  // SQLite's own come back if the worker fails.
  const checkpointer =
    config.file === ':memory:'
      ? undefined
      : startWalCheckpointer(config.file, (error) => {
          if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
          process.emitWarning(`SQLite WAL checkpointer: ${String(error)}; checkpointing on commit again`);
        });
  if (checkpointer) sqlite.pragma('wal_autocheckpoint = 0');
  const database = cachingSqlite(sqlite, STATEMENT_CACHE_SIZE, () => void checkpointer?.stop());
  return new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }), log: options.log });
}

/** The connection's page cache (KiB; SQLite's default is 2 MB). */
const SQLITE_CACHE_KIB = 64 * 1024;

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // Features land in parallel; a database that saw a later number first must still accept an earlier one.
  // Kysely looks for its migration tables in every schema unless told which one: with several
  // schemas in one PostgreSQL database (parallel test files) it would find another schema's.
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}

/** The code's migrations this database has not applied (all of them before the first migrate). */
export async function findPendingMigrations(db: Kysely<Database>): Promise<string[]> {
  let applied: Set<string>;
  try {
    applied = new Set((await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name));
  } catch (error) {
    if (isConnectionFailure(error)) throw error;
    // No migration table yet: nothing applied.
    applied = new Set();
  }
  return Object.keys(migrations).filter((name) => !applied.has(name));
}

/**
 * Runs `fn` while holding the database's maintenance lock, so N processes migrating and seeding
 * one database at once take turns. PostgreSQL: a session advisory lock per schema, on one pooled
 * connection that `fn` uses. SQLite: a lock file beside the database (its migrations have no
 * cross-process lock of their own).
 */
export async function withDatabaseLock<T>(db: Kysely<Database>, database: DatabaseConfig, fn: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  if (database.kind === 'sqlite') {
    if (database.file === ':memory:') return fn(db);
    const release = await acquireLockFile(`${database.file}.lock`);
    try {
      return await fn(db);
    } finally {
      release();
    }
  }
  // Waiting for another process's migrations, and migrating (an index on a big table), take as long as they take.
  return unbounded.run(true, () =>
    db.connection().execute(async (conn) => {
      await sql`set statement_timeout = 0`.execute(conn);
      await sql`select pg_advisory_lock(hashtext('parley:' || current_schema()))`.execute(conn);
      try {
        return await fn(conn);
      } finally {
        await sql`select pg_advisory_unlock(hashtext('parley:' || current_schema()))`.execute(conn);
        await sql`reset statement_timeout`.execute(conn);
      }
    }),
  );
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Creates `path` exclusively (waiting while another live process holds it; a dead holder's file is taken over). */
async function acquireLockFile(path: string, timeoutMs = 120_000): Promise<() => void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8') || '0', 10);
      if (holder > 0 && !isAlive(holder)) rmSync(path, { force: true });
      else if (Date.now() > deadline) throw new Error(`timed out waiting for the database lock ${path}`);
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
