import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { migrateToLatest } from '../src/db/connect.js';
import { seedDatabase } from '../src/modules/reference/seed.js';
import { demoAccounts } from '../src/modules/reference/seed-content.js';
import { TestClient } from './client.js';
import { createTestContext, dialects, type TestContext } from './harness.js';

describe.each(dialects)('production safety (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx.close());

  it('answers the dev mailbox and the sandbox test helpers only on this machine', async () => {
    for (const url of ['/dev/mailbox', '/api/dev/mailbox']) {
      const remote = await ctx.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });
      expect(remote.statusCode).toBe(404);
      expect(remote.json()).toMatchObject({ status: 'ERROR' });
      expect((await ctx.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url, remoteAddress: '::1' })).statusCode).toBe(200);
    }
    const dispute = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox-pay/some-session/dispute',
      remoteAddress: '198.51.100.20',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=open',
    });
    expect(dispute.statusCode).toBe(404);
  });

  it('tells the pages that payments are test payments while the sandbox gateway runs', async () => {
    const settings = await ctx.app.inject({ method: 'GET', url: '/api/settings' });
    expect(settings.json()).toMatchObject({ status: 'OK', payload: { test_payments: true } });
  });

  it('seeds the demo accounts with random passwords, shown once, never the README ones', async () => {
    const lines: string[] = [];
    await seedDatabase(ctx.db, ctx.app.clock, { demo: true, passwords: 'random', announce: (line) => lines.push(line) });
    await seedDatabase(ctx.db, ctx.app.clock, { demo: true, passwords: 'random', announce: (line) => lines.push(line) });
    expect(lines).toHaveLength(2);
    const admin = lines.find((l) => l.includes(demoAccounts.admin.email))!;
    const password = /password (\S+)/.exec(admin)![1]!;
    expect(password).not.toBe(demoAccounts.admin.password);

    const readme = await new TestClient(ctx.app).post('/api/login', { email: demoAccounts.admin.email, password: demoAccounts.admin.password });
    expect(readme.body.status).toBe('ERROR');
    const random = await new TestClient(ctx.app).post('/api/login', { email: demoAccounts.admin.email, password });
    expect(random.body.status).toBe('OK');
    const admins = await ctx.db.selectFrom('users').select('id').where('email', '=', demoAccounts.admin.email).execute();
    expect(admins).toHaveLength(1);
  });

  it('is not ready until every migration is applied (production migrates as its own step)', async () => {
    // A database nobody migrated yet: a fresh file, or a fresh PostgreSQL schema.
    const dir = mkdtempSync(join(tmpdir(), 'parley-unmigrated-'));
    let database = { kind: 'sqlite' as const, file: join(dir, 'fresh.db') } as typeof ctx.database;
    if (ctx.database.kind === 'postgres') {
      const schema = `${ctx.database.schema}_fresh`;
      const client = new pg.Client({ connectionString: ctx.database.url });
      await client.connect();
      await client.query(`CREATE SCHEMA ${schema}`);
      await client.end();
      database = { ...ctx.database, schema };
    }
    const app = await buildApp({ config: { ...ctx.config, database }, migrate: false, logger: false });
    try {
      const before = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toMatchObject({ status: 'ERROR', payload: null, message: 'Unavailable: migrations' });
      expect(before.json().errors.migrations[0]).toContain('npm run migrate');
      await migrateToLatest(app.db);
      const after = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(after.statusCode).toBe(200);
      expect(after.json().payload).toEqual({ database: 'up', migrations: 'applied' });
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
