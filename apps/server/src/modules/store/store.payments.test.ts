import { texts, type CheckoutPrefill, type Order, type SkinsPayload, type StoreTransaction } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { billingFor, checkoutSkin, countryIdOf, deliverOrderEvent } from '../../../test/store.js';
import { CANCELLED_MESSAGE } from '../payments/sandbox-page.routes.js';
import { saveSettings } from '../reference/settings.service.js';
import { seedProducts } from './store.seed.js';

type Page<T> = { data: T[]; meta: { total: number; last_page: number } };
type StatusPayload = { status: string; status_label: string; order: Order };

describe.each(dialects)('store checkout and payments on %s', (dialect) => {
  let ctx: TestContext;
  // After real time: the factory credits users at the real clock, and the history sorts by time.
  const clock = new FakeClock(new Date(Date.now() + 86_400_000));
  let countryId: number;
  const productIds: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock } });
    await seedProducts(ctx.db, clock);
    await saveSettings(ctx.db, { vat_percent: 20 });
    for (const p of await ctx.db.selectFrom('products').select(['id', 'look']).execute()) productIds[p.look] = p.id;
    countryId = await countryIdOf(ctx.app);
  });
  afterAll(() => ctx.close());

  const billing = () => billingFor(countryId);
  const buy = (client: TestClient, look: string, extra: Record<string, unknown> = {}) => checkoutSkin(client, productIds[look]!, { ...billing(), ...extra });
  const deliver = (order: Order, kind: 'succeeded' | 'failed', options: { eventId?: string; amountCents?: number; failureMessage?: string } = {}) =>
    deliverOrderEvent(ctx.app, order, kind, options);

  const ownedLooks = async (client: TestClient) => (await client.get<SkinsPayload>('/api/skins')).body.payload.owned.map((s) => s.look);
  const countOrders = async (userId: number) =>
    Number(
      (
        await ctx.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a checkout with each billing/delivery field missing, with its message, and creates no order', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const required: [keyof ReturnType<typeof billing>, string][] = [
      ['name', texts.topUp.nameRequired],
      ['surname', texts.topUp.surnameRequired],
      ['phone', texts.topUp.phoneRequired],
      ['email', texts.topUp.emailRequired],
      ['country', texts.topUp.countryRequired],
      ['city', texts.topUp.cityRequired],
      ['address', texts.topUp.addressRequired],
      ['postCode', texts.topUp.postCodeRequired],
    ];
    for (const [field, message] of required) {
      for (const value of [undefined, '', '   ']) {
        const body: Record<string, unknown> = billing();
        if (value === undefined) delete body[field];
        else body[field] = value;
        const response = await client.post(`/api/checkout/${productIds.blue}`, body);
        expect(response.statusCode, `${field}=${JSON.stringify(value)}`).toBe(422);
        expect(response.body.errors?.[field]).toEqual([message]);
      }
    }
    for (const accept of [undefined, false]) {
      const response = await client.post(`/api/checkout/${productIds.blue}`, { ...billing(), accept_terms: accept });
      expect(response.statusCode).toBe(422);
      expect(response.body.errors?.accept_terms).toEqual([texts.topUp.acceptTerms]);
    }
    const badEmail = await client.post(`/api/checkout/${productIds.blue}`, { ...billing(), email: 'nope' });
    expect(badEmail.body.errors?.email).toEqual([texts.auth.invalidEmail]);
    const unknownCountry = await client.post(`/api/checkout/${productIds.blue}`, { ...billing(), country: 999999 });
    expect(unknownCountry.body.errors?.country).toEqual([texts.topUp.countryRequired]);
    expect((await client.post('/api/checkout/999999', billing())).statusCode).toBe(404);
    expect(await countOrders(user.id)).toBe(0);
  });

  it('creates a processing order with VAT and a gateway redirect; save_info pre-fills the next checkout', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const before = (await client.get<CheckoutPrefill>('/api/checkout/prefill')).body.payload;
    expect(before).toMatchObject({ name: user.name, email: user.email, country: null, city: '', address: '', postCode: '' });

    const first = await buy(client, 'blue');
    expect(first.redirect_url).toMatch(new RegExp(`^${ctx.app.config.publicUrl}/sandbox-pay/sbx_`));
    const price = (await ctx.db.selectFrom('products').select('price_cents').where('id', '=', productIds.blue!).executeTakeFirstOrThrow()).price_cents;
    expect(first.order).toMatchObject({
      order_number: `PRL-${String(first.order.id).padStart(6, '0')}`,
      item: { product_id: productIds.blue, kind: 'bubble_color', look: 'blue' },
      price_cents: price,
      vat_percent: 20,
      vat_cents: Math.round(price * 0.2),
      total_cents: price + Math.round(price * 0.2),
      currency: 'EUR',
      status: 'processing',
      status_label: 'Processing',
    });
    const session = await ctx.db.selectFrom('sandbox_sessions').selectAll().where('reference', '=', `order:${first.order.id}`).executeTakeFirstOrThrow();
    expect(session).toMatchObject({ result_type: 'payment', amount_cents: first.order.total_cents, customer_email: 'ann@example.com' });
    expect(session.return_url).toContain(`/processing-payment?order_id=${first.order.id}&type=payment`);
    expect((await client.get<CheckoutPrefill>('/api/checkout/prefill')).body.payload.city).toBe('');

    await buy(client, 'red', { save_info: true, surname: 'Tamm', city: 'Tartu', address: 'Rüütli 1', postCode: '51007' });
    // Issue 33: the surname comes back too.
    expect((await client.get<CheckoutPrefill>('/api/checkout/prefill')).body.payload).toMatchObject({
      surname: 'Tamm',
      country: countryId,
      city: 'Tartu',
      address: 'Rüütli 1',
      postCode: '51007',
    });
    const stored = await ctx.db
      .selectFrom('users')
      .select(['country_id', 'city', 'address', 'zip', 'balance'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ country_id: countryId, city: 'Tartu', address: 'Rüütli 1', zip: '51007', balance: user.balance });
    expect(await ownedLooks(client)).toEqual([]); // nothing before the gateway confirms
  });

  it('fulfils a confirmed order exactly once under repeated and concurrent webhooks', async () => {
    const { user, client } = await createSignedInUser(ctx.app, { coins: 300 });
    const { order } = await buy(client, 'purple');

    const first = await deliver(order, 'succeeded', { eventId: `evt_dup_${dialect}` });
    expect(first.statusCode, first.body).toBe(200);
    for (let i = 0; i < 3; i++) expect((await deliver(order, 'succeeded', { eventId: `evt_dup_${dialect}` })).statusCode).toBe(200);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => deliver(order, 'succeeded')));
    expect(concurrent.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // A late failure for the same payment never takes the skin back.
    expect((await deliver(order, 'failed')).statusCode).toBe(200);

    const skins = await ctx.db.selectFrom('user_skins').selectAll().where('user_id', '=', user.id).execute();
    expect(skins).toHaveLength(1);
    expect(skins[0]).toMatchObject({ product_id: productIds.purple, order_id: order.id });
    const status = await client.get<StatusPayload>(`/api/orders/${order.id}/status`);
    expect(status.body.payload).toMatchObject({ status: 'success', status_label: 'Successfully' });
    expect(status.body.payload.order.paid_at).not.toBeNull();

    expect((await client.post('/api/skins/equip', { product_id: productIds.purple })).statusCode).toBe(200);
    const again = await client.post(`/api/checkout/${productIds.purple}`, billing());
    expect(again.statusCode).toBe(409);
    expect(again.body.message).toBe(texts.store.alreadyOwned);

    // Two concurrent checkouts of one skin: one opens, the other is refused with a clear message.
    const twice = await Promise.allSettled([buy(client, 'gold'), buy(client, 'gold')]);
    expect(twice.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(String((twice.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason)).toContain(texts.money.openCheckout);
    const [opened] = twice.flatMap((r) => (r.status === 'fulfilled' ? [r.value.order] : []));
    await Promise.all([deliver(opened!, 'succeeded'), deliver(opened!, 'succeeded')]);
    expect((await ownedLooks(client)).sort()).toEqual(['gold', 'purple']);
    expect((await ctx.db.selectFrom('users').select('balance').where('id', '=', user.id).executeTakeFirstOrThrow()).balance).toBe(300);
    await expectLedgerConsistent(ctx.db);
  });

  it('grants nothing for a failed payment, a cancelled order or a wrong amount', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const failed = (await buy(client, 'green')).order;
    expect((await deliver(failed, 'failed')).statusCode).toBe(200);
    const failedStatus = await client.get<StatusPayload>(`/api/orders/${failed.id}/status`);
    expect(failedStatus.body.payload).toMatchObject({ status: 'failed', status_label: 'Failed' });
    expect(await ownedLooks(client)).toEqual([]);
    const equip = await client.post('/api/skins/equip', { product_id: productIds.green });
    expect(equip.statusCode).toBe(403);

    const canceled = (await buy(client, 'teal')).order;
    const cancel = await client.post<Order>(`/api/orders/${canceled.id}/cancel`);
    expect(cancel.body.payload).toMatchObject({ status: 'canceled', status_label: 'Canceled' });
    expect((await client.post(`/api/orders/${canceled.id}/cancel`)).statusCode).toBe(409);
    const abandoned = (await buy(client, 'pink')).order;
    expect((await deliver(abandoned, 'failed', { failureMessage: CANCELLED_MESSAGE })).statusCode).toBe(200);
    expect((await client.get<StatusPayload>(`/api/orders/${abandoned.id}/status`)).body.payload).toMatchObject({
      status: 'canceled',
      status_label: 'Canceled',
    });
    expect(await ownedLooks(client)).toEqual([]);

    const wrong = (await buy(client, 'orange')).order;
    const mismatch = await deliver(wrong, 'succeeded', { amountCents: 1 });
    expect(mismatch.statusCode).toBe(400);
    expect((await client.get<StatusPayload>(`/api/orders/${wrong.id}/status`)).body.payload.status).toBe('processing');
    expect(await ownedLooks(client)).toEqual([]);

    // The retried purchase of the failed skin goes through.
    const retry = (await buy(client, 'green')).order;
    await deliver(retry, 'succeeded');
    expect(await ownedLooks(client)).toEqual(['green']);
    await expectLedgerConsistent(ctx.db);
  });

  it("shows an order's status only to its owner", async () => {
    const owner = await createSignedInUser(ctx.app);
    const other = await createSignedInUser(ctx.app);
    const { order } = await buy(owner.client, 'pink');
    expect((await owner.client.get(`/api/orders/${order.id}/status`)).statusCode).toBe(200);
    const peek = await other.client.get(`/api/orders/${order.id}/status`);
    expect(peek.statusCode).toBe(404);
    expect(peek.body.message).toBe(texts.store.orderNotFound);
    expect((await other.client.post(`/api/orders/${order.id}/cancel`)).statusCode).toBe(404);
    expect((await owner.client.get('/api/orders/999999/status')).statusCode).toBe(404);
  });

  it('lists orders and every money movement, paginated, with status labels', async () => {
    const { user, client } = await createSignedInUser(ctx.app, { coins: 150 });
    expect((await client.get<Page<Order>>('/api/orders')).body.payload).toMatchObject({ data: [], meta: { total: 0 } });

    const paid = (await buy(client, 'bold')).order;
    clock.advance(1000);
    await deliver(paid, 'succeeded');
    const failed = (await buy(client, 'italic')).order;
    clock.advance(1000);
    await deliver(failed, 'failed');
    clock.advance(1000);
    await buy(client, 'normal');

    const orders = await client.get<Page<Order>>('/api/orders?per_page=2');
    expect(orders.body.payload.meta).toMatchObject({ total: 3, last_page: 2 });
    expect(orders.body.payload.data.map((o) => [o.item.look, o.status_label])).toEqual([
      ['normal', 'Processing'],
      ['italic', 'Failed'],
    ]);
    const defaultPage = await client.get<Page<Order>>('/api/orders');
    expect(defaultPage.body.payload.data).toHaveLength(3);

    const now = clock.now().toISOString();
    await ctx.db
      .insertInto('deposits')
      .values({
        user_id: user.id,
        status: 'error',
        amount_cents: 1000,
        vat_percent: 20,
        vat_cents: 200,
        total_cents: 1200,
        points: 1000,
        bundle_id: null,
        gateway: 'sandbox',
        gateway_session_id: null,
        failure_message: null,
        billing: '{}',
        completed_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();

    const history = await client.get<Page<StoreTransaction>>('/api/transactions?per_page=100');
    const rows = history.body.payload.data;
    expect(history.body.payload.meta.total).toBe(5);
    expect(rows[0]).toMatchObject({ type: 'top_up_payment', type_label: 'Top-up payment', amount: 12, currency: 'EUR', status: 'Failed' });
    expect(rows.find((r) => r.currency === 'COINS')).toMatchObject({ type: 'admin_adjustment', amount: 150, status: 'Successfully' });
    const skinRows = rows.filter((r) => r.type === 'skin_purchase');
    expect(skinRows.map((r) => r.status)).toEqual(['Processing', 'Failed', 'Successfully']);
    expect(skinRows[2]).toMatchObject({ amount: paid.total_cents / 100, currency: 'EUR', id: `order:${paid.id}` });
    const page2 = await client.get<Page<StoreTransaction>>('/api/transactions?per_page=3&page=2');
    expect(page2.body.payload.data).toHaveLength(2);

    const stranger = await createSignedInUser(ctx.app);
    expect((await stranger.client.get<Page<StoreTransaction>>('/api/transactions')).body.payload).toMatchObject({ data: [], meta: { total: 0 } });
    await expectLedgerConsistent(ctx.db);
  });
});
