/**
 * The benchmarked server, in its own process so the load generator never shares its event loop.
 * Reads BENCH_DATABASE (JSON of Config['database']) and answers over IPC: {port} once listening,
 * 'rss' → {rss}, 'eld:reset' / 'eld' → event-loop delay p99 and max (ms) since the reset, 'stop' → exits
 * after the app (and its database pool) has closed.
 */
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
  if (message === 'rss') process.send?.({ rss: process.memoryUsage().rss });
  if (message === 'eld:reset') delay.reset();
  if (message === 'eld') process.send?.({ eld: { p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 } });
  if (message === 'stop') void app.close().finally(() => process.exit(0));
});
