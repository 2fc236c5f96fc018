import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.js';
import { startCheckpointer } from './sqlite-checkpointer.js';

const until = async (check: () => boolean, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('SQLite checkpoints off the event loop', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-checkpoint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('commits only append to the WAL; the worker moves them into the database file', async () => {
    const file = join(dir, 'a.db');
    const db = connectDatabase({ kind: 'sqlite', file });
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(rows[0]!.wal_autocheckpoint).toBe(0);
    await sql`create table t (id integer primary key, body text)`.execute(db);
    const before = statSync(file).size;
    for (let i = 0; i < 50; i++) await sql`insert into t (body) values (${'x'.repeat(20_000)})`.execute(db);
    // A megabyte committed: it reaches the database file although no commit checkpointed it.
    expect(await until(() => statSync(file).size > before + 1_000_000)).toBe(true);
    await db.destroy();
    const again = connectDatabase({ kind: 'sqlite', file });
    const count = await sql<{ n: number }>`select count(*) as n from t`.execute(again);
    expect(count.rows[0]!.n).toBe(50);
    await again.destroy();
  });

  it('tells its owner when it cannot checkpoint (the owner turns SQLite’s own checkpoints back on)', async () => {
    const failures: string[] = [];
    const checkpointer = startCheckpointer(join(dir, 'missing', 'nope.db'), (reason) => failures.push(reason), 10);
    expect(await until(() => failures.length > 0)).toBe(true);
    checkpointer.stop();
  });
});
