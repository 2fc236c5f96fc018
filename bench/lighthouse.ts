/**
 * Lighthouse (performance, accessibility) on the production build of home and rooms, in Debian
 * Chromium. Part of `npm run bench`; writes bench/results/lighthouse.{json,md}.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = resolve(import.meta.dirname, '..');
const freePort = () =>
  new Promise<number>((r) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => r(port));
    });
  });

if (process.env.BENCH_SKIP_BUILD !== '1') spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'parley-lh-'));
const url = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: join(root, 'apps/server'),
  env: {
    ...process.env,
    DATABASE_URL: '',
    REDIS_URL: '',
    NODE_ENV: 'production',
    APP_SECRET: 'lighthouse-run-secret-0123456789abcdef',
    PAYOUT_ENCRYPTION_KEY: '0'.repeat(64),
    HOST: '127.0.0.1',
    PORT: String(port),
    // Production as an operator runs it (compiled web app, production checks), on loopback: the https address
    // only names the site (Lighthouse sends the session cookie itself), sandbox payments explicitly allowed.
    PUBLIC_URL: 'https://parley.test',
    REQUIRE_EMAIL_VERIFICATION: 'false',
    PAYMENT_GATEWAY: 'sandbox',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    // A fresh database to measure: migrated and seeded by the server itself (production's default is a separate step).
    MIGRATE_ON_START: 'true',
    DATA_DIR: dataDir,
    // Production names its database explicitly (config.ts): one instance on SQLite, on purpose.
    SQLITE_FILE: join(dataDir, 'parley.db'),
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
// Production gives the demo accounts random passwords, announced once in the server's log: the bench signs in with it.
let serverLog = '';
server.stdout.on('data', (chunk: Buffer) => {
  serverLog += chunk.toString();
  process.stdout.write(chunk);
});
const demoPassword = () => /Demo account demo@parley\.chat \(user\) created with password (\S+)/.exec(serverLog)?.[1];
for (let i = 0; i < 120; i++) {
  if (
    await fetch(`${url}/api/ready`)
      .then((r) => r.ok)
      .catch(() => false)
  )
    break;
  await new Promise((r) => setTimeout(r, 250));
}

// Sign in as the demo user for the rooms page (a login-required route).
const csrf = await fetch(`${url}/api/sanctum/csrf-cookie`);
const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
const login = await fetch(`${url}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` },
  body: JSON.stringify({ email: 'demo@parley.chat', password: demoPassword() }),
});
const token = ((await login.json()) as { token?: string }).token;
// Without a session /rooms redirects to the sign-in page, which would be measured in its place.
if (!token) throw new Error(`lighthouse: the demo user could not sign in (${login.status}); no password in the server's log?`);
const consent = `cookie_consent=1; cookie_settings=${encodeURIComponent(JSON.stringify({ essential: true, advertising: false, customization: false, functionality: false }))}`;

const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const rows: { page: string; performance: number; accessibility: number; fcpMs: number; lcpMs: number; tbtMs: number; cls: number; siMs: number }[] = [];
try {
  for (const [name, path, cookie] of [
    ['home', '/', consent],
    ['rooms', '/rooms', `${consent}; parley_session=${token}; auth_session=1`],
  ] as const) {
    const result = await lighthouse(`${url}${path}`, {
      port: chrome.port,
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: { cookie },
      logLevel: 'error',
    });
    const lhr = result!.lhr;
    if (new URL(lhr.finalDisplayedUrl).pathname !== path) throw new Error(`lighthouse: ${path} ended on ${lhr.finalDisplayedUrl}, not the page to measure`);
    rows.push({
      page: name,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
      cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
      siMs: Math.round(lhr.audits['speed-index']?.numericValue ?? 0),
    });
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
const out = resolve(import.meta.dirname, 'results');
mkdirSync(out, { recursive: true });
const md = [
  '| page | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.siMs} |`),
].join('\n');
writeFileSync(join(out, 'lighthouse.json'), JSON.stringify({ date: new Date().toISOString(), rows }, null, 2));
writeFileSync(join(out, 'lighthouse.md'), md + '\n');
console.log(md);
