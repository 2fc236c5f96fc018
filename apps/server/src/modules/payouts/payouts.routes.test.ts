import { texts } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { postEntry } from '../ledger/ledger.service.js';
import { saveSettings } from '../reference/settings.service.js';
import { getPayoutDetailsUnmasked } from './payouts-admin.service.js';
import { balanceOf, createContributor, estoniaId, payoutBody, type PayoutPayload } from './payouts.test-support.js';
import { englishText } from '@parley/contracts/i18n';

const t = texts.payout;

describe.each(dialects)('payout requests on %s', (dialect) => {
  let ctx: TestContext;
  let countryId: number;
  let contributor: TestClient;
  let contributorId: number;
  const clock = new FakeClock(new Date('2026-11-23T10:00:00.000Z'));
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock } });
    countryId = await estoniaId(ctx.db);
    const created = await createContributor(ctx.app, 100_00 * 100); // 10 000 € earned at 100 coins per euro
    contributor = created.client;
    contributorId = created.user.id;
  });
  afterAll(() => ctx.close());

  /** Posts and returns the field errors of a refused request; asserts nothing was held. */
  async function errorsOf(body: Record<string, unknown>) {
    const before = await balanceOf(ctx.db, contributorId);
    const response = await contributor.post('/api/payouts', body);
    expect(response.statusCode).toBe(422);
    expect(await balanceOf(ctx.db, contributorId)).toBe(before);
    return response.body.errors;
  }

  it('lists the methods and limits', async () => {
    const response = await contributor.get('/api/payouts/methods');
    expect(response.body).toMatchObject({
      status: 'OK',
      payload: {
        methods: [
          { id: 'card', name: 'Card' },
          { id: 'sepa', name: 'SEPA transfer' },
          { id: 'fps', name: 'UK Faster Payments' },
        ],
        min_amount: 10,
        max_amount: 5000,
        currency: 'EUR',
        symbol: '€',
        points_convertion_rate: 100,
      },
    });
  });

  it('reports every missing common field with the spec messages', async () => {
    expect(await errorsOf({})).toEqual({
      amount: [t.amountRequired],
      method: [t.methodRequired],
      first_name: [t.firstNameRequired],
      last_name: [t.lastNameRequired],
      country_id: [t.countryRequired],
      city: [t.cityRequired],
      address: [t.addressRequired],
      zip: [t.zipRequired],
    });
    expect(await errorsOf(payoutBody(countryId, 'card', { method: 'paypal' }))).toEqual({ method: [t.methodRequired] });
    expect(await errorsOf(payoutBody(countryId, 'card', { first_name: '  ', zip: '', country_id: '' }))).toEqual({
      first_name: [t.firstNameRequired],
      zip: [t.zipRequired],
      country_id: [t.countryRequired],
    });
    expect(await errorsOf(payoutBody(999_999, 'card'))).toEqual({ country_id: [t.countryUnknown] });
  });

  it.each([
    ['missing', undefined, t.amountRequired],
    ['blank', ' ', t.amountRequired],
    ['text', 'ten', t.amountPositive],
    ['zero', 0, t.amountPositive],
    ['negative', -15, t.amountPositive],
    ['three decimals', 12.345, t.amountPrecision],
    ['below the minimum', 9.99, englishText('payout.minAmount', { min: '10.00', symbol: '€' })],
    ['above the maximum', 5000.01, englishText('payout.maxAmount', { max: '5 000.00', symbol: '€' })],
  ])('refuses an amount that is %s', async (_name, amount, message) => {
    expect(await errorsOf(payoutBody(countryId, 'sepa', { amount }))).toEqual({ amount: [message] });
  });

  it('card: requires a number that passes the Luhn check', async () => {
    expect(await errorsOf(payoutBody(countryId, 'card', { pan: undefined }))).toEqual({ pan: [t.cardRequired] });
    expect(await errorsOf(payoutBody(countryId, 'card', { pan: ' ' }))).toEqual({ pan: [t.cardRequired] });
    expect(await errorsOf(payoutBody(countryId, 'card', { pan: '4242 4242 4242 4241' }))).toEqual({ pan: [t.cardInvalid] });
    expect(await errorsOf(payoutBody(countryId, 'card', { pan: '4242-abcd-4242-4242' }))).toEqual({ pan: [t.cardInvalid] });
    const ok = await contributor.post<PayoutPayload>('/api/payouts', payoutBody(countryId, 'card', { pan: '5555-5555-5555-4444' }));
    expect(ok.statusCode).toBe(201);
    expect(ok.body.payload.payout).toMatchObject({ method: 'card', destination: '•••• 4444', status: 'pending' });
  });

  it('sepa: requires an IBAN with the right length and mod-97 check digits', async () => {
    expect(await errorsOf(payoutBody(countryId, 'sepa', { iban: '' }))).toEqual({ iban: [t.ibanRequired] });
    expect(await errorsOf(payoutBody(countryId, 'sepa', { iban: 'DE89 3704 0044 0532 0130 01' }))).toEqual({ iban: [t.ibanInvalid] });
    expect(await errorsOf(payoutBody(countryId, 'sepa', { iban: 'DE89 3704 0044 0532 0130' }))).toEqual({ iban: [t.ibanInvalid] });
    expect(await errorsOf(payoutBody(countryId, 'sepa', { iban: 'not an iban' }))).toEqual({ iban: [t.ibanInvalid] });
    const ok = await contributor.post<PayoutPayload>('/api/payouts', payoutBody(countryId, 'sepa', { iban: 'gb82 west 1234 5698 7654 32' }));
    expect(ok.statusCode).toBe(201);
    expect(ok.body.payload.payout).toMatchObject({ method: 'sepa', destination: '•••• 5432' });
  });

  it('fps: requires account number, an 8-digit sort code and a past birth date', async () => {
    expect(await errorsOf(payoutBody(countryId, 'fps', { account_number: '', sort_code: undefined, birth_date: null }))).toEqual({
      account_number: [t.accountNumberRequired],
      sort_code: [t.sortCodeRequired],
      birth_date: [t.birthDateRequired],
    });
    for (const sortCode of ['4050607', '40-50-60', '405060701', 'abcdefgh'])
      expect(await errorsOf(payoutBody(countryId, 'fps', { sort_code: sortCode }))).toEqual({ sort_code: [t.sortCodeDigits] });
    expect(await errorsOf(payoutBody(countryId, 'fps', { account_number: '1234' }))).toEqual({ account_number: [t.accountNumberDigits] });
    expect(await errorsOf(payoutBody(countryId, 'fps', { birth_date: '1990-02-30' }))).toEqual({ birth_date: [t.birthDateInvalid] });
    expect(await errorsOf(payoutBody(countryId, 'fps', { birth_date: '2026-11-23' }))).toEqual({ birth_date: [t.birthDatePast] });
    expect(await errorsOf(payoutBody(countryId, 'fps', { birth_date: '2030-01-01' }))).toEqual({ birth_date: [t.birthDatePast] });
    const ok = await contributor.post<PayoutPayload>('/api/payouts', payoutBody(countryId, 'fps'));
    expect(ok.statusCode).toBe(201);
    expect(ok.body.payload.payout).toMatchObject({ method: 'fps', destination: '•••• 6819' });
  });

  it('shows every message of one bad submit at once', async () => {
    expect(await errorsOf({ amount: -1, method: 'fps', first_name: 'Ada', sort_code: '12' })).toEqual({
      amount: [t.amountPositive],
      last_name: [t.lastNameRequired],
      country_id: [t.countryRequired],
      city: [t.cityRequired],
      address: [t.addressRequired],
      zip: [t.zipRequired],
      account_number: [t.accountNumberRequired],
      sort_code: [t.sortCodeDigits],
      birth_date: [t.birthDateRequired],
    });
  });

  it('honours the maximum from settings, and 0 means no maximum', async () => {
    await saveSettings(ctx.db, { payout_max_amount: 50 });
    expect(await errorsOf(payoutBody(countryId, 'sepa', { amount: 60 }))).toEqual({ amount: [englishText('payout.maxAmount', { max: '50.00', symbol: '€' })] });
    await saveSettings(ctx.db, { payout_max_amount: 0 });
    expect((await contributor.get<{ max_amount: number | null }>('/api/payouts/methods')).body.payload.max_amount).toBeNull();
    expect((await contributor.post('/api/payouts', payoutBody(countryId, 'sepa', { amount: 6000 }))).statusCode).toBe(201);
    await saveSettings(ctx.db, { payout_max_amount: 5000 });
    await expectLedgerConsistent(ctx.db);
  });

  it('holds the coins, stores the details encrypted and shows them masked', async () => {
    const before = await balanceOf(ctx.db, contributorId);
    const pushed: unknown[] = [];
    const unsubscribe = ctx.app.bus.subscribe((event) => pushed.push(event));
    const response = await contributor.post<PayoutPayload>('/api/payouts', payoutBody(countryId, 'sepa', { amount: '25.50' }));
    unsubscribe();
    expect(pushed).toContainEqual({ type: 'balance', userId: contributorId, balance: before - 2550 });
    expect(response.statusCode).toBe(201);
    expect(response.body.message).toBe(t.submitted);
    const payout = response.body.payload.payout;
    expect(payout).toMatchObject({ status: 'pending', amount: 25.5, currency: 'EUR', coins: 2550, destination: '•••• 3000' });
    expect(await balanceOf(ctx.db, contributorId)).toBe(before - 2550);

    const entry = await ctx.db.selectFrom('ledger_entries').selectAll().where('idempotency_key', '=', `payout:${payout.id}:hold`).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ user_id: contributorId, amount: -2550, kind: 'payout_hold', reference_type: 'payout', reference_id: String(payout.id) });

    const row = await ctx.db.selectFrom('payouts').selectAll().where('id', '=', payout.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toMatch(/DE89|370400440532013000/);
    expect(row.details_encrypted).toMatch(/^v1\./);
    const unmasked = await getPayoutDetailsUnmasked(ctx.db, ctx.config.payoutEncryptionKey, payout.id);
    expect(unmasked.details).toEqual({ method: 'sepa', iban: 'DE89370400440532013000' });
    await expect(getPayoutDetailsUnmasked(ctx.db, 'f'.repeat(64), payout.id)).rejects.toThrow();

    const history = await contributor.get<{ data: { id: number; destination: string }[] }>('/api/payouts');
    expect(history.body.payload.data[0]).toMatchObject({
      id: payout.id,
      method: 'sepa',
      status: 'pending',
      amount: 25.5,
      currency: 'EUR',
      destination: '•••• 3000',
    });
    expect(JSON.stringify(history.body)).not.toMatch(/DE89|37040044/);
    await expectLedgerConsistent(ctx.db);
  });

  it('pages the history 5 at a time, newest first, and only the owner sees it', async () => {
    for (const amount of [11, 12]) expect((await contributor.post('/api/payouts', payoutBody(countryId, 'card', { amount }))).statusCode).toBe(201);
    const page1 = await contributor.get<{ data: { id: number }[]; meta: { total: number; per_page: number; last_page: number } }>('/api/payouts');
    const total = page1.body.payload.meta.total;
    expect(total).toBeGreaterThan(5);
    expect(page1.body.payload.data).toHaveLength(5);
    expect(page1.body.payload.meta).toMatchObject({ per_page: 5, current_page: 1, last_page: Math.ceil(total / 5) });
    const ids = page1.body.payload.data.map((p) => p.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const page2 = await contributor.get<{ data: { id: number }[] }>('/api/payouts?page=2');
    expect(page2.body.payload.data[0]!.id).toBeLessThan(ids[4]!);

    const { client: stranger } = await createSignedInUser(ctx.app);
    const theirs = await stranger.get<{ data: unknown[]; meta: { total: number } }>('/api/payouts');
    expect(theirs.body.payload).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('refuses a non-contributor with 403 before looking at the form, and holds nothing', async () => {
    const { client, user } = await createSignedInUser(ctx.app, { coins: 50_000 });
    for (const body of [payoutBody(countryId, 'sepa'), {}]) {
      const response = await client.post('/api/payouts', body);
      expect(response.statusCode).toBe(403);
      expect(response.body.message).toBe(t.contributorsOnly);
    }
    expect(await balanceOf(ctx.db, user.id)).toBe(50_000);
    expect((await client.get<{ available_amount: number }>('/api/payouts/methods')).body.payload.available_amount).toBe(0);
    expect((await new TestClient(ctx.app).post('/api/payouts', payoutBody(countryId, 'sepa'))).statusCode).toBe(401);
    await expectLedgerConsistent(ctx.db);
  });

  it('pays out earned coins only: bought or bonus coins are not available', async () => {
    const { client, user } = await createContributor(ctx.app);
    await ctx.db
      .transaction()
      .execute((trx) => postEntry(trx, clock, { userId: user.id, amount: 10_000, kind: 'top_up', idempotencyKey: `test-topup:${user.id}` }));
    expect((await client.get<{ available_amount: number }>('/api/payouts/methods')).body.payload.available_amount).toBe(0);
    const refused = await client.post('/api/payouts', payoutBody(countryId, 'card'));
    expect(refused.statusCode).toBe(422);
    expect(refused.body.errors).toEqual({ amount: [t.exceedsBalance] });
    expect(await balanceOf(ctx.db, user.id)).toBe(10_000);
    await expectLedgerConsistent(ctx.db);
  });
});
