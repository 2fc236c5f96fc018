import { texts, type Bundle, type Deposit, type DepositHistoryRow, type PageMeta } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { type TestClient } from '../../../test/client.js';
import { checkoutBody, postSandboxEvent, startTopUp } from './deposits.test-support.js';
import { englishText } from '@parley/contracts/i18n';

describe.each(dialects)('coins: bundles, checkout and deposits on %s', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock();
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock }, seedDemo: true });
  });
  afterAll(() => ctx.close());

  const balanceOf = async (userId: number) => (await ctx.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow()).balance;
  const depositRow = (id: number) => ctx.db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const countDeposits = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('deposits')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const topUp = async (client: TestClient, overrides: Record<string, unknown> = {}) => {
    const started = await startTopUp(client, overrides);
    const row = await depositRow(started.deposit.id);
    return { ...started, ref: { id: row.id, sessionId: row.gateway_session_id!, totalCents: row.total_cents } };
  };

  it('lists active bundles in euros, with a converted display price for another currency', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const eur = await client.get<Bundle[]>('/api/bundles/index');
    expect(eur.body.status).toBe('OK');
    expect(eur.body.payload.length).toBeGreaterThanOrEqual(3);
    expect(eur.body.payload[0]).toMatchObject({ description: expect.any(String), price: 5, points: 600, display: { currency: 'EUR', symbol: '€', amount: 5 } });
    const usd = await client.get<Bundle[]>('/api/bundles/index?currency=USD');
    expect(usd.body.payload[0]!.display).toEqual({ currency: 'USD', symbol: '$', amount: 5.4, vat: 1.19, total: 6.59 });
    expect(usd.body.payload[0]!.price).toBe(5); // the euro price the display is converted from
    const unknown = await client.get<Bundle[]>('/api/bundles/index?currency=XYZ');
    expect(unknown.body.payload[0]!.display.currency).toBe('EUR');
  });

  it('refuses a checkout with the spec message for each missing detail, bad amount, terms or bundle, and stores nothing', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const before = await countDeposits();
    const missing: [string, string][] = [
      ['name', texts.topUp.nameRequired],
      ['surname', texts.topUp.surnameRequired],
      ['phone', texts.topUp.phoneRequired],
      ['email', texts.topUp.emailRequired],
      ['country', texts.topUp.countryRequired],
      ['city', texts.topUp.cityRequired],
      ['address', texts.topUp.addressRequired],
      ['postCode', texts.topUp.postCodeRequired],
    ];
    for (const [field, message] of missing) {
      const response = await client.post('/api/deposit/checkout', checkoutBody({ [field]: ' ' }));
      expect(response.statusCode, field).toBe(422);
      expect(response.body.errors?.[field]?.[0], field).toBe(message);
    }
    const terms = await client.post('/api/deposit/checkout', checkoutBody({ accept_terms: false }));
    expect(terms.body.errors?.accept_terms).toEqual([texts.topUp.acceptTerms]);
    for (const amount of [0, -5, 'abc', '', 12.345, undefined]) {
      const response = await client.post('/api/deposit/checkout', checkoutBody({ amount }));
      expect(response.statusCode, String(amount)).toBe(422);
      expect(response.body.errors?.amount, String(amount)).toEqual([texts.topUp.validAmount]);
    }
    const small = await client.post('/api/deposit/checkout', checkoutBody({ amount: 4.99 }));
    expect(small.body).toMatchObject({ status: 'ERROR', message: englishText('topUp.minTopUp', { min: '5.00 €' }) });
    const country = await client.post('/api/deposit/checkout', checkoutBody({ country: 'Atlantis' }));
    expect(country.body.errors?.country).toEqual([texts.topUp.countryRequired]);
    const bundle = await client.post('/api/deposit/checkout', checkoutBody({ bundle_id: 999_999 }));
    expect(bundle.statusCode).toBe(404);
    expect(bundle.body.message).toBe(texts.topUp.bundleNotFoundRetry);
    expect(await countDeposits()).toBe(before);
  });

  it('starts a top-up: coins = amount × rate, VAT added to the charge, a sandbox redirect, nothing credited yet', async () => {
    const { user, client } = await createSignedInUser(ctx.app, { coins: 10 });
    const response = await client.post<{ deposit: Deposit }>('/api/deposit/checkout', checkoutBody({ amount: '25', currency: 'GBP' }));
    expect(response.statusCode).toBe(200);
    expect(response.body.status).toBe('OK');
    // Absolute, from PUBLIC_URL, like a real gateway's; with the spec's message (issue 32).
    expect(String(response.body.redirect_url)).toMatch(new RegExp(`^${ctx.app.config.publicUrl}/sandbox-pay/sbx_[\\w-]+$`));
    expect(response.body.message).toBe(texts.topUp.redirectingToPayment);
    expect(response.body.payload.deposit).toMatchObject({
      status: 'pending',
      amount: 25,
      vat_percent: 22,
      vat: 5.5,
      total: 30.5,
      currency: 'EUR',
      points: 2500,
      bundle_id: null,
    });
    expect(response.body.payload.deposit.display).toEqual({ currency: 'GBP', symbol: '£', amount: 21.25, vat: 4.68, total: 25.93 });
    const cents = await client.post<{ deposit: Deposit }>('/api/deposit/checkout', checkoutBody({ amount: 7.5, country: 62 }));
    expect(cents.body.payload.deposit).toMatchObject({ amount: 7.5, points: 750, total: 9.15 });
    expect(await balanceOf(user.id)).toBe(10);
    const session = await ctx.db
      .selectFrom('sandbox_sessions')
      .selectAll()
      .where('reference', '=', `deposit:${response.body.payload.deposit.id}`)
      .executeTakeFirstOrThrow();
    // Charged in the currency shown, exactly the total shown.
    expect(session).toMatchObject({ amount_cents: 2593, currency: 'GBP', result_type: 'topup', status: 'open' });
    expect(response.body.payload.deposit.charged).toEqual({ currency: 'GBP', net_cents: 2125, vat_cents: 468, total_cents: 2593, refunded_cents: 0 });
    expect(session.return_url).toMatch(new RegExp(`/processing-payment\\?order_id=${response.body.payload.deposit.id}&type=topup$`));
  });

  it('checks out a bundle through deposit/checkout and bundles/purchase: the bundle price plus VAT, its points', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const bundles = (await client.get<Bundle[]>('/api/bundles/index')).body.payload;
    const second = bundles[1]!;
    const viaCheckout = await client.post<{ deposit: Deposit }>('/api/deposit/checkout', checkoutBody({ amount: undefined, bundle_id: second.id }));
    expect(viaCheckout.body.payload.deposit).toMatchObject({
      bundle_id: second.id,
      amount: second.price,
      points: second.points,
      total: Math.round(second.price * 122) / 100,
    });
    const viaPurchase = await client.post<{ deposit: Deposit }>('/api/bundles/purchase', { bundle_id: second.id });
    expect(viaPurchase.statusCode).toBe(200);
    expect(String(viaPurchase.body.redirect_url)).toMatch(new RegExp(`^${ctx.app.config.publicUrl}/sandbox-pay/`));
    expect(viaPurchase.body.payload.deposit).toMatchObject({ bundle_id: second.id, points: second.points, status: 'pending' });
    const missing = await client.post('/api/bundles/purchase', { bundle_id: 999_999 });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps money endpoints to verified users, and a deposit to its owner', async () => {
    const { user: pending, client: unverified } = await createSignedInUser(ctx.app);
    await ctx.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', pending.id).execute();
    expect((await unverified.post('/api/deposit/checkout', checkoutBody())).body.message).toBe(texts.auth.emailNotVerified);
    expect((await unverified.get('/api/deposit/history')).statusCode).toBe(403);
    expect((await unverified.post('/api/user/become-channel')).statusCode).toBe(403);
    const { client: owner } = await createSignedInUser(ctx.app);
    const { client: other } = await createSignedInUser(ctx.app);
    const { deposit } = await startTopUp(owner);
    expect((await owner.get<Deposit>(`/api/deposit/status/${deposit.id}`)).body.payload.status).toBe('pending');
    expect((await other.get(`/api/deposit/status/${deposit.id}`)).statusCode).toBe(404);
  });

  it('credits once when the same webhook arrives 10 times concurrently, mixed with other events for the same deposit', async () => {
    const { user, client } = await createSignedInUser(ctx.app, { coins: 100 });
    const { ref } = await topUp(client, { amount: 10 });
    const responses = await Promise.all([
      ...Array.from({ length: 10 }, () => postSandboxEvent(ctx.app, clock, ref, 'succeeded', { eventId: `evt_same_${dialect}_${ref.id}` })),
      postSandboxEvent(ctx.app, clock, ref, 'succeeded'),
      postSandboxEvent(ctx.app, clock, ref, 'failed'),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect(await balanceOf(user.id)).toBe(1100);
    const credits = await ctx.db.selectFrom('ledger_entries').selectAll().where('idempotency_key', '=', `deposit:${ref.id}`).execute();
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ amount: 1000, kind: 'top_up', balance_after: 1100 });
    expect((await depositRow(ref.id)).status).toBe('success');
    expect((await client.get<Deposit>(`/api/deposit/status/${ref.id}`)).body.payload.status).toBe('success');
    await expectLedgerConsistent(ctx.db);
  });

  it('out of order: a failure then a late success credits once; a failure after success changes nothing', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const { ref } = await topUp(client, { amount: 5 });
    expect((await postSandboxEvent(ctx.app, clock, ref, 'failed')).statusCode).toBe(200);
    expect(await depositRow(ref.id)).toMatchObject({ status: 'error', failure_message: 'Your card was declined.' });
    expect(await balanceOf(user.id)).toBe(0);
    expect((await client.get<Deposit>(`/api/deposit/status/${ref.id}`)).body.payload.status).toBe('error');
    for (let i = 0; i < 3; i += 1) expect((await postSandboxEvent(ctx.app, clock, ref, 'succeeded')).statusCode).toBe(200);
    expect((await postSandboxEvent(ctx.app, clock, ref, 'failed')).statusCode).toBe(200);
    expect(await depositRow(ref.id)).toMatchObject({ status: 'success', failure_message: null });
    expect(await balanceOf(user.id)).toBe(500);
    await expectLedgerConsistent(ctx.db);
  });

  it('a failure alone marks the deposit failed and credits nothing', async () => {
    const { user, client } = await createSignedInUser(ctx.app, { coins: 5 });
    const { ref } = await topUp(client);
    expect((await postSandboxEvent(ctx.app, clock, ref, 'failed')).statusCode).toBe(200);
    expect((await client.get<Deposit>(`/api/deposit/status/${ref.id}`)).body.payload).toMatchObject({ status: 'error', message: 'Your card was declined.' });
    expect(await balanceOf(user.id)).toBe(5);
    await expectLedgerConsistent(ctx.db);
  });

  it('refuses forged, stale, unknown, mismatched and malformed events with 400 and changes nothing', async () => {
    const { user, client } = await createSignedInUser(ctx.app, { coins: 7 });
    const { ref } = await topUp(client, { amount: 10 });
    const eventsBefore = Number(
      (
        await ctx.db
          .selectFrom('payment_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const now = Math.floor(clock.now().getTime() / 1000);
    const refused = [
      await postSandboxEvent(ctx.app, clock, ref, 'succeeded', { secret: 'not-the-secret' }),
      await postSandboxEvent(ctx.app, clock, ref, 'succeeded', { timestampS: now - 301 }),
      await postSandboxEvent(ctx.app, clock, ref, 'succeeded', { timestampS: now + 301 }),
      await postSandboxEvent(ctx.app, clock, ref, 'succeeded', { reference: 'deposit:99999999' }),
      await postSandboxEvent(ctx.app, clock, ref, 'succeeded', { reference: 'nobody:1' }),
      await postSandboxEvent(ctx.app, clock, { ...ref, sessionId: 'sbx_other' }, 'succeeded'),
      await postSandboxEvent(ctx.app, clock, ref, 'succeeded', { amountCents: 1 }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/sandbox',
        payload: '{"id":"evt_x"}',
        headers: { 'content-type': 'application/json' },
      }),
      await ctx.app.inject({ method: 'POST', url: '/api/payments/webhook/stripe', payload: '{}', headers: { 'content-type': 'application/json' } }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual(Array(refused.length).fill(400));
    expect(refused.map((r) => r.json().status)).toEqual(Array(refused.length).fill('ERROR'));
    expect((await depositRow(ref.id)).status).toBe('pending');
    expect(await balanceOf(user.id)).toBe(7);
    const eventsAfter = Number(
      (
        await ctx.db
          .selectFrom('payment_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(eventsAfter).toBe(eventsBefore);
    // Within the tolerance is fine.
    expect((await postSandboxEvent(ctx.app, clock, ref, 'succeeded', { timestampS: now - 299 })).statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(1007);
    await expectLedgerConsistent(ctx.db);
  });

  it('credits once when the server restarts between checkout and the webhook', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const { ref } = await topUp(client, { amount: 12 });
    const restarted = await ctx.buildAnother();
    expect((await postSandboxEvent(restarted, clock, ref, 'succeeded')).statusCode).toBe(200);
    expect((await postSandboxEvent(ctx.app, clock, ref, 'succeeded')).statusCode).toBe(200);
    await restarted.close();
    expect(await balanceOf(user.id)).toBe(1200);
    await expectLedgerConsistent(ctx.db);
  });

  it('lists successful top-ups in the purchase history, newest first, 5 per page', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const empty = await client.get<{ data: DepositHistoryRow[]; meta: PageMeta }>('/api/deposit/history');
    expect(empty.body.payload).toEqual({ data: [], meta: expect.objectContaining({ total: 0, current_page: 1, per_page: 5 }) });
    const ids: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const { ref } = await topUp(client, { amount: 5 + i });
      await postSandboxEvent(ctx.app, clock, ref, 'succeeded');
      ids.push(ref.id);
    }
    await topUp(client, { amount: 50 }); // pending: not a purchase
    const first = await client.get<{ data: DepositHistoryRow[]; meta: PageMeta }>('/api/deposit/history');
    expect(first.body.payload.meta).toMatchObject({ total: 7, last_page: 2, per_page: 5 });
    expect(first.body.payload.data.map((r) => r.id)).toEqual(ids.slice(2).reverse());
    expect(first.body.payload.data[0]).toMatchObject({ sum: 13.42, points: 1100, currency: 'EUR', created_at: expect.any(String) });
    const second = await client.get<{ data: DepositHistoryRow[] }>('/api/deposit/history?page=2');
    expect(second.body.payload.data.map((r) => r.id)).toEqual(ids.slice(0, 2).reverse());
    expect(await balanceOf(user.id)).toBe(500 + 600 + 700 + 800 + 900 + 1000 + 1100);
    await expectLedgerConsistent(ctx.db);
  });

  it('factory users start without deposits', async () => {
    const user = await createUser(ctx.db);
    expect(
      Number(
        (
          await ctx.db
            .selectFrom('deposits')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
  });
});
