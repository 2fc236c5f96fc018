/**
 * npm run bench (crowd part, issue 38): the routes a crowd goes to, measured against the floor server
 * (bench/floor.ts: the same SQL on a bare node:http server) in the same run. Over the bench data set
 * (10,000 users) plus two crowd rooms of 5,000 and 50,000 open topics (seeded once, bench/crowd-seed.ts),
 * every request a different session (rotating users; nothing in any session cache), first pages read
 * without an ETag. Per dialect (SQLite; PostgreSQL when DATABASE_URL is set): for BENCH_RUNS runs (3),
 * each scenario on Parley then on the floor, each server's no-op first; prints every figure as a ratio to
 * its own no-op and Parley's rate as a ratio to the floor's, min/median/max; writes bench/results/crowd.{md,json}.
 * BENCH_ONLY=<substring> keeps the matching scenarios.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createCrowdSessions, seedCrowdRooms, type CrowdRooms } from './crowd-seed.js';
import { openDataset, SIZES, USERS, type Dataset } from './dataset.js';
import { CROWD_SEND, crowdSends, webhookCredits } from './scenarios.js';
import { startServer, type BenchServer } from './server.js';
import { stat } from './targets.js';
import { CONNECTIONS, ensureWrk, runWrk, writeRequests, type PreparedRequest } from './wrk.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ONLY = process.env.BENCH_ONLY;
/** Chats whose both participants send in the crowd's send scenario (as bench/run.ts's). */
const CROWD_SEND_TOPICS = 100;

interface CrowdScenario {
  name: string;
  /** The same list for both servers, or one built for each just before it is measured (validators, fresh deposits). */
  requests: PreparedRequest[] | ((server: BenchServer) => Promise<PreparedRequest[]>);
  /** Counts requests that did their work (scenarios.ts#Scenario.done): the rate counts these, not replays. */
  done?(): Promise<number>;
}

