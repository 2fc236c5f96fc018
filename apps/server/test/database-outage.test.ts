import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '@parley/contracts';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { de } from '../src/modules/reference/locales/de.js';
import { createTopicVia } from './chat.js';
import { createRoom, createSignedInUser, DEFAULT_PASSWORD } from './factories.js';
import { expectLedgerConsistent } from './harness.js';
import { listenLocally } from './money.js';
import { PrivatePostgres, postgresBinaries } from './postgres-server.js';
import { PrivateRedis } from './redis-server.js';

/**
 * Issue 30: ordinary database events — a restart, terminated connections, a frozen server — and a Redis
 * outage, met by a real HTTP server on a private PostgreSQL and Redis (never the shared ones). The app runs
 * in this process: "the process survives" means no uncaught exception or unhandled rejection (an
 * unhandled 'error' event of a pg client is one) while the test runs.
 */

const bin = postgresBinaries();
if (!bin) console.warn('database-outage.test.ts skipped: no PostgreSQL binaries under /usr/lib/postgresql/*/bin (apt-get install postgresql)');

/** The timeouts under test, small so the suite is quick; the answers must come within their sum and a margin. */
const CONNECT_TIMEOUT_MS = 1000;
const QUERY_TIMEOUT_MS = 2000;
const ANSWER_WITHIN_MS = 5000;

interface Envelope {
  status: string;
  payload: unknown;
  message?: string;
  errors?: Record<string, string[]>;
  code?: string;
}
interface Answer {
  status: number;
  body: Envelope;
  ms: number;
  at: number;
}

const METRICS_TOKEN = 'database-outage-metrics-token';

const SERVICE_UNAVAILABLE = { status: 'ERROR', payload: null, message: texts.common.serviceUnavailable, errors: {}, code: 'DATABASE_UNAVAILABLE' };

