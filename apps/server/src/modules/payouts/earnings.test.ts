import { type PayoutMethodsResponse } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { postEntry } from '../ledger/ledger.service.js';
import { reverseEarnings } from './earnings.service.js';
import { balanceOf, createContributor, creditEarnings, estoniaId, payoutBody } from './payouts.test-support.js';

const DAY = 86_400_000;

describe.each(dialects)('contributor earnings mature before payout on %s', (dialect) => {
  let ctx: TestContext;
  let countryId: number;
  const clock = new FakeClock(new Date('2030-06-01T12:00:00.000Z'));

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock } });
    countryId = await estoniaId(ctx.db);
  });
  afterAll(() => ctx.close());

  it('earnings are pending for the holding period, then available; payouts draw only from available coins; bought coins are never paid out', async () => {
    const { user, client } = await createContributor(ctx.app);
    await ctx.db
      .transaction()
      .execute((trx) => postEntry(trx, clock, { userId: user.id, amount: 400, kind: 'admin_adjustment', idempotencyKey: `bought:${user.id}` }));
    await creditEarnings(ctx.db, user.id, 1000, clock);
    const options = async () => (await client.get<PayoutMethodsResponse>('/api/payouts/methods')).body.payload;

    expect((await options()).earnings).toEqual({
      pending_coins: 1000,
      available_coins: 0,
      other_coins: 400,
      next_release_at: '2030-06-08T12:00:00.000Z',
      hold_days: 7,
      promo_share_coins: 0,
    });
    expect((await options()).available_amount).toBe(0);
    const early = await client.post('/api/payouts', payoutBody(countryId, 'card', { amount: 10 }));
    expect(early.statusCode).toBe(422);
    expect(await balanceOf(ctx.db, user.id)).toBe(1400);

    clock.advance(7 * DAY - 1000);
    expect((await options()).earnings.available_coins).toBe(0);
    clock.advance(1000);
    expect((await options()).earnings).toMatchObject({ pending_coins: 0, available_coins: 1000, other_coins: 400, next_release_at: null });
    const paid = await client.post('/api/payouts', payoutBody(countryId, 'card', { amount: 10 }));
    expect(paid.statusCode, JSON.stringify(paid.body)).toBe(201);
    expect((await options()).earnings).toMatchObject({ available_coins: 0, other_coins: 400 });
    const tooMuch = await client.post('/api/payouts', payoutBody(countryId, 'card', { amount: 10 }));
    expect(tooMuch.statusCode).toBe(422);
    await expectLedgerConsistent(ctx.db);
  });

  it('reversed earnings come out of pending first', async () => {
    const { user, client } = await createContributor(ctx.app);
    await creditEarnings(ctx.db, user.id, 600, clock);
    clock.advance(8 * DAY);
    await creditEarnings(ctx.db, user.id, 300, clock);
    const reversed = await ctx.db
      .transaction()
      .execute((trx) => reverseEarnings(trx, clock, { userId: user.id, coins: 200, idempotencyKey: `reverse:${user.id}`, reason: 'Report upheld' }));
    expect(reversed).toBe(200);
    const { earnings } = (await client.get<PayoutMethodsResponse>('/api/payouts/methods')).body.payload;
    expect(earnings).toMatchObject({ pending_coins: 100, available_coins: 600 });
    await expectLedgerConsistent(ctx.db);
  });
});