const cookie = (token: string) => ({ cookie: `parley_session=${token}` });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Every scenario walks its own fresh sessions, one per user, so no request finds its session in memory from another. */
async function buildCrowdScenarios(data: Dataset, rooms: CrowdRooms): Promise<CrowdScenario[]> {
  const users = (await data.db.selectFrom('users').select('id').where('email', 'like', 'bench%').orderBy('id').limit(USERS).execute()).map((u) => u.id);
  const sessions = async () => createSessionsKeeping(data, users);
  const typical = data.topics.slice(SIZES.length);
  const firstPage = (topicId: number, token: string): PreparedRequest => ({
    method: 'GET',
    path: `/api/messages/index?topic_id=${topicId}&page=1&page_size=20&order_by=id&order_dir=desc`,
    headers: bearer(token),
  });
  const isAuth = await sessions();
  const roomsIndex = await sessions();
  const topics5k = await sessions();
  const topics50k = await sessions();
  // First pages: both participants of every typical topic, each with a session of their own.
  const participants = typical.flatMap((t) => [
    { topic: t.id, user: t.owner },
    { topic: t.id, user: t.guest },
  ]);
  const pageTokens = await createSessionsKeeping(
    data,
    participants.map((p) => p.user),
  );
  const pollTokens = await createSessionsKeeping(
    data,
    participants.map((p) => p.user),
  );
  const revalidateTokens = await createSessionsKeeping(
    data,
    participants.map((p) => p.user),
  );
  const sendUsers = [...new Set(typical.slice(0, CROWD_SEND_TOPICS).flatMap((t) => [t.owner, t.guest]))];
  const sendTokens = await createSessionsKeeping(data, sendUsers);
  const scenarios: CrowdScenario[] = [
    { name: 'no-op (/api/health)', requests: [{ method: 'GET' as const, path: '/api/health' }] },
    { name: 'is-auth, rotating sessions', requests: isAuth.map((token) => ({ method: 'GET' as const, path: '/api/is-auth', headers: cookie(token) })) },
    {
      name: 'rooms/index, rotating sessions',
      requests: roomsIndex.map((token) => ({ method: 'GET' as const, path: '/api/rooms/index?page=1', headers: cookie(token) })),
    },
    {
      name: `topics/index, room of ${rooms.small.topics.toLocaleString('en')} topics`,
      requests: topics5k.map((token) => ({ method: 'GET' as const, path: `/api/topics/index?room_id=${rooms.small.id}`, headers: cookie(token) })),
    },
    {
      name: `topics/index, room of ${rooms.large.topics.toLocaleString('en')} topics`,
      requests: topics50k.map((token) => ({ method: 'GET' as const, path: `/api/topics/index?room_id=${rooms.large.id}`, headers: cookie(token) })),
    },
    { name: 'messages/index first page, no ETag, rotating sessions', requests: participants.map((p, i) => firstPage(p.topic, pageTokens[i]!)) },
    {
      // A poll whose validator is stale (something happened since): the page again, with its validator.
      name: 'messages/index poll with news (stale ETag), rotating sessions',
      requests: participants.map((p, i) => ({ ...firstPage(p.topic, pollTokens[i]!), headers: { ...bearer(pollTokens[i]!), 'if-none-match': 'W/"stale"' } })),
    },
    {
      // Each server's own validators, read once per list (a browser has the page it revalidates).
      name: 'messages/index poll, nothing new (304), rotating sessions',
      requests: async (server) => {
        const requests: PreparedRequest[] = [];
        for (const [i, p] of participants.entries()) {
          const request = firstPage(p.topic, revalidateTokens[i]!);
          const response = await fetch(server.url + request.path, { headers: request.headers });
          await response.arrayBuffer();
          const etag = response.headers.get('etag');
          if (etag) requests.push({ ...request, headers: { ...request.headers, 'if-none-match': etag } });
        }
        return requests;
      },
    },
    { name: CROWD_SEND, requests: crowdSends(typical.slice(0, CROWD_SEND_TOPICS), new Map(sendUsers.map((user, i) => [user, sendTokens[i]!]))) },
    (() => {
      const credits = webhookCredits(data, users);
      return { name: credits.name, requests: () => credits.requests(), done: () => credits.done!() };
    })(),
  ];
  return scenarios.filter((s, i) => i === 0 || !ONLY || s.name.includes(ONLY));
}

const createSessionsKeeping = (data: Dataset, userIds: number[]) => createCrowdSessions(data.db, userIds);

async function measure(server: BenchServer, scenario: CrowdScenario, dir: string, durationS: number) {
  const requests = typeof scenario.requests === 'function' ? await scenario.requests(server) : scenario.requests;
  const first = requests[0]!;
  const check = await fetch(server.url + first.path, { method: first.method, headers: first.headers, body: first.body });
  if (check.status >= 400) throw new Error(`${scenario.name}: ${check.status} ${await check.text()}`);
  const file = join(dir, 'requests.tsv');
  writeRequests(file, requests);
  server.child.send('eld:reset');
  const doneBefore = await scenario.done?.();
  const result = await runWrk(server.url, file, durationS);
  // Fresh work only (issue 38): a webhook replayed once wrk ran through its list credits nothing.
  if (scenario.done) result.rps = Math.round(((await scenario.done()) - (doneBefore ?? 0)) / durationS);
  const eld = await server.ask<{ p99Ms: number }>('eld', 'eld');
  return { ...result, eldP99Ms: Math.round(eld.p99Ms * 10) / 10 };
}

const ratio = (a: number, b: number) => Math.round((a / Math.max(1, b)) * 1000) / 1000;

