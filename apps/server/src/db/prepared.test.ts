import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../test/harness.js';
import { prepared } from './prepared.js';

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

  it('refuses a write that an in-memory cache watches (it would not be announced)', async () => {
    const rename = prepared((db, v: { id: number; name: string }) => db.updateTable('users').set({ chat_name: v.name }).where('id', '=', v.id));
    await expect(rename(ctx.db, { id: 1, name: 'x' })).rejects.toThrow(/cannot write what caches watch/);
  });
});
