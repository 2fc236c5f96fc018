import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialects, type TestContext } from '../../test/harness.js';
import { connectDatabase } from './connect.js';
import { createGroupCommit, refusal } from './group-commit.js';

/**
 * Group commit (issue 18): units of work arriving together share one transaction, each acknowledged
 * only once it committed; a failing unit fails alone and leaves nothing behind.
 */
describe.each(dialects)('group commit on %s', (dialect) => {
  let ctx: TestContext;
  const begins: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await sql`create table gc_items (id integer primary key, name varchar(20) not null unique)`.execute(ctx.db);
  });
  afterAll(() => ctx.close());

  /** Runs `test` with a handle on the same database that counts the transactions it begins. */
  const withCountingHandle = async (test: (db: ReturnType<typeof connectDatabase>) => Promise<void>) => {
    const db = connectDatabase(ctx.database, { log: (event) => /^begin/i.test(event.query.sql) && begins.push(event.query.sql) });
    try {
      await test(db);
    } finally {
      await db.destroy();
    }
  };
  const names = async () => (await sql<{ name: string }>`select name from gc_items order by name`.execute(ctx.db)).rows.map((r) => r.name);

  it('units sent in the same turn share transactions, and each resolves with its own result once committed', async () => {
    await withCountingHandle(async (db) => {
      const committer = createGroupCommit(db, 2);
      begins.length = 0;
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          committer.run(async (trx) => {
            await sql`insert into gc_items (id, name) values (${i + 1}, ${`a${String(i).padStart(2, '0')}`})`.execute(trx);
            return i * 10;
          }),
        ),
      );
      expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i * 10));
      // Two slots: the 20 units took two transactions, not twenty.
      expect(begins).toHaveLength(2);
      expect(await names()).toHaveLength(20);
    });
  });

  it('a unit that fails rejects with its own error and leaves nothing; the others of its batch commit', async () => {
    await withCountingHandle(async (db) => {
      const committer = createGroupCommit(db, 1);
      const insert = (id: number, name: string) => committer.run((trx) => sql`insert into gc_items (id, name) values (${id}, ${name})`.execute(trx));
      const fails = (id: number) =>
        committer.run(async (trx) => {
          await sql`insert into gc_items (id, name) values (${id}, ${'doomed'})`.execute(trx);
          throw new Error('refused by a business rule');
        });
      const outcomes = await Promise.allSettled([insert(101, 'b1'), fails(102), insert(103, 'b3'), insert(104, 'a00')]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
      expect(String((outcomes[1] as PromiseRejectedResult).reason)).toContain('refused by a business rule');
      // 'a00' exists already: the unique violation is that unit's own error.
      expect(String((outcomes[3] as PromiseRejectedResult).reason)).toMatch(/unique|UNIQUE/);
      const rows = await sql<{ id: number }>`select id from gc_items where id > 100 order by id`.execute(ctx.db);
      expect(rows.rows.map((r) => r.id)).toEqual([101, 103]);
    });
  });

  it('a refused unit (refusal: it wrote nothing) rejects alone; its batch commits once, nothing runs again', async () => {
    await withCountingHandle(async (db) => {
      const committer = createGroupCommit(db, 1);
      const insert = (id: number) => committer.run((trx) => sql`insert into gc_items (id, name) values (${id}, ${`r${id}`})`.execute(trx));
      const refused = committer.run(async () => refusal(new Error('not enough coins')));
      begins.length = 0;
      const outcomes = await Promise.allSettled([insert(301), refused, insert(302), insert(303)]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect(String((outcomes[1] as PromiseRejectedResult).reason)).toContain('not enough coins');
      // One transaction for the four: the refusal did not make the batch run again unit by unit.
      expect(begins).toHaveLength(1);
      const rows = await sql<{ id: number }>`select id from gc_items where id > 300 and id < 400 order by id`.execute(ctx.db);
      expect(rows.rows.map((r) => r.id)).toEqual([301, 302, 303]);
    });
  });

  it('units sharing a key never run in two batches at once: they share one, or wait for the one in flight', async () => {
    await withCountingHandle(async (db) => {
      const committer = createGroupCommit(db, 4, 12);
      const inFlight = new Map<string, number>();
      let overlapped = false;
      /** A unit holding `key` for a few turns of the event loop (another batch could start meanwhile). */
      const unit = (id: number, key: string) =>
        committer.run(
          async (trx) => {
            // Units of one batch run one after another: another one running now is another batch's.
            if ((inFlight.get(key) ?? 0) > 0) overlapped = true;
            inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
            await sql`insert into gc_items (id, name) values (${id}, ${`k${id}`})`.execute(trx);
            for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
            inFlight.set(key, inFlight.get(key)! - 1);
          },
          [key, `other:${id}`],
        );
      // 40 units over 3 keys, arriving in two waves: the second finds the first's batches in flight.
      const first = Array.from({ length: 20 }, (_, i) => unit(401 + i, `topic:${i % 3}`));
      await new Promise((r) => setImmediate(r));
      const second = Array.from({ length: 20 }, (_, i) => unit(421 + i, `topic:${i % 3}`));
      await Promise.all([...first, ...second]);
      expect(overlapped).toBe(false);
      const rows = await sql<{ n: number }>`select count(*) as n from gc_items where id > 400 and id < 500`.execute(ctx.db);
      expect(Number(rows.rows[0]!.n)).toBe(40);
    });
  });

  it('a unit arriving while a batch runs waits for the next one, never for more than one batch', async () => {
    await withCountingHandle(async (db) => {
      const committer = createGroupCommit(db, 1);
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const first = committer.run(async (trx) => {
        await gate;
        await sql`insert into gc_items (id, name) values (201, 'c1')`.execute(trx);
      });
      await new Promise((r) => setImmediate(r));
      const later = [202, 203].map((id) => committer.run((trx) => sql`insert into gc_items (id, name) values (${id}, ${`c${id}`})`.execute(trx)));
      release();
      await Promise.all([first, ...later]);
      const rows = await sql<{ id: number }>`select id from gc_items where id > 200 and id < 300 order by id`.execute(ctx.db);
      expect(rows.rows.map((r) => r.id)).toEqual([201, 202, 203]);
    });
  });
});

describe('SQLite waits for the write lock without holding the event loop', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-busy-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a write while another connection holds the lock succeeds once it is released, and timers keep running meanwhile', async () => {
    const file = join(dir, 'busy.db');
    const db = connectDatabase({ kind: 'sqlite', file });
    const other = new SQLite(file);
    try {
      await sql`create table t (id integer primary key)`.execute(db);
      other.exec('begin immediate');
      let ticks = 0;
      const timer = setInterval(() => ticks++, 10);
      // The lock is released by a timer: with a sleeping busy handler it could never fire.
      setTimeout(() => other.exec('commit'), 300);
      const started = Date.now();
      await sql`insert into t (id) values (1)`.execute(db);
      await db.transaction().execute((trx) => sql`insert into t (id) values (2)`.execute(trx));
      clearInterval(timer);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(ticks).toBeGreaterThanOrEqual(10);
      expect((await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0]?.n).toBe(2);
    } finally {
      other.close();
      await db.destroy();
    }
  });
});
