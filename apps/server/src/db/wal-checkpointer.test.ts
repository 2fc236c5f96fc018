import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.js';

const walBytes = (file: string) => {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
};

describe('SQLite checkpoints run on a worker thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-wal-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("the app's own commits never checkpoint; the worker copies the WAL into the database and keeps it short", async () => {
    const file = join(dir, 'wal.db');
    const db = connectDatabase({ kind: 'sqlite', file });
    try {
      const [setting] = (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows;
      expect(setting?.wal_autocheckpoint).toBe(0);
      await sql`create table t (id integer primary key, body text)`.execute(db);
      // 16 MB, four times SQLite's own 4 MB threshold, in small transactions that read before they
      // write (a deferred BEGIN would fail at once with SQLITE_BUSY whenever the checkpointer holds the lock).
      for (let i = 0; i < 4_000; i++)
        await db.transaction().execute(async (trx) => {
          await sql`select max(id) from t`.execute(trx);
          await sql`insert into t (body) values (${'x'.repeat(4_000)})`.execute(trx);
        });
      // Copied into the database file by the worker, and the WAL restarted: no longer than its 4 MB threshold.
      const deadline = Date.now() + 10_000;
      while ((statSync(file).size < 12_000_000 || walBytes(file) > 5_000_000) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(statSync(file).size).toBeGreaterThan(12_000_000);
      expect(walBytes(file)).toBeLessThan(5_000_000);
    } finally {
      await db.destroy();
    }
    // Everything committed is there after a restart.
    const again = connectDatabase({ kind: 'sqlite', file });
    const [count] = (await sql<{ n: number }>`select count(*) as n from t`.execute(again)).rows;
    expect(count?.n).toBe(4_000);
    await again.destroy();
  });
});
