import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, type TestContext } from '../../../test/harness.js';
import { systemClock } from '../../lib/clock.js';
import { postEntry, type PostEntryInput } from './ledger.service.js';

describe.each(dialects)('ledger postings on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx.close());

  const post = (input: PostEntryInput) => ctx.db.transaction().execute((trx) => postEntry(trx, systemClock, input));
  const balanceOf = async (id: number) => (await ctx.db.selectFrom('users').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance;
  const entriesOf = (key: string) => ctx.db.selectFrom('ledger_entries').selectAll().where('idempotency_key', '=', key).execute();

  it('posts a key once: a repeat changes nothing and answers with the first entry', async () => {
    const user = await createUser(ctx.db);
    const first = await post({ userId: user.id, amount: 300, kind: 'admin_adjustment', idempotencyKey: `t:credit:${user.id}` });
    expect(first).toMatchObject({ created: true, entry: { amount: 300, balance_after: 300 } });
    const again = await post({ userId: user.id, amount: 300, kind: 'admin_adjustment', idempotencyKey: `t:credit:${user.id}` });
    expect(again).toEqual({ created: false, entry: first.entry });
    expect(await balanceOf(user.id)).toBe(300);

    const debit = await post({ userId: user.id, amount: -250, kind: 'message', idempotencyKey: `t:debit:${user.id}` });
    expect(debit.entry.balance_after).toBe(50);
    // Replayed when the balance could no longer pay for it: still the first answer, not 'not enough'.
    expect(await post({ userId: user.id, amount: -250, kind: 'message', idempotencyKey: `t:debit:${user.id}` })).toEqual({
      created: false,
      entry: debit.entry,
    });
    expect(await balanceOf(user.id)).toBe(50);
    await expect(post({ userId: user.id, amount: -51, kind: 'message', idempotencyKey: `t:over:${user.id}` })).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await balanceOf(user.id)).toBe(50);
    await expectLedgerConsistent(ctx.db);
  });

  it('applies a key once when the same posting races itself', async () => {
    const user = await createUser(ctx.db);
    const key = `t:race:${user.id}`;
    const results = await Promise.all(Array.from({ length: 20 }, () => post({ userId: user.id, amount: 70, kind: 'top_up', idempotencyKey: key })));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await entriesOf(key)).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(70);
    await expectLedgerConsistent(ctx.db);
  });
});