describe.skipIf(!bin)('the database as a dependency that can fail (private PostgreSQL and Redis, real HTTP)', () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let app: FastifyInstance;
  let base: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-dbfault-'));
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);
  const senders: { id: number; token: string; topicId: number }[] = [];
  let german = '';

  const call = async (method: 'GET' | 'POST', path: string, token?: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const started = Date.now();
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let parsed: Envelope;
    try {
      parsed = JSON.parse(text) as Envelope;
    } catch {
      parsed = { status: 'RAW', payload: text };
    }
    return { status: response.status, body: parsed, ms: Date.now() - started, at: started };
  };
  let sequence = 0;
  const send = (sender: (typeof senders)[number], content = `message ${++sequence}`) =>
    call('POST', '/api/messages/create', sender.token, { topic_id: sender.topicId, content });
  const ready = () => call('GET', '/api/ready');
  /** A gauge's value from /metrics (the first series matching `series`). */
  const gauge = async (series: string) => {
    const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  beforeAll(async () => {
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
    [postgres, redis] = await Promise.all([PrivatePostgres.start(bin!), PrivateRedis.start()]);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      DATABASE_STATEMENT_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
      DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
      RATE_LIMIT_AUTH_MAX: '10000',
      RATE_LIMIT_GLOBAL_MAX: '1000000',
      RATE_LIMIT_ACCOUNT_MAX: '10000',
      METRICS_TOKEN: METRICS_TOKEN,
    });
    app = await buildApp({ config, logger: false });
    base = await listenLocally(app);
    // Two pairs of senders, each pair in a topic of its own.
    const room = await createRoom(app.db);
    for (let i = 0; i < 4; i++) {
      const { user, client } = await createSignedInUser(app, { coins: 100_000 });
      let topicId = senders[i - 1]?.topicId ?? 0;
      if (i % 2 === 0) topicId = (await createTopicVia(client, room.id)).id;
      else expect((await client.post('/api/topics/join', { topic_id: topicId })).body.status).toBe('OK');
      const login = await client.login(user.email, DEFAULT_PASSWORD);
      senders.push({ id: user.id, token: (login.body.payload as { token: string }).token, topicId });
    }
    // The languages are read once (an error's text is rendered in the reader's language): before any outage, as in a running instance.
    german = String((await app.db.selectFrom('languages').select('id').where('code', '=', 'de').executeTakeFirstOrThrow()).id);
    expect((await call('GET', '/api/no-such-route')).status).toBe(404);
    expect((await call('GET', '/api/no-such-route', undefined, undefined, { 'x-lang-id': german })).status).toBe(404);
  }, 90_000);

  afterEach(() => {
    postgres.thaw();
    expect(crashes).toEqual([]);
  });

  afterAll(async () => {
    await app?.close();
    await postgres?.destroy();
    await redis?.down();
    rmSync(dataDir, { recursive: true, force: true });
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
  });

  it('is ready while PostgreSQL answers and every migration is applied', async () => {
    const answer = await ready();
    expect(answer.status).toBe(200);
    expect(answer.body.payload).toEqual({ database: 'up', migrations: 'applied', redis: 'up' });
    // The pool's gauges read the pool (they read 0 before issue 30), each dependency's state is a gauge.
    expect(await gauge('parley_db_pool_connections')).toBeGreaterThan(0);
    expect(await gauge('parley_db_pool_waiting')).toBe(0);
    expect(await gauge('parley_dependency_up{dependency="database"}')).toBe(1);
    expect(await gauge('parley_dependency_up{dependency="redis"}')).toBe(1);
  });

  it('idle connections terminated by the server: the next requests do not notice', async () => {
    // Several pooled connections open and idle.
    await Promise.all(senders.map((sender) => send(sender)));
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    try {
      for (let round = 0; round < 3; round++) {
        const { rows } = await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where application_name like 'parley%' and pid <> pg_backend_pid() and pg_terminate_backend(pid)",
        );
        expect(rows.length).toBeGreaterThan(0);
        const answers = await Promise.all([...senders.map((sender) => send(sender)), call('GET', '/api/user/profile', senders[0]!.token), ready()]);
        expect(answers.map((a) => [a.status, a.body.status])).toEqual(answers.map(() => [200, 'OK']));
      }
      // The race the pool cannot see: a connection ended while checked out, before its first statement (no
      // crash on its 'error' event), and that statement is run again on a fresh connection.
      const answer = await app.db.connection().execute(async (conn) => {
        await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name like 'parley%' and pid <> pg_backend_pid()");
        await new Promise((resolve) => setTimeout(resolve, 300));
        return (await sql<{ one: number }>`select 1 as one`.execute(conn)).rows;
      });
      expect(answer).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
    }
  });

  it('PostgreSQL frozen: readiness and a signed-in request answer 503 within the timeout instead of hanging, and recover after', async () => {
    expect((await send(senders[0]!)).status).toBe(200);
    postgres.freeze();
    try {
      const [readiness, sent, sentAgain] = await Promise.all([ready(), send(senders[0]!), send(senders[2]!)]);
      for (const answer of [readiness, sent, sentAgain]) {
        expect(answer.status).toBe(503);
        expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
      }
      expect(readiness.body).toMatchObject({ status: 'ERROR', payload: null, errors: { database: ['database unavailable'] } });
      expect(sent.body).toEqual(SERVICE_UNAVAILABLE);
      // Still frozen: the next request too (the pool does not queue it behind the lost connections for ever).
      const later = await send(senders[1]!);
      expect(later.status).toBe(503);
      expect(later.ms).toBeLessThan(ANSWER_WITHIN_MS);
    } finally {
      postgres.thaw();
    }
    await expect.poll(async () => (await send(senders[0]!)).status, { timeout: 10_000, interval: 200 }).toBe(200);
    expect((await ready()).status).toBe(200);
    await expectLedgerConsistent(app.db);
  }, 60_000);

  it('PostgreSQL stopped and started again under send load: fast 503s while it is away, sends succeed within 10 s of its return, every acknowledged message kept once', async () => {
    const firstId = Number(
      (
        await app.db
          .selectFrom('messages')
          .select((eb) => eb.fn.max('id').as('max'))
          .executeTakeFirst()
      )?.max ?? 0,
    );
    const startBalances = await app.db
      .selectFrom('users')
      .select(['id', 'balance'])
      .where(
        'id',
        'in',
        senders.map((s) => s.id),
      )
      .execute();
    const answers: (Answer & { content: string; senderId: number })[] = [];
    let running = true;
    const load = Promise.all(
      senders.map(async (sender, s) => {
        for (let r = 0; running; r++) {
          const content = `load s${s} r${r}`;
          answers.push({ ...(await send(sender, content)), content, senderId: sender.id });
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }),
    );
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await pause(1000);
    await postgres.down();
    const downAt = Date.now();
    // The scrape still answers while the database is away, and says so.
    expect(await gauge('parley_dependency_up{dependency="database"}')).toBe(0);
    // The 503's text in the reader's language, like every other error's.
    const inGerman = await call(
      'POST',
      '/api/messages/create',
      senders[0]!.token,
      { topic_id: senders[0]!.topicId, content: 'auf Deutsch' },
      { 'x-lang-id': german },
    );
    expect(inGerman.status).toBe(503);
    expect(inGerman.body.message).toBe(de['common.serviceUnavailable']);
    await pause(3000);
    const upAt = Date.now();
    await postgres.up();
    const backAt = Date.now();
    await expect.poll(() => answers.some((a) => a.at >= backAt && a.status === 200), { timeout: 10_000, interval: 100 }).toBe(true);
    await pause(1000);
    running = false;
    await load;

    // Never anything but a sent message or the 503 envelope; while the server was away, each 503 came fast.
    const unexpected = answers.filter((a) => a.status !== 200 && !(a.status === 503 && a.body.code === 'DATABASE_UNAVAILABLE'));
    expect(unexpected).toEqual([]);
    const during = answers.filter((a) => a.at >= downAt && a.at + a.ms <= upAt);
    expect(during.length).toBeGreaterThan(0);
    for (const answer of during) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual(SERVICE_UNAVAILABLE);
      expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
    }
    const firstBack = answers.filter((a) => a.at >= backAt && a.status === 200).sort((a, b) => a.at - b.at)[0]!;
    expect(firstBack.at + firstBack.ms - backAt).toBeLessThan(10_000);

    // Every acknowledged message stored once, as acknowledged; none stored twice; the ledger exact.
    const acknowledged = answers.filter((a) => a.status === 200);
    expect(acknowledged.length).toBeGreaterThan(senders.length);
    const stored = await app.db
      .selectFrom('messages')
      .select(['id', 'sender_id', 'content', 'cost'])
      .where('id', '>', firstId)
      .where('content', 'like', 'load %')
      .execute();
    const byContent = new Map(stored.map((m) => [m.content, m]));
    expect(byContent.size).toBe(stored.length);
    for (const ack of acknowledged) {
      const { message } = ack.body.payload as { message: { id: number; cost: number } };
      expect(byContent.get(ack.content)).toEqual({ id: message.id, sender_id: ack.senderId, content: ack.content, cost: message.cost });
    }
    const endBalances = await app.db
      .selectFrom('users')
      .select(['id', 'balance'])
      .where(
        'id',
        'in',
        senders.map((s) => s.id),
      )
      .execute();
    const total = (rows: { balance: number }[]) => rows.reduce((sum, r) => sum + Number(r.balance), 0);
    expect(total(endBalances) + stored.reduce((sum, m) => sum + m.cost, 0)).toBe(total(startBalances));
    await expectLedgerConsistent(app.db);
    expect((await ready()).status).toBe(200);
  }, 60_000);

  it('Redis down: readiness 200 saying redis is down (degraded), requests still served; redis up again by itself', async () => {
    await redis.down();
    try {
      await expect.poll(async () => (await ready()).body.payload, { timeout: 5000 }).toEqual({ database: 'up', migrations: 'applied', redis: 'down' });
      const answer = await ready();
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe('Degraded: redis');
      for (const sender of senders) expect((await send(sender)).status).toBe(200);
      expect((await call('GET', '/api/user/profile', senders[1]!.token)).status).toBe(200);
      expect(await gauge('parley_dependency_up{dependency="redis"}')).toBe(0);
      expect(await gauge('parley_dependency_up{dependency="database"}')).toBe(1);
    } finally {
      await redis.up();
    }
    await expect.poll(async () => (await ready()).body.payload, { timeout: 10_000 }).toEqual({ database: 'up', migrations: 'applied', redis: 'up' });
  }, 30_000);
});
