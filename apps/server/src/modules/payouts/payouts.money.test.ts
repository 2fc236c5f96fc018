import { texts } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { postEntry } from '../ledger/ledger.service.js';
import { approvePayout, getPayout, listPayouts, markPayoutPaid, rejectPayout } from './payouts-admin.service.js';
import { balanceOf, createContributor, estoniaId, payoutBody, type PayoutPayload } from './payouts.test-support.js';
import { englishText } from '@parley/contracts/i18n';

const t = texts.payout;

describe.each(dialects)('payout money on %s', (dialect) => {
  let ctx: TestContext;
  let countryId: number;
  const clock = new FakeClock();
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock } });
    countryId = await estoniaId(ctx.db);
  });
  afterAll(() => ctx.close());

  const entriesFor = (payoutId: number) =>
    ctx.db.selectFrom('ledger_entries').selectAll().where('reference_type', '=', 'payout').where('reference_id', '=', String(payoutId)).execute();

  it('two concurrent requests that together exceed the balance: exactly one holds', async () => {
    const { client, user } = await createContributor(ctx.app, 10_000); // 100 €
    const responses = await Promise.all([0, 1].map(() => client.post<PayoutPayload>('/api/payouts', payoutBody(countryId, 'sepa', { amount: 60 }))));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(responses.find((r) => r.statusCode === 422)?.body.errors).toEqual({ amount: [t.exceedsBalance] });
    expect(await balanceOf(ctx.db, user.id)).toBe(4_000);
    expect(await ctx.db.selectFrom('payouts').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
    await expectLedgerConsistent(ctx.db);
  });

  it('many concurrent requests against earnings smaller than the balance never take more than was earned', async () => {
    const { client, user } = await createContributor(ctx.app, 5_000); // 50 € earned
    await ctx.db
      .transaction()
      .execute((trx) => postEntry(trx, clock, { userId: user.id, amount: 20_000, kind: 'top_up', idempotencyKey: `test-topup:${user.id}` }));
    const responses = await Promise.all(Array.from({ length: 8 }, () => client.post('/api/payouts', payoutBody(countryId, 'card', { amount: 20 }))));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(responses.filter((r) => r.statusCode === 422)).toHaveLength(6);
    expect(await balanceOf(ctx.db, user.id)).toBe(25_000 - 4_000);
    await expectLedgerConsistent(ctx.db);
  });

  it('a retried submission with the same request id holds once and answers with the same payout', async () => {
    const { client, user } = await createContributor(ctx.app, 10_000);
    const body = payoutBody(countryId, 'fps', { amount: 30, request_id: 'form-3f9c2a71' });
    const responses = await Promise.all([0, 1, 2].map(() => client.post<PayoutPayload>('/api/payouts', body)));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(responses.map((r) => r.body.payload.payout.id));
    expect(ids.size).toBe(1);
    const again = await client.post<PayoutPayload>('/api/payouts', body);
    expect(again.body.payload.payout.id).toBe([...ids][0]);
    expect(await balanceOf(ctx.db, user.id)).toBe(7_000);
    await expectLedgerConsistent(ctx.db);
  });

  it('rejection returns exactly the held coins, once, however often it is rejected', async () => {
    const { client, user } = await createContributor(ctx.app, 10_000);
    const created = await client.post<PayoutPayload>('/api/payouts', payoutBody(countryId, 'sepa', { amount: 42.17 }));
    const id = created.body.payload.payout.id;
    expect(await balanceOf(ctx.db, user.id)).toBe(10_000 - 4_217);

    const outcomes = await Promise.allSettled([rejectPayout(ctx.db, clock, id, null, 'IBAN closed'), rejectPayout(ctx.db, clock, id)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    await expect(rejectPayout(ctx.db, clock, id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: englishText('payout.wrongState', { status: 'rejected' }),
    });
    expect(await balanceOf(ctx.db, user.id)).toBe(10_000);

    const entries = await entriesFor(id);
    expect(entries.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['payout_hold', -4_217],
      ['payout_release', 4_217],
    ]);
    expect((await getPayout(ctx.db, id))?.status).toBe('rejected');
    expect((await client.get<{ data: { id: number; status: string }[] }>('/api/payouts')).body.payload.data[0]).toMatchObject({ id, status: 'rejected' });
    // The returned coins are earnings again and can be requested anew.
    expect((await client.get<{ available_amount: number }>('/api/payouts/methods')).body.payload.available_amount).toBe(100);
    await expectLedgerConsistent(ctx.db);
  });

  it('pending → approved → paid keeps the coins out; a paid payout cannot be rejected', async () => {
    const { client, user } = await createContributor(ctx.app, 10_000);
    const id = (await client.post<PayoutPayload>('/api/payouts', payoutBody(countryId, 'card', { amount: 50 }))).body.payload.payout.id;
    await expect(markPayoutPaid(ctx.db, clock, id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: englishText('payout.wrongState', { status: 'pending' }),
    });
    expect(await approvePayout(ctx.db, clock, id, user.id)).toMatchObject({ id, status: 'approved', approved_at: clock.now().toISOString() });
    await expect(approvePayout(ctx.db, clock, id)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await markPayoutPaid(ctx.db, clock, id)).toMatchObject({ status: 'paid', paid_at: clock.now().toISOString() });
    await expect(rejectPayout(ctx.db, clock, id)).rejects.toMatchObject({ code: 'CONFLICT', message: englishText('payout.wrongState', { status: 'paid' }) });
    expect(await balanceOf(ctx.db, user.id)).toBe(5_000);
    expect((await entriesFor(id)).map((e) => e.kind)).toEqual(['payout_hold']);
    await expect(approvePayout(ctx.db, clock, 9_999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expectLedgerConsistent(ctx.db);
  });

  it('an approved payout can still be rejected, returning its coins', async () => {
    const { client, user } = await createContributor(ctx.app, 10_000);
    const id = (await client.post<PayoutPayload>('/api/payouts', payoutBody(countryId, 'fps', { amount: 10 }))).body.payload.payout.id;
    await approvePayout(ctx.db, clock, id);
    expect(await rejectPayout(ctx.db, clock, id, null, 'Account closed')).toMatchObject({ status: 'rejected', rejection_reason: 'Account closed' });
    expect(await balanceOf(ctx.db, user.id)).toBe(10_000);
    const pending = await listPayouts(ctx.db, { status: 'rejected', page: 1, perPage: 100 });
    expect(pending.items.some((p) => p.id === id && p.user_email === user.email)).toBe(true);
    await expectLedgerConsistent(ctx.db);
  });

  it('a decision inside a caller transaction rolls back with it', async () => {
    const { client, user } = await createContributor(ctx.app, 10_000);
    const id = (await client.post<PayoutPayload>('/api/payouts', payoutBody(countryId, 'sepa', { amount: 10 }))).body.payload.payout.id;
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await rejectPayout(trx, clock, id);
        throw new Error('audit write failed');
      }),
    ).rejects.toThrow('audit write failed');
    expect((await getPayout(ctx.db, id))?.status).toBe('pending');
    expect(await balanceOf(ctx.db, user.id)).toBe(9_000);
    await expectLedgerConsistent(ctx.db);
  });
});
