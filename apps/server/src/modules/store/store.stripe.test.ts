import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { texts, type CheckoutResult, type SkinsPayload } from '@parley/contracts';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { billingFor, countryIdOf } from '../../../test/store.js';
import { seedProducts } from './store.seed.js';

const WEBHOOK_SECRET = 'whsec_test_store_0123456789';

/** A local stand-in for api.stripe.com: creates Checkout sessions, or fails with 500 when told to. */
function createFakeStripe() {
  const sessions: URLSearchParams[] = [];
  let down = false;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (down) return void response.writeHead(500).end(JSON.stringify({ error: { type: 'api_error', message: 'down' } }));
      const params = new URLSearchParams(Buffer.concat(chunks).toString());
      sessions.push(params);
      const id = `cs_test_store_${sessions.length}`;
      response.end(
        JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}`, status: 'open', payment_status: 'unpaid' }),
      );
    });
  });
  return {
    sessions,
    setDown: (value: boolean) => (down = value),
    start: async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.each(dialects)('store checkout through Stripe on %s', (dialect) => {
  let ctx: TestContext;
  const fake = createFakeStripe();
  const clock = new FakeClock();
  const signer = new Stripe('sk_test_signer');
  let productId: number;
  let billing: ReturnType<typeof billingFor>;

  beforeAll(async () => {
    const apiBase = await fake.start();
    ctx = await createTestContext(dialect, {
      infra: { clock },
      env: { PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_store', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: apiBase },
    });
    await seedProducts(ctx.db, clock);
    productId = (await ctx.db.selectFrom('products').select('id').where('look', '=', 'teal').executeTakeFirstOrThrow()).id;
    billing = billingFor(await countryIdOf(ctx.app));
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  const postEvent = (type: string, session: Record<string, unknown>) => {
    const payload = JSON.stringify({
      id: `evt_store_${dialect}_${type}_${String(session.id)}`,
      object: 'event',
      type,
      api_version: '2025-01-27',
      created: 0,
      data: { object: { object: 'checkout.session', ...session } },
    });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(clock.now().getTime() / 1000) });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
    });
  };

  it('opens a Checkout session for the order (type=payment) and fulfils it from checkout.session.completed', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const response = await client.post<CheckoutResult>(`/api/checkout/${productId}`, billing);
    expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
    const { order, redirect_url } = response.body.payload;
    expect(redirect_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_store_/);
    expect(Object.fromEntries(fake.sessions.at(-1)!)).toMatchObject({
      client_reference_id: `order:${order.id}`,
      'line_items[0][price_data][unit_amount]': String(order.total_cents),
      'metadata[result_type]': 'payment',
      success_url: `${ctx.config.publicUrl}/processing-payment?order_id=${order.id}&type=payment`,
      cancel_url: `${ctx.config.publicUrl}/processing-payment?order_id=${order.id}&type=payment&canceled=1`,
    });

    const session = { id: redirect_url.split('/').at(-1), client_reference_id: `order:${order.id}`, amount_total: order.total_cents, payment_status: 'paid' };
    expect((await postEvent('checkout.session.completed', session)).statusCode).toBe(200);
    expect((await postEvent('checkout.session.async_payment_succeeded', session)).statusCode).toBe(200);
    const skins = await client.get<SkinsPayload>('/api/skins');
    expect(skins.body.payload.owned.map((s) => s.look)).toEqual(['teal']);
    await expectLedgerConsistent(ctx.db);
  });

  it('a refund made in the Stripe dashboard books the order as refunded, in part and then in full, and a full refund takes the skin back', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const { order, redirect_url } = (await client.post<CheckoutResult>(`/api/checkout/${productId}`, billing)).body.payload;
    const pi = `pi_store_${dialect}_refund`;
    const session = {
      id: redirect_url.split('/').at(-1),
      client_reference_id: `order:${order.id}`,
      amount_total: order.total_cents,
      payment_status: 'paid',
      payment_intent: pi,
    };
    expect((await postEvent('checkout.session.completed', session)).statusCode).toBe(200);
    const postRefund = (id: string, amount: number) => {
      const payload = JSON.stringify({
        id: `evt_${id}`,
        object: 'event',
        type: 'refund.created',
        created: 0,
        data: { object: { object: 'refund', id, amount, status: 'succeeded', payment_intent: pi } },
      });
      const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(clock.now().getTime() / 1000) });
      return ctx.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/stripe',
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
      });
    };
    const orderRow = () => ctx.db.selectFrom('orders').select(['status', 'refunded_cents']).where('id', '=', order.id).executeTakeFirstOrThrow();
    const half = Math.floor(order.total_cents / 2);
    await Promise.all([postRefund(`re_store_${dialect}_1`, half), postRefund(`re_store_${dialect}_1`, half)]);
    expect(await orderRow()).toEqual({ status: 'refunded', refunded_cents: half });
    expect((await client.get<SkinsPayload>('/api/skins')).body.payload.owned).toHaveLength(1);
    expect((await postRefund(`re_store_${dialect}_2`, order.total_cents - half)).statusCode).toBe(200);
    expect(await orderRow()).toEqual({ status: 'refunded', refunded_cents: order.total_cents });
    expect((await client.get<SkinsPayload>('/api/skins')).body.payload.owned).toEqual([]);
  });

  it('marks the order failed and grants nothing when the gateway cannot be reached', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    fake.setDown(true);
    try {
      const response = await client.post(`/api/checkout/${productId}`, billing);
      expect(response.statusCode).toBe(502);
      expect(response.body.message).toBe(texts.topUp.gatewayError);
    } finally {
      fake.setDown(false);
    }
    const orders = await ctx.db.selectFrom('orders').select(['status', 'failure_message']).where('user_id', '=', user.id).execute();
    expect(orders).toEqual([{ status: 'failed', failure_message: texts.topUp.gatewayError }]);
    expect((await client.get<SkinsPayload>('/api/skins')).body.payload.owned).toEqual([]);
  });
});
