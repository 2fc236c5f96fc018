/**
 * The benchmarked server, in its own process so the load generator never shares its event loop.
 * Reads BENCH_DATABASE (JSON of Config['database']) and reports {port} then RSS on request over IPC.
 */
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
    DATABASE_URL: undefined,
  },
  { database, publicUrl: 'http://127.0.0.1' },
);
const app = await buildApp({ config, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', (message: unknown) => {
  if (message === 'rss') process.send?.({ rss: process.memoryUsage().rss });
  if (message === 'stop') void app.close().then(() => process.exit(0));
});
