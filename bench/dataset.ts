/**
 * The bench data set: 10,000 users, 1,000 topics and 1,211,600 messages (one busy topic of 10^6,
 * one each of 10^5, 10^4 and 10^3, the rest 100), seeded once with set-based inserts and reused
 * across runs while the seed and the migrations are unchanged (SQLite: data/bench/<key>.sqlite;
 * PostgreSQL: schema bench_<key>). Fresh sessions and pending deposits are written per run.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type Config } from '../apps/server/src/config.js';
import { connectDatabase, migrateToLatest } from '../apps/server/src/db/connect.js';
import { type Db } from '../apps/server/src/db/database.js';
import { migrations } from '../apps/server/src/db/migrations/index.js';
import { seedUsersAndTopics } from './seed.js';

export const USERS = 10_000;
export const TOPICS = 1_000;
/** Messages per topic by topic index: the busy topic first, then the flatness ladder, then typical topics. */
export const SIZES = [1_000_000, 100_000, 10_000, 1_000];
export const TYPICAL = 100;

export interface Dataset {
  db: Db;
  database: Config['database'];
  topics: { id: number; owner: number; guest: number }[];
}

const here = import.meta.dirname;
const seedKey = () =>
  createHash('sha256')
    .update(readFileSync(join(here, 'dataset.ts')))
    .update(readFileSync(join(here, 'seed.ts')))
    .update(Object.keys(migrations).sort().join(','))
    .digest('hex')
    .slice(0, 10);

const isPg = (db: Db) => db.getExecutor().adapter.constructor.name === 'PostgresAdapter';

/** Rows 1..n, set-based: generate_series on PostgreSQL, a recursive CTE on SQLite. */
const series = (db: Db, n: number) =>
  isPg(db)
    ? sql`select i from generate_series(1, ${sql.lit(n)}) as g(i)`
    : sql`with recursive s(i) as (select 1 union all select i + 1 from s where i < ${sql.lit(n)}) select i from s`;

async function seedMessages(db: Db, topics: Dataset['topics']) {
  const at = new Date().toISOString();
  const columns = sql`(topic_id, seq, sender_id, sender_kind, content, cost, created_at)`;
  const row = (topic: string, owner: string, guest: string) =>
    sql`select ${sql.raw(topic)}, i, case when i % 2 = 0 then ${sql.raw(owner)} else ${sql.raw(guest)} end, 'user', 'Message ' || i || ', with a little text to look real.', 40, ${at}`;
  for (const [index, size] of SIZES.entries()) {
    const t = topics[index]!;
    console.log(`  topic ${t.id}: ${size.toLocaleString('en')} messages`);
    await sql`insert into messages ${columns} ${row(String(t.id), String(t.owner), String(t.guest))} from (${series(db, size)}) as s`.execute(db);
  }
  const firstTypical = topics[SIZES.length]!.id;
  console.log(`  ${topics.length - SIZES.length} topics: ${TYPICAL} messages each`);
  await sql`insert into messages ${columns} ${row('t.id', 't.user_id', 't.user_id')} from topics t cross join (${series(db, TYPICAL)}) as s where t.id >= ${firstTypical} order by t.id, i`.execute(
    db,
  );
  await sql`update topics set last_seq = coalesce((select max(m.seq) from messages m where m.topic_id = topics.id), 0)`.execute(db);
  // Each topic's newest seq, as the send path would have left it (the partners joined before the first message).
  await sql`update topics set last_seq = coalesce((select max(m.seq) from messages m where m.topic_id = topics.id), 0)`.execute(db);
}

async function seedAll(db: Db) {
  const started = Date.now();
  console.log(`  ${USERS.toLocaleString('en')} users, ${TOPICS.toLocaleString('en')} topics`);
  const { topics } = await seedUsersAndTopics(db, USERS, TOPICS);
  await seedMessages(db, topics);
  await sql`analyze`.execute(db);
  await sql`create table bench_seed_done (ok integer)`.execute(db);
  console.log(`  seeded in ${Math.round((Date.now() - started) / 1000)} s`);
}

