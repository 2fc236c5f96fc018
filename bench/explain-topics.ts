/**
 * The plans of the topics index statements (issue 38, decision 034g) on the bench data set's crowd rooms
 * (bench/crowd-seed.ts): `tsx bench/explain-topics.ts` (SQLite), with DATABASE_URL also PostgreSQL
 * (EXPLAIN ANALYZE). Prints each plan for the first page of the 50,000-topic room, a deep page, and "All".
 */
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { sql } from './floor-sql.js';
import { seedCrowdRooms } from './crowd-seed.js';
import { openDataset } from './dataset.js';
import { topicsPageQueries } from '../apps/server/src/modules/topics/topics-index.repository.js';

const MAX_ID = 2_147_483_647;

/** The median wall time of 200 runs (after 20 unmeasured), in ms: the statement's cost without HTTP around it. */
async function timed(run: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const started = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return times.sort((a, b) => a - b)[100]!.toFixed(3);
}

async function explain(dialect: 'sqlite' | 'postgres') {
  const data = await openDataset(dialect);
  const rooms = await seedCrowdRooms(data.db);
  const viewer = (await data.db.selectFrom('blocks').select('blocker_id').where('blocked_chat_name', '=', 'crowd').limit(1).executeTakeFirstOrThrow())
    .blocker_id;
  const now = new Date().toISOString();
  const deep = (
    await data.db.selectFrom('topics').select('id').where('room_id', '=', rooms.large.id).orderBy('id').limit(1).offset(25_000).executeTakeFirstOrThrow()
  ).id;
  const cases = [
    {
      label: `room of ${rooms.small.topics} topics, first page of the rest`,
      text: sql[dialect].topicsRest,
      values: [0, rooms.small.id, 0, now, MAX_ID, viewer, viewer, 25],
    },
    {
      label: `room of ${rooms.large.topics} topics, highlighted segment`,
      text: sql[dialect].topicsHighlighted,
      values: [0, rooms.large.id, 1, now, MAX_ID, viewer, viewer, 25],
    },
    {
      label: `room of ${rooms.large.topics} topics, first page of the rest`,
      text: sql[dialect].topicsRest,
      values: [0, rooms.large.id, 0, now, MAX_ID, viewer, viewer, 25],
    },
    {
      label: `room of ${rooms.large.topics} topics, a page 25,000 topics deep`,
      text: sql[dialect].topicsRest,
      values: [0, rooms.large.id, 0, now, deep, viewer, viewer, 25],
    },
    {
      label: 'All rooms, first page of the rest',
      text: topicsPageQueries.allRest(data.db, { viewerId: viewer, roomId: 0, upTo: MAX_ID, now, limit: 25 }).compile().sql,
      values: [0, 0, now, MAX_ID, viewer, viewer, 25],
    },
  ];
  console.log(`\n## ${dialect}`);
  for (const c of cases) {
    console.log(`\n### ${c.label}\n`);
    if (dialect === 'sqlite') {
      const rows = await data.db.executeQuery<{ parent: number; detail: string }>(CompiledQuery.raw(`explain query plan ${c.text}`, c.values));
      for (const r of rows.rows) console.log(`${r.parent === 0 ? '' : '  '}${r.detail}`);
      console.log(`median of 200 runs: ${await timed(() => data.db.executeQuery(CompiledQuery.raw(c.text, c.values)))} ms`);
    } else {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL, options: `-c search_path=${(data.database as { schema?: string }).schema}` });
      await client.connect();
      const result = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing off, summary off) ${c.text}`, c.values);
      for (const r of result.rows) console.log(r['QUERY PLAN']);
      console.log(`median of 200 runs: ${await timed(() => client.query({ name: 'explained', text: c.text, values: c.values }))} ms`);
      await client.end();
    }
  }
  await data.db.destroy();
}

await explain('sqlite');
if (process.env.DATABASE_URL) await explain('postgres');
