import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../test/harness.js';
import { type Invalidation } from '../lib/event-bus.js';
import { CacheWritesPlugin } from '../plugins/cache-writes.js';
import { type Db } from './database.js';
import { prepared } from './prepared.js';
import { parameter } from './statement-parameters.js';
import { resolveInvalidation } from './write-invalidations.js';

describe.each(dialects)('prepared statements on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx.close());

  const balanceOf = prepared((db, v: { id: number; floor: number }) =>
    db
      .selectFrom('users')
      .select(['id', 'balance'])
      .where('id', '=', v.id)
      .where('balance', '>=', v.floor)
      .where(sql<boolean>`${v.floor} >= 0`),
  );

  it('answers what the built query answers, for every set of values, reusing one compiled statement', async () => {
    const a = await createUser(ctx.db, { coins: 30 });
    const b = await createUser(ctx.db, { coins: 70 });
    expect(await balanceOf(ctx.db, { id: a.id, floor: 10 })).toEqual([{ id: a.id, balance: 30 }]);
    expect(await balanceOf(ctx.db, { id: b.id, floor: 50 })).toEqual([{ id: b.id, balance: 70 }]);
    expect(await balanceOf(ctx.db, { id: a.id, floor: 50 })).toEqual([]);
    // Inside a transaction too.
    await ctx.db.transaction().execute(async (trx) => expect(await balanceOf(trx, { id: b.id, floor: 0 })).toEqual([{ id: b.id, balance: 70 }]));
  });

  it('composes with query builders: a CTE built by another function takes its named values wherever they sit', async () => {
    const a = await createUser(ctx.db, { coins: 30 });
    // A builder another module could own, used as a CTE of a larger statement: no SQL text, no parameter offsets.
    const richerThan = (qb: Db, v: { id: number; floor: number }) =>
      qb.selectFrom('users').select(['id', 'balance']).where('id', '=', v.id).where('balance', '>=', v.floor);
    const tagged = prepared((db, v: { tag: string; id: number; floor: number }) =>
      db
        .with('inner_q', (qb) => richerThan(qb as unknown as Db, v))
        .selectFrom('inner_q')
        .select([sql<string>`cast(${v.tag} as varchar(20))`.as('tag'), 'inner_q.balance']),
    );
    expect(await tagged(ctx.db, { tag: 'xy', id: a.id, floor: 10 })).toEqual([{ tag: 'xy', balance: 30 }]);
    expect(await tagged(ctx.db, { tag: 'xy', id: a.id, floor: 50 })).toEqual([]);
    // Compiled once: the values are parameters, never part of the text.
    expect(tagged.sqlFor(ctx.db, { tag: 'zz', id: 0, floor: 0 })).not.toMatch(/xy|zz/);
  });

  it('announces a write an in-memory cache watches with the ids of each run, and only when it changed rows', async () => {
    const announced: Invalidation[] = [];
    const db = ctx.db.withPlugin(new CacheWritesPlugin((message) => announced.push(message)));
    const rename = prepared((db, v: { id: number; name: string }) => db.updateTable('users').set({ chat_name: v.name }).where('id', '=', v.id));
    const a = await createUser(ctx.db);
    const b = await createUser(ctx.db);
    await rename(db, { id: a.id, name: 'Renamed A' });
    await rename(db, { id: b.id, name: 'Renamed B' });
    await rename(db, { id: 999_999, name: 'Nobody' });
    expect(announced).toEqual([
      { kind: 'user', userId: a.id },
      { kind: 'user', userId: b.id },
    ]);
    // Inside a transaction too, and a balance move (which no cache keeps) names nothing.
    announced.length = 0;
    const move = prepared((db, v: { id: number }) =>
      db
        .updateTable('users')
        .set({ balance: sql<number>`balance + 1` })
        .where('id', '=', v.id),
    );
    await db.transaction().execute(async (trx) => {
      await rename(trx, { id: a.id, name: 'Again' });
      await move(trx, { id: a.id });
    });
    expect(announced).toEqual([{ kind: 'user', userId: a.id }]);
    expect((await ctx.db.selectFrom('users').select('chat_name').where('id', '=', a.id).executeTakeFirstOrThrow()).chat_name).toBe('Again');
  });

  it('widens what it announces when a run gives no id where the statement names one', () => {
    expect(resolveInvalidation({ kind: 'topic', topicId: parameter('id') as never }, { id: 7 })).toEqual({ kind: 'topic', topicId: 7 });
    expect(resolveInvalidation({ kind: 'topic', topicId: parameter('id') as never }, { id: null })).toEqual({ kind: 'topics' });
    expect(resolveInvalidation({ kind: 'user', userId: parameter('id') as never }, {})).toEqual({ kind: 'sessions' });
    expect(resolveInvalidation({ kind: 'look', userId: parameter('user') as never }, { user: 'x' })).toEqual({ kind: 'looks' });
    expect(resolveInvalidation({ kind: 'session', sessionId: parameter('sid') as never }, { sid: 'abc' })).toEqual({ kind: 'session', sessionId: 'abc' });
  });
});