async function loadTopics(db: Db): Promise<Dataset['topics']> {
  const rows = await db.selectFrom('topic_participants').select(['topic_id', 'user_id']).orderBy('topic_id').orderBy('id').execute();
  const owners = new Map((await db.selectFrom('topics').select(['id', 'user_id']).execute()).map((t) => [t.id, t.user_id]));
  const byTopic = new Map<number, number[]>();
  for (const r of rows) byTopic.set(r.topic_id, [...(byTopic.get(r.topic_id) ?? []), r.user_id]);
  return [...byTopic.entries()].map(([id, users]) => ({ id, owner: owners.get(id)!, guest: users.find((u) => u !== owners.get(id))! }));
}

const seeded = async (db: Db) => (await db.introspection.getTables()).some((t) => t.name === 'bench_seed_done');

async function openSqlite(key: string): Promise<Dataset> {
  const dir = resolve(here, '..', 'data', 'bench');
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir)) if (!f.startsWith(key)) rmSync(join(dir, f), { force: true });
  const database = { kind: 'sqlite' as const, file: join(dir, `${key}.sqlite`) };
  let db = connectDatabase(database);
  if (existsSync(database.file) && !(await seeded(db))) {
    await db.destroy();
    for (const f of readdirSync(dir)) rmSync(join(dir, f), { force: true });
    db = connectDatabase(database);
  }
  return { db, database, topics: [] };
}

async function openPostgres(url: string, key: string): Promise<Dataset> {
  const schema = `bench_${key}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Earlier seeds are dropped while no bench server is connected to them (no lock wait on a live pool).
  const stale = await client.query<{ nspname: string }>(`select nspname from pg_namespace where nspname like 'bench\\_%' and nspname <> $1`, [schema]);
  for (const { nspname } of stale.rows) await client.query(`drop schema "${nspname}" cascade`);
  const done = await client.query(`select 1 from pg_tables where schemaname = $1 and tablename = 'bench_seed_done'`, [schema]);
  if (done.rowCount === 0) await client.query(`drop schema if exists "${schema}" cascade; create schema "${schema}"`);
  await client.end();
  const database = { kind: 'postgres' as const, url, schema };
  return { db: connectDatabase(database), database, topics: [] };
}

/** Opens (seeding on first use) the bench database of a dialect. */
export async function openDataset(dialect: 'sqlite' | 'postgres'): Promise<Dataset> {
  const key = seedKey();
  const dataset = dialect === 'postgres' ? await openPostgres(process.env.DATABASE_URL!, key) : await openSqlite(key);
  await migrateToLatest(dataset.db);
  if (await seeded(dataset.db)) console.log(`[${dialect}] reusing the seeded database (${key})`);
  else {
    console.log(`[${dialect}] seeding (${key})`);
    await seedAll(dataset.db);
  }
  return { ...dataset, topics: await loadTopics(dataset.db) };
}

/** Sessions written straight to the table (a login each would benchmark argon2); returns the tokens. */
export async function createSessions(db: Db, userIds: number[]): Promise<string[]> {
  await db.deleteFrom('sessions').where('user_agent', '=', 'bench').execute();
  const nonce = Date.now().toString(36);
  const t = new Date();
  const tokens = userIds.map((userId, i) => `bench-${nonce}-${userId}-${i}`);
  const rows = userIds.map((userId, i) => ({
    id: createHash('sha256').update(tokens[i]!).digest('hex'),
    user_id: userId,
    created_at: t.toISOString(),
    last_seen_at: t.toISOString(),
    expires_at: new Date(t.getTime() + 86_400_000).toISOString(),
    user_agent: 'bench',
    ip: '127.0.0.1',
  }));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 1000)
      await trx
        .insertInto('sessions')
        .values(rows.slice(i, i + 1000))
        .execute();
  });
  return tokens;
}
