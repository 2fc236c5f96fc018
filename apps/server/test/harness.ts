import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../src/app.js';
import { recordAnsweredStatuses } from './answered-statuses.js';
import { loadConfig, type Config } from '../src/config.js';
import { type Db } from '../src/db/database.js';
import { type Clock } from '../src/lib/clock.js';
import { createInProcessBus, type EventBus } from '../src/lib/event-bus.js';
import { checkLedgerConsistency } from '../src/modules/ledger/ledger.service.js';

export type Dialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export const dialects: Dialect[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * A clock tests move by hand. It starts at the real time (whole seconds): factories and the
 * database stamp rows with the real clock, and a fixed start date drifts into the past.
 */
export class FakeClock implements Clock {
  constructor(private current = new Date(Math.floor(Date.now() / 1000) * 1000)) {}
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(date: Date) {
    this.current = new Date(date);
  }
}

export interface TestContext {
  dialect: Dialect;
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The database location, to build a second app on the same data (restarts, two instances). */
  database: Config['database'];
  /** Builds another app instance on the same database (a restart or a second instance). */
  buildAnother(overrides?: Partial<BuildAppOptions>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface TestContextOptions {
  env?: Record<string, string>;
  config?: Partial<Config>;
  infra?: BuildAppOptions['infra'];
  seedDemo?: boolean;
}

/** A fresh, migrated database (its own file or PostgreSQL schema) and an app on it. */
export async function createTestContext(dialect: Dialect, options: TestContextOptions = {}): Promise<TestContext> {
  let database: Config['database'];
  let dropDatabase: () => Promise<void>;
  if (dialect === 'postgres') {
    const url = process.env.DATABASE_URL!;
    // Named after the run (see test/global-setup.ts, which drops them when every file is done).
    const schema = `t_${process.env.PARLEY_TEST_RUN ?? Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    database = { kind: 'postgres', url, schema };
    // Not dropped here: test/global-setup.ts drops the run's schemas after the last file.
    dropDatabase = async () => undefined;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'parley-test-'));
    database = { kind: 'sqlite', file: join(dir, 'test.db') };
    dropDatabase = async () => rmSync(dir, { recursive: true, force: true });
  }

  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: options.seedDemo ? 'true' : 'false',
      RATE_LIMIT_AUTH_MAX: '10000',
      // Every WebSocket frame a test makes the server send is checked against the contract (issue 32 §3).
      WS_VALIDATE_FRAMES: 'true',
      RATE_LIMIT_GLOBAL_MAX: '100000',
      RATE_LIMIT_ACCOUNT_MAX: '100000',
      // The suites fire hundreds of requests at once on a busy 2-core machine: waiting for a pooled
      // connection may take longer than production's fail-fast bounds, which the fault suite
      // (test/database-outage.test.ts) checks with its own settings.
      DATABASE_CONNECT_TIMEOUT_MS: '60000',
      DATABASE_STATEMENT_TIMEOUT_MS: '60000',
      DATABASE_QUERY_TIMEOUT_MS: '60000',
      ...options.env,
    },
    { database, ...options.config },
  );
  // Every app built on this database hears the others, as instances sharing Redis do: without Redis,
  // each gets its own view of one in-process bus (closing one app leaves the others' listeners).
  const sharedBus = createInProcessBus();
  const build = (overrides: Partial<BuildAppOptions> = {}) => {
    const infra = overrides.infra ?? options.infra ?? {};
    const bus = infra.bus ?? (config.redisUrl ? undefined : busView(sharedBus));
    return buildApp({ config, logger: false, instrument: recordAnsweredStatuses, ...overrides, infra: { ...infra, ...(bus ? { bus } : {}) } });
  };
  const app = await buildRetryingIntrospection(build, database);
  const extra: FastifyInstance[] = [];
  return {
    dialect,
    app,
    db: app.db,
    config,
    database,
    async buildAnother(overrides) {
      const another = await build(overrides);
      extra.push(another);
      return another;
    },
    async close() {
      for (const a of extra) await a.close().catch(() => undefined);
      await app.close();
      await dropDatabase();
    },
  };
}

/**
 * Kysely's migrator introspects every schema of the database; another test run dropping its own
 * schemas (or a bench its own) during that catalog query fails this one with `schema "…" does not
 * exist` (a schema that is not ours). That is transient: build again.
 */
async function buildRetryingIntrospection(build: () => Promise<FastifyInstance>, database: Config['database']) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await build();
    } catch (error) {
      const other = /schema "([^"]+)" does not exist/.exec(String(error));
      const ours = database.kind === 'postgres' ? database.schema : undefined;
      if (!other || other[1] === ours || attempt >= 5) throw error;
    }
  }
}

/** Asserts the ledger invariant; call after every money test. */
export async function expectLedgerConsistent(db: Db) {
  const report = await checkLedgerConsistency(db);
  if (report.inconsistent.length > 0 || report.negative > 0) {
    throw new Error(`ledger inconsistent: ${JSON.stringify(report)}`);
  }
}

/** Polls until `check` holds (bus listeners and job workers act asynchronously). */
export async function eventually<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** One app's handle on a bus several apps share: closing it removes only this app's listeners. */
function busView(shared: EventBus): EventBus {
  const offs = new Set<() => void>();
  const track = (off: () => void) => {
    offs.add(off);
    return () => {
      off();
      offs.delete(off);
    };
  };
  return {
    publish: (event) => shared.publish(event),
    subscribe: (listener) => track(shared.subscribe(listener)),
    invalidate: (message) => shared.invalidate(message),
    onInvalidate: (listener) => track(shared.onInvalidate(listener)),
    epoch: () => shared.epoch(),
    async close() {
      for (const off of offs) off();
      offs.clear();
    },
  };
}
