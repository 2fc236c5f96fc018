import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.js';
import { rotatePayoutKey, verifyPayoutKey } from '../src/modules/payouts/payout-key.service.js';
import { createContributor, estoniaId, payoutBody } from '../src/modules/payouts/payouts.test-support.js';
import { createTestContext, expectLedgerConsistent, type TestContext } from './harness.js';

const NEW_KEY = 'ab'.repeat(32);

/** docs/OPERATIONS.md's backup and restore, and the payout key rotation, as an operator runs them. */
describe.skipIf(!process.env.DATABASE_URL)('backup, restore and payout key rotation (postgres)', () => {
  let ctx: TestContext;
  const dir = mkdtempSync(join(tmpdir(), 'parley-backup-'));
  const restoreDb = `parley_restore_${Date.now().toString(36)}`;
  const admin = () => new pg.Client({ connectionString: process.env.DATABASE_URL });
  beforeAll(async () => {
    ctx = await createTestContext('postgres');
  });
  afterAll(async () => {
    await ctx.close();
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${restoreDb}`);
    await client.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('rotates the payout key all at once, then a pg_dump restored into a fresh database keeps the ledger and decrypts', async () => {
    const { user, client } = await createContributor(ctx.app, 10_000);
    const countryId = await estoniaId(ctx.db);
    for (const method of ['card', 'sepa'] as const)
      expect((await client.post('/api/payouts', payoutBody(countryId, method, { amount: 20 }))).statusCode).toBeLessThan(300);
    expect(await verifyPayoutKey(ctx.db, ctx.config.payoutEncryptionKey)).toEqual({ ok: 2, failed: [] });

    expect(await rotatePayoutKey(ctx.db, ctx.config.payoutEncryptionKey, NEW_KEY)).toEqual({ rotated: 2, already: 0 });
    expect(await verifyPayoutKey(ctx.db, NEW_KEY)).toEqual({ ok: 2, failed: [] });
    expect((await verifyPayoutKey(ctx.db, ctx.config.payoutEncryptionKey)).failed).toHaveLength(2);
    // Run again (an interrupted rotation is simply repeated): nothing left to do.
    expect(await rotatePayoutKey(ctx.db, ctx.config.payoutEncryptionKey, NEW_KEY)).toEqual({ rotated: 0, already: 2 });

    const database = ctx.database;
    if (database.kind !== 'postgres') throw new Error('postgres only');
    const dump = join(dir, 'parley.dump');
    execFileSync('pg_dump', ['--dbname', database.url, '--schema', database.schema!, '--format', 'custom', '--file', dump]);
    const client2 = admin();
    await client2.connect();
    await client2.query(`create database ${restoreDb}`);
    await client2.end();
    const restoredUrl = new URL(database.url);
    restoredUrl.pathname = `/${restoreDb}`;
    execFileSync('pg_restore', ['--dbname', restoredUrl.toString(), '--no-owner', dump]);

    const restored = connectDatabase({ kind: 'postgres', url: restoredUrl.toString(), schema: database.schema });
    try {
      await expectLedgerConsistent(restored);
      expect(await verifyPayoutKey(restored, NEW_KEY)).toEqual({ ok: 2, failed: [] });
      const balance = await restored.selectFrom('users').select('balance').where('id', '=', user.id).executeTakeFirstOrThrow();
      const original = await ctx.db.selectFrom('users').select('balance').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(balance).toEqual(original);
    } finally {
      await restored.destroy();
    }
  });
});
