import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './support/browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR (its SQLite file lives there): for CLI commands such as `npm run applications`. */
    dataDir: string;
  }
}

const root = resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/settings`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start at ${url}`);
}

/** Builds the web app, starts the real server on a fresh seeded SQLite database, and tears it down after. */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`The browser suite needs Debian chromium at ${CHROMIUM_PATH} (apt-get install chromium).`);
  if (process.env.E2E_SKIP_BUILD !== '1') {
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build: build what production serves.
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (build.status !== 0) throw new Error('web build failed');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // The release directory's server, as production runs it (plain node, no tsx at run time); it serves the web build copied beside it.
  const server = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });
  if (server.status !== 0) throw new Error('server build failed');
  const child = spawn(process.execPath, ['--enable-source-maps', 'release/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      // Browsers refuse an IP address as a passkey's relying party: tests/passkeys.test.ts opens the app as localhost.
      PASSKEY_RP_ID: 'localhost',
      PASSKEY_ORIGINS: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_MAX: '1000',
      // Every journey signs the seeded admin in; the per-account throttle has its own server tests.
      RATE_LIMIT_ACCOUNT_MAX: '1000',
      RATE_LIMIT_GLOBAL_MAX: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForServer(baseUrl, child, 60_000);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
}
