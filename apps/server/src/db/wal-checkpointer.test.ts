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

  it("the app's own commits never checkpoint, and the WAL is copied back and emptied by the worker", async () => {
    const file = join(dir, 'wal.db');
    const db = connectDatabase({ kind: 'sqlite', file });
    try {
      const [setting] = (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows;
      expect(setting?.wal_autocheckpoint).toBe(0);
      await sql`create table t (id integer primary key, body text)`.execute(db);
      // ~8 MB of WAL, far past SQLite's own 4 MB threshold, in many small transactions that read before
      // they write (a deferred BEGIN would fail at once with SQLITE_BUSY whenever the checkpointer holds the lock).
      for (let i = 0; i < 2_000; i++)
        await db.transaction().execute(async (trx) => {
          await sql`select max(id) from t`.execute(trx);
          await sql`insert into t (body) values (${'x'.repeat(1_000)})`.execute(trx);
        });
      const deadline = Date.now() + 5_000;
      while (walBytes(file) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(walBytes(file)).toBe(0);
      const [count] = (await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows;
      expect(count?.n).toBe(2_000);
    } finally {
      await db.destroy();
    }
    // Everything committed is in the database file itself.
    const again = connectDatabase({ kind: 'sqlite', file });
    const [count] = (await sql<{ n: number }>`select count(*) as n from t`.execute(again)).rows;
    expect(count?.n).toBe(2_000);
    await again.destroy();
  });
});
