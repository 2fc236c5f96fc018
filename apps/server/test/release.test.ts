import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './harness.js';

/**
 * The release directory (`npm run build` → release/) as an operator deploys it: built, copied to a
 * fresh directory far from the repository's node_modules, then migrate, seed, the admin commands and
 * the server run from the copy with plain `node` and an environment holding only their settings.
 */
const serverDir = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'parley-release-'));
const copy = join(work, 'parley-copy');
const devOnly = ['tsx', 'vitest', 'esbuild', 'typescript', 'vite', '@types', 'eslint', 'prettier', 's3rver', 'smtp-server', '@esbuild'];

beforeAll(() => {
  const web = join(work, 'web-dist');
  mkdirSync(web);
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>parley release test</title><div id="root"></div>');
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: serverDir,
    env: { ...process.env, PARLEY_RELEASE_DIR: join(work, 'built'), PARLEY_WEB_DIST: web },
    encoding: 'utf8',
  });
  expect(built.status, `${built.stdout}${built.stderr}`).toBe(0);
  cpSync(join(work, 'built'), copy, { recursive: true });
  rmSync(join(work, 'built'), { recursive: true, force: true });
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Only the given settings: no NODE_OPTIONS, no tsx loader, no NODE_PATH towards the repository. */
const cleanEnv = (env: Record<string, string>) => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: work, LOG_LEVEL: 'warn', ...env });

function run(env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(process.execPath, args, { cwd: copy, env: cleanEnv(env), encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
    probe.on('error', fail);
  });

describe('the release directory', () => {
  it('holds the entry points, the web app and production dependencies only, with their lockfile', () => {
    for (const entry of ['server', 'maintenance', 'admin-create', 'applications', 'payout-key', 'ledger-check'])
      expect(existsSync(join(copy, `${entry}.js`)), entry).toBe(true);
    expect(readFileSync(join(copy, 'web/index.html'), 'utf8')).toContain('parley release test');
    for (const file of ['CHANGELOG.md', 'OPERATIONS.md', 'deploy/systemd/parley.service', 'build-info.json'])
      expect(existsSync(join(copy, file)), file).toBe(true);

    const manifest = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).not.toHaveProperty('devDependencies');
    expect(Object.keys(manifest.dependencies as object).sort()).toEqual(['@fastify/rate-limit', '@fastify/swagger-ui', 'argon2', 'better-sqlite3']);
    const lock = JSON.parse(readFileSync(join(copy, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };

    const installed: string[] = [];
    const walk = (dir: string, prefix: string) => {
      for (const name of readdirSync(dir)) {
        if (name.startsWith('.')) continue;
        if (name.startsWith('@')) walk(join(dir, name), `${prefix}${name}/`);
        else {
          installed.push(`${prefix}${name}`);
          if (existsSync(join(dir, name, 'node_modules'))) walk(join(dir, name, 'node_modules'), `${prefix}${name}/node_modules/`);
        }
      }
    };
    walk(join(copy, 'node_modules'), '');
    const names = installed.map((path) => path.split('/node_modules/').pop()!);
    for (const name of devOnly)
      expect(
        names.filter((n) => n === name || n.startsWith(`${name}/`)),
        name,
      ).toEqual([]);
    for (const path of installed) expect(lock.packages[`node_modules/${path}`], path).toBeDefined();
    expect(Object.values(lock.packages).filter((entry) => entry.dev)).toEqual([]);
  });

  describe.each(dialects)('runs with plain node from a fresh copy (%s)', (dialect) => {
    let env: Record<string, string>;
    let schema: string | undefined;

    beforeAll(async () => {
      const dataDir = mkdtempSync(join(work, `data-${dialect}-`));
      if (dialect === 'sqlite') {
        // Development defaults, but migrations as production runs them: their own step.
        env = { NODE_ENV: 'development', DATA_DIR: dataDir, MIGRATE_ON_START: 'false', SEED_DEMO: 'false' };
      } else {
        schema = `t_${process.env.PARLEY_TEST_RUN ?? Date.now().toString(36)}_release${randomBytes(3).toString('hex')}`;
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`create schema ${schema}`);
        await client.end();
        env = {
          NODE_ENV: 'production',
          DATA_DIR: dataDir,
          DATABASE_URL: process.env.DATABASE_URL!,
          DATABASE_SCHEMA: schema,
          PUBLIC_URL: 'https://parley.example',
          APP_SECRET: randomBytes(36).toString('base64'),
          PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
          REQUIRE_EMAIL_VERIFICATION: 'false',
          PAYMENT_GATEWAY: 'sandbox',
          ALLOW_SANDBOX_PAYMENTS: 'true',
        };
      }
    });

    it('migrate, seed, the admin commands and the ledger check', { timeout: 120_000 }, () => {
      const migrate = run(env, 'maintenance.js', 'migrate');
      expect(migrate, migrate.output).toMatchObject({ code: 0 });
      expect(migrate.output).toContain('Migrated to the latest version.');
      const seed = run(env, 'maintenance.js', 'seed');
      expect(seed, seed.output).toMatchObject({ code: 0 });

      const admin = run(env, 'admin-create.js', 'ops@example.com');
      expect(admin, admin.output).toMatchObject({ code: 0 });
      expect(admin.output).toMatch(/Password: \S+/);
      expect(run(env, 'payout-key.js', 'verify')).toMatchObject({ code: 0 });
      const applications = run(env, 'applications.js', 'list');
      expect(applications, applications.output).toMatchObject({ code: 0 });
      expect(JSON.parse(applications.output)).toHaveProperty('items');

      const ledger = run(env, 'ledger-check.js');
      expect(ledger, ledger.output).toMatchObject({ code: 0 });
      expect(ledger.output).toContain('Ledger consistent');
    });

    it('start: health, readiness and the web app', { timeout: 60_000 }, async () => {
      const port = await freePort();
      const child = spawn(process.execPath, ['server.js'], {
        cwd: copy,
        env: cleanEnv({ ...env, HOST: '127.0.0.1', PORT: String(port) }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const exited = new Promise((done) => child.on('exit', done));
      try {
        const base = `http://127.0.0.1:${port}`;
        let ready: Response | undefined;
        for (let i = 0; i < 100 && child.exitCode === null; i++) {
          ready = await fetch(`${base}/api/ready`).catch(() => undefined);
          if (ready) break;
          await new Promise((r) => setTimeout(r, 200));
        }
        expect(ready?.status, output).toBe(200);
        expect((await fetch(`${base}/api/health`)).status).toBe(200);
        const page = await fetch(`${base}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('parley release test');
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
    });
  });
});
