/**
 * npm run bench — starts the server on SQLite (and on PostgreSQL when DATABASE_URL is set), seeds
 * 10,000 users, 1,000 topics and 1,000,000 messages, and measures the hot endpoints with autocannon
 * over loopback, each beside the no-op route measured in the same run.
 * Writes bench/results/latest.json and bench/results/latest.md.
 * BENCH_MESSAGES and BENCH_DURATION_S shrink a run (e.g. for a quick check).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { connectDatabase, migrateToLatest } from '../apps/server/src/db/connect.js';
import { type Config } from '../apps/server/src/config.js';
import { BENCH_PASSWORD, seedMessagesUpTo, seedUsersAndTopics } from './seed.js';
import { extraScenarios } from './scenarios.js';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const DURATION = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = 20;
const here = import.meta.dirname;

export interface Row {
  dialect: string;
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  ratio: number;
  non2xx: number;
  errors: number;
}

export interface Target {
  url: string;
  bearer: string;
  cookie: string;
  xsrf: string;
  topicId: number;
}

export async function measure(name: string, options: autocannon.Options, duration = DURATION) {
  const result = await autocannon({ connections: CONNECTIONS, duration, ...options });
  return {
    scenario: name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function startServer(database: Config['database']): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolveStart, reject) => {
    const child = fork(join(here, 'serve.ts'), { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_DATABASE: JSON.stringify(database) } });
    child.once('message', (m: { port: number }) => resolveStart({ child, port: m.port }));
    child.once('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
}

const rssOf = (child: ChildProcess) =>
  new Promise<number>((r) => {
    child.once('message', (m: { rss: number }) => r(m.rss));
    child.send('rss');
  });

async function login(url: string, email: string) {
  const csrf = await fetch(`${url}/api/sanctum/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const body = (await response.json()) as { token: string };
  return { bearer: body.token, xsrf, cookie: `parley_session=${body.token}; XSRF-TOKEN=${xsrf}` };
}

async function benchDialect(dialect: 'sqlite' | 'postgres'): Promise<{ rows: Row[]; flat: Record<string, number>; rssMb: number }> {
  let database: Config['database'];
  let cleanup: () => Promise<void>;
  if (dialect === 'postgres') {
    const url = process.env.DATABASE_URL!;
    const schema = `bench_${Date.now().toString(36)}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    database = { kind: 'postgres', url, schema };
    cleanup = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'parley-bench-'));
    database = { kind: 'sqlite', file: join(dir, 'bench.db') };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }

  const db = connectDatabase(database);
  await migrateToLatest(db);
  console.log(`[${dialect}] seeding 10,000 users and 1,000 topics`);
  const { topics } = await seedUsersAndTopics(db, 10_000, 1_000);
  const { child, port } = await startServer(database);
  const url = `http://127.0.0.1:${port}`;
  const topic = topics[0]!;
  const owner = await db.selectFrom('users').select('email').where('id', '=', topic.owner).executeTakeFirstOrThrow();
  const session = await login(url, owner.email);
  const target: Target = { url, ...session, topicId: topic.id };
  const authed = { authorization: `Bearer ${session.bearer}` };

  // messages/index must stay flat as the table grows: measured at 10^4, 10^5 and 10^6 stored messages.
  const flat: Record<string, number> = {};
  let stored = 0;
  for (const size of [10_000, 100_000, 1_000_000].filter((s) => s <= MESSAGES)) {
    console.log(`[${dialect}] seeding messages up to ${size.toLocaleString('en')}`);
    await seedMessagesUpTo(db, topics, stored, size);
    stored = size;
    // A live database keeps planner statistics current (autovacuum); a bulk seed must do it by hand.
    await sql`analyze`.execute(db);
    const r = await measure(
      `messages/index @${size}`,
      { url: `${url}/api/messages/index?topic_id=${topic.id}&page=1&page_size=20&order_by=id&order_dir=desc`, headers: authed },
      Math.max(2, Math.floor(DURATION / 2)),
    );
    flat[`p50_ms_at_${size}`] = r.p50;
    flat[`p99_ms_at_${size}`] = r.p99;
  }

  console.log(`[${dialect}] measuring`);
  const raw = [
    await measure('no-op (/api/health)', { url: `${url}/api/health` }),
    await measure('is-auth', { url: `${url}/api/is-auth`, headers: { cookie: session.cookie } }),
    await measure('rooms/index', { url: `${url}/api/rooms/index`, headers: authed }),
    await measure('messages/index (poll)', {
      url: `${url}/api/messages/index?topic_id=${topic.id}&page=1&page_size=20&order_by=id&order_dir=desc`,
      headers: authed,
    }),
    await measure('messages/create', {
      url: `${url}/api/messages/create`,
      method: 'POST',
      headers: { ...authed, 'content-type': 'application/json' },
      body: JSON.stringify({ topic_id: topic.id, content: 'Hello from the benchmark!' }),
    }),
    ...(await extraScenarios(target, db, dialect)),
  ];
  const rssMb = Math.round((await rssOf(child)) / 1024 / 1024);
  child.send('stop');
  await db.destroy();
  await cleanup();
  const ceiling = raw[0]!.rps || 1;
  return { rows: raw.map((r) => ({ dialect, ...r, ratio: Math.round((r.rps / ceiling) * 100) / 100 })), flat, rssMb };
}

const dialects: ('sqlite' | 'postgres')[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: '2 cores, loopback',
  messages: MESSAGES,
  durationS: DURATION,
  connections: CONNECTIONS,
};
const md: string[] = ['| dialect | scenario | req/s | p50 ms | p99 ms | × no-op | non-2xx |', '|---|---|---|---|---|---|---|'];
for (const dialect of dialects) {
  const { rows, flat, rssMb } = await benchDialect(dialect);
  results[dialect] = { rows, messagesIndexBySize: flat, serverRssMbAfterLoad: rssMb };
  for (const r of rows) md.push(`| ${r.dialect} | ${r.scenario} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.ratio} | ${r.non2xx} |`);
  md.push(
    `| ${dialect} | messages/index p50/p99 at 10^4 / 10^5 / 10^6 | | ${[10_000, 100_000, 1_000_000].map((s) => flat[`p50_ms_at_${s}`] ?? '–').join(' / ')} | ${[10_000, 100_000, 1_000_000].map((s) => flat[`p99_ms_at_${s}`] ?? '–').join(' / ')} | | |`,
  );
  md.push(`| ${dialect} | server RSS after load | ${rssMb} MB | | | | |`);
}
const out = resolve(here, 'results');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'latest.json'), JSON.stringify(results, null, 2));
writeFileSync(join(out, 'latest.md'), md.join('\n') + '\n');
console.log(md.join('\n'));
