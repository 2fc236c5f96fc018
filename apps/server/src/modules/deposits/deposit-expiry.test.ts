import { texts, type Deposit } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { balanceOf } from '../../../test/money.js';
import { postSandboxEvent, startTopUp } from './deposits.test-support.js';

const HOUR = 3600_000;

describe.each(dialects)('unpaid top-ups expire on %s', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock(new Date('2030-08-01T10:00:00.000Z'));
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock } });
  });
  afterAll(() => ctx.close());

  it('a top-up not paid within 24 h is Canceled with the reason; a late payment is refunded through the gateway, never credited or lost', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const { deposit } = await startTopUp(client, { amount: 10 });
    expect(deposit.expires_at).toBe('2030-08-02T10:00:00.000Z');
    const status = async () => (await client.get<Deposit>(`/api/deposit/status/${deposit.id}`)).body.payload;
    clock.advance(24 * HOUR - 1);
    expect((await status()).status).toBe('pending');
    clock.advance(1);
    expect(await status()).toMatchObject({ status: 'canceled', message: texts.money.checkoutExpired });
    // The hosted page says so too.
    const row = await ctx.db.selectFrom('deposits').selectAll().where('id', '=', deposit.id).executeTakeFirstOrThrow();
    const page = await ctx.app.inject({ method: 'GET', url: `/sandbox-pay/${row.gateway_session_id}` });
    expect(page.body).toContain('This payment session has expired.');

    // The gateway captured the money anyway (a slow bank): it goes back.
    await ctx.db.updateTable('sandbox_sessions').set({ status: 'succeeded' }).where('id', '=', row.gateway_session_id!).execute();
    const late = { id: deposit.id, sessionId: row.gateway_session_id!, totalCents: row.charge_total_cents! };
    for (let i = 0; i < 3; i++) expect((await postSandboxEvent(ctx.app, clock, late, 'succeeded', { eventId: `evt_late_${dialect}` })).statusCode).toBe(200);
    expect((await postSandboxEvent(ctx.app, clock, late, 'succeeded')).statusCode).toBe(200);
    expect(await status()).toMatchObject({ status: 'canceled', message: texts.money.expiredPaymentRefunded, charged: { refunded_cents: 1220 } });
    const refunds = await ctx.db.selectFrom('refunds').selectAll().where('source_type', '=', 'deposit').where('source_id', '=', deposit.id).execute();
    expect(refunds).toMatchObject([{ status: 'succeeded', amount_cents: 1220, coins: 0 }]);
    expect(await balanceOf(ctx.app, user.id)).toBe(0);
    await expectLedgerConsistent(ctx.db);
  });

  it('the periodic job cancels unpaid top-ups nobody looks at', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const { deposit } = await startTopUp(client, { amount: 10 });
    clock.advance(25 * HOUR);
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    const row = await ctx.db.selectFrom('deposits').select(['status', 'failure_message']).where('id', '=', deposit.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'canceled', failure_message: texts.money.checkoutExpired });
  });
});
