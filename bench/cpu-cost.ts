/**
 * CPU time per request, in process (issue 38): `npx tsx bench/cpu-cost.ts` (SQLite; DATABASE_URL adds
 * PostgreSQL, where the database's own CPU is not counted). For a machine too loaded for wrk's rates to mean
 * much: the app's CPU microseconds per request (process.cpuUsage around app.inject, rotating sessions) for
 * the no-op, is-auth, the topics index at 5,000 and 50,000 topics and a first page; the no-op's cost over a
 * route's is what its rate would be as a share of the no-op's on an idle core (HTTP parsing left out).
 */
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createCrowdSessions, seedCrowdRooms } from './crowd-seed.js';
import { openDataset, SIZES } from './dataset.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);

async function measure(dialect: 'sqlite' | 'postgres') {
  const data = await openDataset(dialect);
  const rooms = await seedCrowdRooms(data.db);
  const users = (await data.db.selectFrom('users').select('id').where('email', 'like', 'bench%').orderBy('id').limit(REQUESTS).execute()).map((u) => u.id);
  const config = loadConfig(
    {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      REQUIRE_EMAIL_VERIFICATION: 'false',
      RATE_LIMIT_GLOBAL_MAX: '1000000000',
      DATABASE_URL: undefined,
    },
    { database: data.database, publicUrl: 'http://127.0.0.1' },
  );
  const app = await buildApp({ config, logger: false });
  const typical = data.topics.slice(SIZES.length);
  const scenarios: [string, (token: string, i: number) => string][] = [
    ['no-op (/api/health)', () => '/api/health'],
    ['is-auth', () => '/api/is-auth'],
    [`topics/index, ${rooms.small.topics} topics`, () => `/api/topics/index?room_id=${rooms.small.id}`],
    [`topics/index, ${rooms.large.topics} topics`, () => `/api/topics/index?room_id=${rooms.large.id}`],
    [
      'messages/index first page, no ETag',
      (_, i) => `/api/messages/index?topic_id=${typical[i % typical.length]!.id}&page=1&page_size=20&order_by=id&order_dir=desc`,
    ],
  ];
  let results: { name: string; us: number }[] = [];
  // Two passes, the first one a warm-up (the JIT, the caches of start-up); the second is reported.
  for (let pass = 0; pass < 2; pass++) {
    results = [];
    for (const [name, path] of scenarios) {
      // First pages are read by the topic's owner; everything else by rotating users. Fresh sessions each scenario.
      const owners = name.startsWith('messages') ? users.map((_, i) => typical[i % typical.length]!.owner) : users;
      const tokens = await createCrowdSessions(data.db, owners);
      const run = async (from: number, to: number) => {
        for (let i = from; i < to; i++) {
          const response = await app.inject({ method: 'GET', url: path(tokens[i]!, i), headers: { cookie: `parley_session=${tokens[i]}` } });
          if (response.statusCode >= 400) throw new Error(`${name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      };
      await run(0, 100);
      const before = process.cpuUsage();
      await run(100, tokens.length);
      const used = process.cpuUsage(before);
      results.push({ name, us: Math.round((used.user + used.system) / (tokens.length - 100)) });
    }
  }
  await app.close();
  await data.db.destroy();
  const noop = results[0]!.us;
  console.log(`\n${dialect}: CPU µs per request (${REQUESTS - 100} requests each), and the no-op's cost over it`);
  for (const r of results) console.log(`  ${r.name}: ${r.us} µs (${(noop / r.us).toFixed(3)}× no-op)`);
}

await measure('sqlite');
if (process.env.DATABASE_URL) await measure('postgres');
process.exit(0);
