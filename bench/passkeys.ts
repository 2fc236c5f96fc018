/**
 * npm run bench:passkeys — passkey sign-in (issue 36): full ceremonies (options + signed answer) per
 * second through HTTP against the server in its own process on SQLite, as a ratio to the no-op route
 * (/api/health) at the same concurrency. Each ceremony needs a fresh challenge, so this is a loop of
 * clients rather than replayed wrk requests. BENCH_RUNS runs (3) of BENCH_DURATION_S seconds (5),
 * BENCH_PASSKEY_CLIENTS (10) at once; min/median/max. Writes bench/results/passkeys.md.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connectDatabase, migrateToLatest } from '../apps/server/src/db/connect.js';
import { SoftwareAuthenticator } from '../apps/server/test/webauthn.js';
import { BENCH_PASSWORD, createSessions, seedUsersAndTopics } from './seed.js';
import { startServer } from './server.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CLIENTS = Number(process.env.BENCH_PASSKEY_CLIENTS ?? 10);
const ORIGIN = 'https://bench.example';

type Json = { payload: Record<string, unknown> };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function loop(durationS: number, once: (client: number) => Promise<void>): Promise<number> {
  const until = performance.now() + durationS * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (performance.now() < until) {
        await once(client);
        done += 1;
      }
    }),
  );
  return done / durationS;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'parley-bench-passkeys-'));
  const database = { kind: 'sqlite' as const, file: join(dir, 'bench.db') };
  const db = connectDatabase(database);
  await migrateToLatest(db);
  await seedUsersAndTopics(db, CLIENTS, 0);
  const userIds = (await db.selectFrom('users').select('id').orderBy('id').limit(CLIENTS).execute()).map((r) => r.id);
  const tokens = await createSessions(db, userIds);
  await db.destroy();
  const server = await startServer(database, { PASSKEY_RP_ID: 'bench.example', PASSKEY_ORIGINS: ORIGIN, REDIS_URL: undefined });
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Json;
  };
  try {
    // One passkey per client, added through the API as the web app does.
    const authenticators = await Promise.all(
      userIds.map(async (userId) => {
        const auth = { authorization: `Bearer ${tokens.get(userId)}` };
        const authenticator = new SoftwareAuthenticator(ORIGIN);
        const { options } = (await post('/user/passkeys/options', { password: BENCH_PASSWORD }, auth)).payload;
        await post('/user/passkeys', { response: authenticator.register(options as never) }, auth);
        return authenticator;
      }),
    );
    const noop = async () => {
      await (await fetch(`${server.url}/api/health`)).arrayBuffer();
    };
    // No cookie jar: the sign-in is CSRF-exempt only for bearer clients, so send a bearer-less call with the XSRF pair.
    const csrf = await fetch(`${server.url}/api/sanctum/csrf-cookie`);
    const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!);
    const cookie = { cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`, 'x-xsrf-token': xsrf };
    const signIn = async (client: number) => {
      const { attempt, options } = (await post('/passkey/sign-in/options', {}, cookie)).payload;
      await post('/passkey/sign-in', { attempt, response: authenticators[client]!.authenticate(options as never) }, cookie);
    };
    await loop(1, noop);
    await loop(1, signIn);
    const rows: { run: number; noop: number; signIn: number; ratio: number }[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const noopRps = await loop(DURATION_S, noop);
      const signInRps = await loop(DURATION_S, signIn);
      rows.push({ run, noop: Math.round(noopRps), signIn: Math.round(signInRps), ratio: signInRps / noopRps });
      console.log(
        `run ${run}: no-op ${Math.round(noopRps)}/s, passkey sign-in ${Math.round(signInRps)} ceremonies/s, ratio ${(signInRps / noopRps).toFixed(3)}`,
      );
    }
    const ratios = rows.map((r) => r.ratio);
    const summary = `ratio to no-op min ${Math.min(...ratios).toFixed(3)} / median ${median(ratios).toFixed(3)} / max ${Math.max(...ratios).toFixed(3)}`;
    console.log(summary);
    const out = resolve(import.meta.dirname, 'results');
    mkdirSync(out, { recursive: true });
    writeFileSync(
      join(out, 'passkeys.md'),
      [
        '# Passkey sign-in (bench/passkeys.ts)',
        '',
        `SQLite, ${CLIENTS} clients at once, ${RUNS} runs of ${DURATION_S} s. A ceremony is two requests (options, signed answer).`,
        '',
        '| run | no-op req/s | passkey ceremonies/s | ratio |',
        '| --- | --- | --- | --- |',
        ...rows.map((r) => `| ${r.run} | ${r.noop} | ${r.signIn} | ${r.ratio.toFixed(3)} |`),
        '',
        summary,
        '',
      ].join('\n'),
    );
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
