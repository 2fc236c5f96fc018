/**
 * The benchmarked server, in its own process so the load generator never shares its event loop.
 * Reads BENCH_DATABASE (JSON of Config['database']) and answers over IPC: {port} once listening,
 * 'rss' → {rss}, 'eld:reset' / 'eld' → event-loop delay p99 and max (ms) since the reset, 'stop' → exits
 * after the app (and its database pool) has closed; 'prof:start' / 'prof:stop:<file>' → a CPU profile of
 * what ran in between, written to <file> (→ {prof: file}).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';

const database = JSON.parse(process.env.BENCH_DATABASE ?? '{}');
const config = loadConfig(
  {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    REQUIRE_EMAIL_VERIFICATION: 'false',
    RATE_LIMIT_AUTH_MAX: '1000000',
    RATE_LIMIT_GLOBAL_MAX: '1000000000',
    // Every load socket comes from 127.0.0.1.
    WS_MAX_CONNECTIONS_PER_IP: '1000000',
    MAX_CONNECTIONS_PER_IP: '1000000',
    MAX_CONNECTIONS: '1000000',
    DATABASE_URL: undefined,
  },
  { database, publicUrl: 'http://127.0.0.1' },
);
const app = await buildApp({ config, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', (message: unknown) => {
  if (message === 'rss') {
    // What is retained, not garbage not yet collected (the bench forks this process with --expose-gc).
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ rss: process.memoryUsage().rss });
  }
  if (message === 'eld:reset') delay.reset();
  if (message === 'eld') process.send?.({ eld: { p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 } });
  if (message === 'stop') void app.close().finally(() => process.exit(0));
  if (message === 'prof:start') void startProfile();
  if (typeof message === 'string' && message.startsWith('prof:stop:')) void stopProfile(message.slice('prof:stop:'.length));
});

// One scenario's CPU profile at a time (BENCH_CPU_PROF): the inspector's sampling profiler, started and stopped over IPC.
let profiler: Session | undefined;
async function startProfile() {
  profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
  await profiler.post('Profiler.start');
  process.send?.({ profiling: true });
}
async function stopProfile(file: string) {
  const { profile } = (await profiler!.post('Profiler.stop')) as { profile: unknown };
  profiler!.disconnect();
  writeFileSync(file, JSON.stringify(profile));
  process.send?.({ prof: file });
}
