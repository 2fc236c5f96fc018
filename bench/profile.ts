/**
 * npm run bench:profile (issue 38 §4): where the time goes. Starts Parley on the bench data set (SQLite;
 * BENCH_DIALECT=postgres with DATABASE_URL for PostgreSQL), puts it under wrk load for the send (both
 * participants of 100 chats, random order), a chat's first page (no ETag, rotating sessions) and the topics
 * index (a room of 5,000 topics, rotating sessions), takes a CPU profile of each (V8's sampling profiler,
 * what `node --cpu-prof` writes, started and stopped over IPC around the load so start-up is left out), and
 * prints the self time grouped by layer (bench/profile-layers.ts). Writes the profiles and
 * bench/results/profile.md. BENCH_PROFILE_S (default 10) seconds per scenario; BENCH_ONLY=<substring> keeps some.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createCrowdSessions, seedCrowdRooms } from './crowd-seed.js';
import { openDataset, SIZES } from './dataset.js';
import { layerTable, type ProfileNode } from './profile-layers.js';
import { CROWD_SEND, crowdSends } from './scenarios.js';
import { startServer } from './server.js';
import { ensureWrk, runWrk, writeRequests, type PreparedRequest } from './wrk.js';

const DURATION_S = Number(process.env.BENCH_PROFILE_S ?? 10);
const ONLY = process.env.BENCH_ONLY;
const dialect = process.env.BENCH_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

ensureWrk();
const data = await openDataset(dialect);
const rooms = await seedCrowdRooms(data.db);
const typical = data.topics.slice(SIZES.length);
const participants = typical.flatMap((t) => [
  { topic: t.id, user: t.owner },
  { topic: t.id, user: t.guest },
]);
const sendTopics = typical.slice(0, 100);
const sendUsers = [...new Set(sendTopics.flatMap((t) => [t.owner, t.guest]))];
const sendTokens = await createCrowdSessions(data.db, sendUsers);
const pageTokens = await createCrowdSessions(
  data.db,
  participants.map((p) => p.user),
);
const topicTokens = await createCrowdSessions(
  data.db,
  participants.map((p) => p.user),
);
const scenarios: { name: string; requests: PreparedRequest[] }[] = [
  { name: CROWD_SEND, requests: crowdSends(sendTopics, new Map(sendUsers.map((u, i) => [u, sendTokens[i]!]))) },
  {
    name: 'messages/index first page, no ETag, rotating sessions',
    requests: participants.map((p, i) => ({
      method: 'GET' as const,
      path: `/api/messages/index?topic_id=${p.topic}&page=1&page_size=20&order_by=id&order_dir=desc`,
      headers: bearer(pageTokens[i]!),
    })),
  },
  {
    name: `topics/index, room of ${rooms.small.topics.toLocaleString('en')} topics`,
    requests: topicTokens.map((token) => ({ method: 'GET' as const, path: `/api/topics/index?room_id=${rooms.small.id}`, headers: bearer(token) })),
  },
].filter((s) => !ONLY || s.name.includes(ONLY));

const server = await startServer(data.database);
const dir = mkdtempSync(join(tmpdir(), 'parley-profile-'));
const out = resolve(import.meta.dirname, 'results');
mkdirSync(out, { recursive: true });
const profiles: { name: string; nodes: ProfileNode[] }[] = [];
try {
  for (const scenario of scenarios) {
    const file = join(dir, 'requests.tsv');
    writeRequests(file, scenario.requests);
    const check = await fetch(server.url + scenario.requests[0]!.path, {
      method: scenario.requests[0]!.method,
      headers: scenario.requests[0]!.headers,
      body: scenario.requests[0]!.body,
    });
    if (check.status >= 400) throw new Error(`${scenario.name}: ${check.status} ${await check.text()}`);
    await server.ask('prof:start', 'profiling');
    const result = await runWrk(server.url, file, DURATION_S);
    const path = join(out, `profile-${dialect}-${scenario.name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}.cpuprofile`);
    await server.ask<string>(`prof:stop:${path}`, 'prof');
    console.log(`[${dialect}] ${scenario.name}: ${result.rps}/s, p99 ${result.p99Ms} ms, ${result.statusErrors + result.socketErrors} errors; profile ${path}`);
    profiles.push({ name: scenario.name, nodes: (JSON.parse(readFileSync(path, 'utf8')) as { nodes: ProfileNode[] }).nodes });
  }
} finally {
  await server.stop();
  await data.db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
const md = [`### ${dialect}: self time by layer under wrk load (${DURATION_S} s per scenario, ${new Date().toISOString()})`, '', layerTable(profiles), ''].join(
  '\n',
);
writeFileSync(join(out, `profile-${dialect}.md`), md);
console.log('\n' + md);
