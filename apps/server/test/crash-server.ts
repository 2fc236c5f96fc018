/**
 * A Parley server in its own process, for the crash-safety suite (test/crash-safety.test.ts):
 * reads CRASH_DATABASE (JSON of Config['database']), listens on 127.0.0.1 port 0 and
 * reports {port} over IPC. CRASH_OUTBOX_TARGET, when set, points the sandbox webhook
 * outbox somewhere else than the app's own webhook (a target that fails).
 */
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { SandboxGateway } from '../src/modules/payments/sandbox-gateway.js';

const database = JSON.parse(process.env.CRASH_DATABASE ?? '{}');
const config = loadConfig(
  {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    APP_SECRET: process.env.APP_SECRET,
    RATE_LIMIT_AUTH_MAX: '1000000',
    RATE_LIMIT_GLOBAL_MAX: '1000000000',
    DATA_DIR: process.env.DATA_DIR,
  },
  { database },
);
const app = await buildApp({ config, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const target = process.env.CRASH_OUTBOX_TARGET;
if (target && app.gateway instanceof SandboxGateway) app.gateway.webhooks.attach(target, app.jobs);
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
