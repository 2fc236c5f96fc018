import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseConfig } from '../src/db/connect.js';
import { demoAccounts, seedBundles, seedRooms } from '../src/modules/reference/seed-content.js';
import { dialects } from './harness.js';

const serverDir = resolve(import.meta.dirname, '..');

/** `npm run migrate && npm run seed` as an operator runs it, as its own process. */
function migrateAndSeed(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/maintenance.ts', 'seed'], {
      cwd: serverDir,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'true', ...env },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => done({ code, output }));
  });
}

describe.each(dialects)('migrate and seed from several processes at once (%s)', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  async function freshDatabase(): Promise<{ env: Record<string, string>; database: DatabaseConfig }> {
    if (dialect === 'postgres') {
      const url = process.env.DATABASE_URL!;
      const schema = `t_${process.env.PARLEY_TEST_RUN ?? Date.now().toString(36)}_seed${Math.random().toString(36).slice(2, 8)}`;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`create schema ${schema}`);
      await client.end();
      return { env: { DATABASE_URL: url, DATABASE_SCHEMA: schema }, database: { kind: 'postgres', url, schema } };
    }
    const dir = mkdtempSync(join(tmpdir(), 'parley-seed-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'parley.db');
    return { env: { DATABASE_URL: '', SQLITE_FILE: file, DATA_DIR: dir }, database: { kind: 'sqlite', file } };
  }

  it('three processes on one empty database all succeed, with one admin and no duplicated rows', { timeout: 120_000 }, async () => {
    const { env, database } = await freshDatabase();
    const runs = await Promise.all([migrateAndSeed(env), migrateAndSeed(env), migrateAndSeed(env)]);
    for (const run of runs) expect(run, run.output).toMatchObject({ code: 0 });
    // And again: repeating is harmless.
    expect((await migrateAndSeed(env)).code).toBe(0);

    const db = connectDatabase(database);
    try {
      const count = async (table: 'rooms' | 'bundles') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const admins = await db.selectFrom('users').select('id').where('email', '=', demoAccounts.admin.email).execute();
      expect(admins).toHaveLength(1);
      expect(await count('rooms')).toBe(seedRooms.length);
      expect(await count('bundles')).toBe(seedBundles.length);
      const settings = await db.selectFrom('settings').select('key').execute();
      expect(new Set(settings.map((r) => r.key)).size).toBe(settings.length);
      const products = await db.selectFrom('products').select(['kind', 'look']).execute();
      expect(new Set(products.map((p) => `${p.kind}:${p.look}`)).size).toBe(products.length);
    } finally {
      await db.destroy();
    }
  });
});
