import { type Deposit, type RefundQuote, type StoreTransaction } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { balanceOf, listenLocally, newRequestId, sandboxCard, submitForm, waitFor } from '../../../test/money.js';
import { startTopUp } from '../deposits/deposits.test-support.js';
import { englishText } from '@parley/contracts/i18n';

type Page<T> = { data: T[] };

describe.each(dialects)('admin refunds through the sandbox gateway on %s', (dialect) => {
  let ctx: TestContext;
  let base: string;
  let admin: TestClient;
  const clock = new FakeClock(new Date('2030-02-01T10:00:00.000Z'));

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock } });
    base = await listenLocally(ctx.app);
    admin = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
  });
  afterAll(() => ctx.close());

  /** A user who bought 2500 coins for €30.50 (25 + 22 % VAT) with the sandbox card. */
  async function paidDeposit(amount = 25) {
    const buyer = await createSignedInUser(ctx.app);
    const { redirectUrl, deposit } = await startTopUp(buyer.client, { amount });
    await submitForm(base, redirectUrl, sandboxCard);
    await waitFor(
      async () => (await buyer.client.get<Deposit>(`/api/deposit/status/${deposit.id}`)).body.payload.status,
      (s) => s === 'success',
    );
    return { ...buyer, deposit };
  }
  const refund = (id: number, body: Record<string, unknown>) =>
    admin.post(`/api/admin/refunds/deposit/${id}`, { reason: 'Customer asked', request_id: newRequestId(), ...body });
  const quote = async (id: number) => (await admin.get<RefundQuote>(`/api/admin/refunds/deposit/${id}`)).body.payload;
  const refundsOf = (id: number) => ctx.db.selectFrom('refunds').selectAll().where('source_type', '=', 'deposit').where('source_id', '=', id).execute();

  it('refunds a deposit in full once under concurrent clicks with one request id: coins taken back, gateway refunded, audited, notice, history says Refunded', async () => {
    const { user, client, deposit } = await paidDeposit();
    expect(await balanceOf(ctx.app, user.id)).toBe(2500);
    const requestId = newRequestId();
    const clicks = await Promise.all(Array.from({ length: 5 }, () => refund(deposit.id, { request_id: requestId })));
    expect(clicks.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);

    expect(await balanceOf(ctx.app, user.id)).toBe(0);
    const rows = await refundsOf(deposit.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount_cents: 3050, currency: 'EUR', coins: 2500, status: 'succeeded', reason: 'Customer asked' });
    const session = await ctx.db.selectFrom('sandbox_sessions').selectAll().where('reference', '=', `deposit:${deposit.id}`).executeTakeFirstOrThrow();
    expect(session.refunded_cents).toBe(3050);
    expect(await ctx.db.selectFrom('sandbox_refunds').selectAll().where('session_id', '=', session.id).execute()).toHaveLength(1);
    expect(
      await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'deposit.refund').where('subject_id', '=', String(deposit.id)).execute(),
    ).toHaveLength(1);
    const notices = await ctx.db.selectFrom('notifications').selectAll().where('user_id', '=', user.id).where('kind', '=', 'deposit.refunded').execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain('EUR 30.50 was refunded to your card.');

    const status = (await client.get<Deposit>(`/api/deposit/status/${deposit.id}`)).body.payload;
    expect(status).toMatchObject({ status: 'refunded', charged: { total_cents: 3050, refunded_cents: 3050 } });
    const history = (await client.get<Page<StoreTransaction>>('/api/transactions?per_page=100')).body.payload.data;
    expect(history.find((r) => r.id === `deposit:${deposit.id}`)?.status).toBe('Refunded');
    expect(history.find((r) => r.type === 'refund')).toMatchObject({ amount: -2500, currency: 'COINS' });

    // Nothing is left: another click with a new id changes nothing.
    const again = await refund(deposit.id, {});
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(ctx.app, user.id)).toBe(0);
    await expectLedgerConsistent(ctx.db);
  });

  it('refunds at most the coins the user still has; the admin sees how many are left and the balance never goes negative', async () => {
    const { user, client, deposit } = await paidDeposit();
    // The user spends 2000 of the 2500 coins (a channel status costs 1000, twice).
    for (let i = 0; i < 2; i++) expect((await client.post('/api/user/become-channel')).statusCode).toBe(200);
    expect(await balanceOf(ctx.app, user.id)).toBe(500);
    expect(await quote(deposit.id)).toMatchObject({ refundable_coins: 500, refundable_cents: 610, total_cents: 3050, refunded_cents: 0 });

    const tooMuch = await refund(deposit.id, { coins: 501 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.body.errors?.coins).toEqual([englishText('money.refundCoinsLeft', { coins: 500 })]);
    expect(await refundsOf(deposit.id)).toHaveLength(0);

    const partial = await refund(deposit.id, { coins: 200 });
    expect(partial.statusCode).toBe(200);
    expect(await balanceOf(ctx.app, user.id)).toBe(300);
    expect(await quote(deposit.id)).toMatchObject({ refundable_coins: 300, refunded_coins: 200, refunded_cents: 244 });
    const rest = await refund(deposit.id, {});
    expect(rest.statusCode).toBe(200);
    expect(await balanceOf(ctx.app, user.id)).toBe(0);
    expect((await refundsOf(deposit.id)).map((r) => [r.coins, r.amount_cents])).toEqual([
      [200, 244],
      [300, 366],
    ]);
    await expectLedgerConsistent(ctx.db);
  });

  it('concurrent refunds with different request ids never take back more than was bought', async () => {
    const { user, deposit } = await paidDeposit(10);
    const results = await Promise.all(Array.from({ length: 6 }, () => refund(deposit.id, { coins: 400 })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(await balanceOf(ctx.app, user.id)).toBe(200);
    const rows = await refundsOf(deposit.id);
    expect(rows.reduce((sum, r) => sum + r.coins, 0)).toBe(800);
    await expectLedgerConsistent(ctx.db);
  });

  it('a replayed payment webhook after a refund credits nothing again', async () => {
    const { user, deposit } = await paidDeposit();
    expect((await refund(deposit.id, {})).statusCode).toBe(200);
    const delivery = (await ctx.db.selectFrom('jobs').selectAll().where('kind', '=', 'sandbox.webhook').execute()).find(
      (job) =>
        (JSON.parse((JSON.parse(job.payload) as { payload: string }).payload) as { data: { reference: string } }).data.reference === `deposit:${deposit.id}`,
    )!;
    expect(delivery.status).toBe('done');
    await ctx.db.updateTable('jobs').set({ status: 'pending', run_at: clock.now().toISOString() }).where('id', '=', delivery.id).execute();
    await ctx.app.jobs.runDue();
    expect((await ctx.db.selectFrom('jobs').select(['status', 'attempts']).where('id', '=', delivery.id).executeTakeFirstOrThrow()).status).toBe('done');
    expect(await balanceOf(ctx.app, user.id)).toBe(0);
    await expectLedgerConsistent(ctx.db);
  });

  it('only admins refund', async () => {
    const { client, deposit } = await paidDeposit();
    expect((await client.post(`/api/admin/refunds/deposit/${deposit.id}`, { reason: 'x', request_id: newRequestId() })).statusCode).toBe(403);
    expect((await client.get(`/api/admin/refunds/deposit/${deposit.id}`)).statusCode).toBe(403);
  });
});