async function benchDialect(dialect: 'sqlite' | 'postgres') {
  const data = await openDataset(dialect);
  const rooms = await seedCrowdRooms(data.db);
  const scenarios = await buildCrowdScenarios(data, rooms);
  const parley = await startServer(data.database);
  const floor = await startServer(data.database, {}, 'floor.ts');
  const dir = mkdtempSync(join(tmpdir(), 'parley-crowd-'));
  const figures = new Map(
    scenarios.map((s) => [
      s.name,
      {
        parley: [] as number[],
        floor: [] as number[],
        xNoop: [] as number[],
        floorXNoop: [] as number[],
        xFloor: [] as number[],
        p99: [] as number[],
        floorP99: [] as number[],
        errors: 0,
      },
    ]),
  );
  try {
    console.log(`[${dialect}] warm-up`);
    for (const scenario of scenarios) for (const server of [parley, floor]) await measure(server, scenario, dir, 1);
    for (let run = 1; run <= RUNS; run++) {
      let noop = { parley: 1, floor: 1 };
      for (const scenario of scenarios) {
        const a = await measure(parley, scenario, dir, DURATION_S);
        const b = await measure(floor, scenario, dir, DURATION_S);
        if (scenario === scenarios[0]) noop = { parley: Math.max(1, a.rps), floor: Math.max(1, b.rps) };
        const f = figures.get(scenario.name)!;
        f.parley.push(a.rps);
        f.floor.push(b.rps);
        f.xNoop.push(ratio(a.rps, noop.parley));
        f.floorXNoop.push(ratio(b.rps, noop.floor));
        f.xFloor.push(ratio(a.rps, b.rps));
        f.p99.push(a.p99Ms);
        f.floorP99.push(b.p99Ms);
        f.errors += a.statusErrors + a.socketErrors + b.statusErrors + b.socketErrors;
        console.log(
          `[${dialect}] run ${run}: ${scenario.name}: Parley ${a.rps}/s (${ratio(a.rps, noop.parley).toFixed(3)}× no-op, p99 ${a.p99Ms} ms, loop p99 ${a.eldP99Ms} ms), floor ${b.rps}/s (${ratio(b.rps, noop.floor).toFixed(3)}× its no-op, p99 ${b.p99Ms} ms): ${ratio(a.rps, b.rps).toFixed(2)}× floor`,
        );
      }
    }
  } finally {
    await parley.stop();
    await floor.stop();
    await data.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
  return [...figures.entries()].map(([scenario, f]) => ({
    scenario,
    parleyRps: stat(f.parley),
    floorRps: stat(f.floor),
    xNoop: stat(f.xNoop),
    floorXNoop: stat(f.floorXNoop),
    xFloor: stat(f.xFloor),
    p99Ms: stat(f.p99),
    floorP99Ms: stat(f.floorP99),
    errors: f.errors,
  }));
}

type Row = Awaited<ReturnType<typeof benchDialect>>[number];
const range = (s: { min: number; median: number; max: number }, digits = 3) =>
  `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;
const whole = (s: { min: number; median: number; max: number }) => `${s.median} (${s.min}–${s.max})`;

function report(dialect: string, rows: Row[]) {
  return [
    `### ${dialect}: the crowd against the floor`,
    '',
    '| scenario | Parley × no-op | Parley req/s | floor req/s | floor × its no-op | Parley × floor | Parley p99 ms | floor p99 ms | errors |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${range(r.xNoop)} | ${whole(r.parleyRps)} | ${whole(r.floorRps)} | ${range(r.floorXNoop)} | ${range(r.xFloor, 2)} | ${r.p99Ms.median} | ${r.floorP99Ms.median} | ${r.errors} |`,
    ),
    '',
  ].join('\n');
}

ensureWrk();
const dialects: ('sqlite' | 'postgres')[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
const onlyDialect = process.env.BENCH_DIALECT;
const md = [`crowd: wrk -t1 -c${CONNECTIONS}, ${RUNS} runs × ${DURATION_S} s per scenario and server, ${new Date().toISOString()}`, ''];
const results: Record<string, unknown> = { date: new Date().toISOString(), runs: RUNS, durationS: DURATION_S, connections: CONNECTIONS };
for (const dialect of dialects.filter((d) => !onlyDialect || d === onlyDialect)) {
  const rows = await benchDialect(dialect);
  results[dialect] = rows;
  md.push(report(dialect, rows));
}
const out = resolve(import.meta.dirname, 'results');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'crowd.json'), JSON.stringify(results, null, 2));
writeFileSync(join(out, 'crowd.md'), md.join('\n'));
console.log('\n' + md.join('\n'));
