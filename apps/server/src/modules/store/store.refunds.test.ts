import { type Order, type Product, type RefundQuote, type SkinsPayload } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { newRequestId } from '../../../test/money.js';
import { billingFor, checkoutSkin, countryIdOf, deliverOrderEvent } from '../../../test/store.js';
import { seedProducts } from './store.seed.js';

type StatusPayload = { status: string; status_label: string; order: Order };

describe.each(dialects)('skin order refunds and prices in the selected currency on %s', (dialect) => {
  let ctx: TestContext;
  let admin: TestClient;
  const clock = new FakeClock(new Date('2030-09-01T10:00:00.000Z'));
  let countryId: number;
  const productIds: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock } });
    await seedProducts(ctx.db, clock);
    for (const p of await ctx.db.selectFrom('products').select(['id', 'look']).execute()) productIds[p.look] = p.id;
    countryId = await countryIdOf(ctx.app);
    admin = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
  });
  afterAll(() => ctx.close());

  /** A paid order (the card was charged at the sandbox gateway). */
  async function paidOrder(client: TestClient, look: string, currency = 'EUR') {
    const { order } = await checkoutSkin(client, productIds[look]!, { ...billingFor(countryId), currency });
    await ctx.db.updateTable('sandbox_sessions').set({ status: 'succeeded' }).where('reference', '=', `order:${order.id}`).execute();
    const paid = await deliverOrderEvent(ctx.app, { ...order, total_cents: order.charged.total_cents }, 'succeeded');
    expect(paid.statusCode).toBe(200);
    return order;
  }
  const looks = async (client: TestClient) => (await client.get<SkinsPayload>('/api/skins')).body.payload.owned.map((s) => s.look);
  const refund = (id: number, body: Record<string, unknown>) =>
    admin.post(`/api/admin/refunds/order/${id}`, { reason: 'Duplicate purchase', request_id: newRequestId(), ...body });

  it('a partial refund keeps the skin; refunding the rest takes it back; never more than was paid, exactly once per click', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const order = await paidOrder(client, 'green');
    const total = order.charged.total_cents;
    expect((await refund(order.id, { amount_cents: total + 1 })).statusCode).toBe(422);

    const requestId = newRequestId();
    const clicks = await Promise.all([0, 1, 2].map(() => refund(order.id, { amount_cents: 100, request_id: requestId })));
    expect(clicks.map((c) => c.statusCode)).toEqual([200, 200, 200]);
    expect(await looks(client)).toEqual(['green']);
    const quote = (await admin.get<RefundQuote>(`/api/admin/refunds/order/${order.id}`)).body.payload;
    expect(quote).toMatchObject({ refunded_cents: 100, refundable_cents: total - 100 });

    expect((await refund(order.id, {})).statusCode).toBe(200);
    expect(await looks(client)).toEqual([]);
    const status = (await client.get<StatusPayload>(`/api/orders/${order.id}/status`)).body.payload;
    expect(status).toMatchObject({ status: 'refunded', status_label: 'Refunded', order: { charged: { refunded_cents: total } } });
    const session = await ctx.db.selectFrom('sandbox_sessions').selectAll().where('reference', '=', `order:${order.id}`).executeTakeFirstOrThrow();
    expect(session.refunded_cents).toBe(total);
    expect((await refund(order.id, {})).statusCode).toBe(409);
    await expectLedgerConsistent(ctx.db);
  });

  it('store prices follow the selected currency like bundles do, and the order is charged exactly what was shown', async () => {
    const product = (await ctx.app.inject({ method: 'GET', url: `/api/products/${productIds.teal}?currency=USD` })).json<{ payload: Product }>().payload;
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/products?currency=USD&per_page=100' })).json<{ payload: { data: Product[] } }>().payload
      .data;
    expect(product.display.currency).toBe('USD');
    expect(list.find((p) => p.id === product.id)?.display).toEqual(product.display);
    const usd = await ctx.db.selectFrom('currencies').select('value').where('code', '=', 'USD').executeTakeFirstOrThrow();
    expect(product.display.amount).toBe(Math.round(product.price_cents * usd.value) / 100);

    const { client } = await createSignedInUser(ctx.app);
    const order = await paidOrder(client, 'teal', 'USD');
    expect(order.charged).toMatchObject({ currency: 'USD', total_cents: Math.round((product.display.total ?? 0) * 100) });
    const session = await ctx.db.selectFrom('sandbox_sessions').selectAll().where('reference', '=', `order:${order.id}`).executeTakeFirstOrThrow();
    expect([session.currency, session.amount_cents]).toEqual(['USD', order.charged.total_cents]);
    expect(await looks(client)).toEqual(['teal']);
    // Its receipt (issued by the job worker after the payment): in the orders history and as a PDF for the owner only.
    await ctx.app.jobs.runDue();
    const history = (await client.get<{ data: Order[] }>('/api/orders')).body.payload.data;
    expect(history.find((o) => o.id === order.id)).toMatchObject({ has_receipt: true, charged: { currency: 'USD' } });
    const pdf = await client.get(`/api/receipts/order/${order.id}`);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    const stranger = await createSignedInUser(ctx.app);
    expect((await stranger.client.get(`/api/receipts/order/${order.id}`)).statusCode).toBe(404);
    const receipt = await ctx.db
      .selectFrom('receipts')
      .selectAll()
      .where('source_type', '=', 'order')
      .where('source_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({
      currency: 'USD',
      gross_cents: order.charged.total_cents,
      net_cents: order.charged.net_cents,
      vat_cents: order.charged.vat_cents,
    });
  });
});
