import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { texts, type Deposit } from '@parley/contracts';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { checkoutBody } from '../deposits/deposits.test-support.js';

const WEBHOOK_SECRET = 'whsec_test_parley_0123456789';

/** A local stand-in for api.stripe.com answering the SDK's Checkout calls. */
function createFakeStripe() {
  const requests: { path: string; params: URLSearchParams; headers: Record<string, string | string[] | undefined> }[] = [];
  let failWith: number | undefined;
  let sequence = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const params = new URLSearchParams(Buffer.concat(chunks).toString());
      requests.push({ path: `${request.method} ${request.url}`, params, headers: request.headers });
      response.setHeader('content-type', 'application/json');
      if (failWith) return void response.writeHead(failWith).end(JSON.stringify({ error: { type: 'api_error', message: 'down' } }));
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
        const id = `cs_test_${++sequence}`;
        return void response.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            url: `https://checkout.stripe.com/c/pay/${id}`,
            amount_total: Number(params.get('line_items[0][price_data][unit_amount]')),
            client_reference_id: params.get('client_reference_id'),
            payment_status: 'unpaid',
            status: 'open',
          }),
        );
      }
      response.writeHead(404).end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown' } }));
    });
  });
  return {
    requests,
    fail(status: number | undefined) {
      failWith = status;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.each(dialects)('Stripe Checkout gateway on %s', (dialect) => {
  let ctx: TestContext;
  const fake = createFakeStripe();
  const clock = new FakeClock();
  const signer = new Stripe('sk_test_signer');
  let eventSequence = 0;

  beforeAll(async () => {
    const apiBase = await fake.start();
    ctx = await createTestContext(dialect, {
      infra: { clock },
      env: { PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_parley', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: apiBase },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  const balanceOf = async (userId: number) => (await ctx.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow()).balance;
  const postEvent = (type: string, session: Record<string, unknown>, options: { id?: string; timestampS?: number; secret?: string } = {}) => {
    const payload = JSON.stringify({
      id: options.id ?? `evt_${dialect}_${++eventSequence}`,
      object: 'event',
      type,
      api_version: '2025-01-27',
      created: 0,
      data: { object: { object: 'checkout.session', ...session } },
    });
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: options.timestampS ?? Math.floor(clock.now().getTime() / 1000),
    });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
    });
  };
  const checkout = async (client: Awaited<ReturnType<typeof createSignedInUser>>['client'], amount = 25) => {
    const response = await client.post<{ deposit: Deposit }>('/api/deposit/checkout', checkoutBody({ amount }));
    expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
    const row = await ctx.db.selectFrom('deposits').selectAll().where('id', '=', response.body.payload.deposit.id).executeTakeFirstOrThrow();
    return { response, row, session: { id: row.gateway_session_id!, client_reference_id: `deposit:${row.id}`, amount_total: row.total_cents } };
  };

  it('creates a Checkout session through the SDK: total with VAT in EUR, our reference, return URLs, idempotency key', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const { response, row } = await checkout(client, 25);
    expect(response.body.redirect_url).toBe(`https://checkout.stripe.com/c/pay/${row.gateway_session_id}`);
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('POST /v1/checkout/sessions');
    expect(sent.headers.authorization).toBe('Bearer sk_test_parley');
    expect(sent.headers['idempotency-key']).toBe(`checkout:deposit:${row.id}`);
    expect(Object.fromEntries(sent.params)).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '3050',
      'line_items[0][quantity]': '1',
      client_reference_id: `deposit:${row.id}`,
      customer_email: 'ada@example.com',
      success_url: `${ctx.config.publicUrl}/processing-payment?order_id=${row.id}&type=topup`,
      cancel_url: `${ctx.config.publicUrl}/fail-payment?order_id=${row.id}&type=topup`,
      // Our 24 h checkout expiry, inside Stripe's 30 min–24 h window.
      expires_at: String(Math.floor((clock.now().getTime() + 23.9 * 3600_000) / 1000)),
    });
    expect(row).toMatchObject({ gateway: 'stripe', status: 'pending' });
  });

  it('credits once from checkout.session.completed signed with the SDK test header, however often it arrives', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const { row, session } = await checkout(client, 10);
    const unpaid = await postEvent('checkout.session.completed', { ...session, payment_status: 'unpaid' });
    expect(unpaid.json().payload).toMatchObject({ ignored: true });
    expect(await balanceOf(user.id)).toBe(0);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        postEvent('checkout.session.completed', { ...session, payment_status: 'paid' }, { id: `evt_paid_${dialect}_${row.id}` }),
      ),
      postEvent('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' }),
      postEvent('checkout.session.expired', session),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(7).fill(200));
    expect(await balanceOf(user.id)).toBe(1000);
    expect((await client.get<Deposit>(`/api/deposit/status/${row.id}`)).body.payload.status).toBe('success');
    await expectLedgerConsistent(ctx.db);
  });

  it('an expired session fails the deposit; unrelated event types are acknowledged and ignored', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const { row, session } = await checkout(client);
    expect((await postEvent('checkout.session.expired', session)).statusCode).toBe(200);
    expect((await client.get<Deposit>(`/api/deposit/status/${row.id}`)).body.payload).toMatchObject({
      status: 'error',
      message: texts.topUp.paymentFailedOrCancelled,
    });
    const other = await postEvent('payment_intent.created', session);
    expect(other.statusCode).toBe(200);
    expect(other.json().payload).toMatchObject({ ignored: true });
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('refuses a forged or stale Stripe signature and a wrong amount with 400, changing nothing', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const { row, session } = await checkout(client);
    const paid = { ...session, payment_status: 'paid' };
    const now = Math.floor(clock.now().getTime() / 1000);
    const refused = [
      await postEvent('checkout.session.completed', paid, { secret: 'whsec_forged' }),
      await postEvent('checkout.session.completed', paid, { timestampS: now - 301 }),
      await postEvent('checkout.session.completed', { ...paid, amount_total: 1 }),
      await postEvent('checkout.session.completed', { ...paid, client_reference_id: 'deposit:987654' }),
      await ctx.app.inject({ method: 'POST', url: '/api/payments/webhook/stripe', payload: '{}', headers: { 'content-type': 'application/json' } }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect((await ctx.db.selectFrom('deposits').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()).status).toBe('pending');
    expect(await balanceOf(user.id)).toBe(0);
    await expectLedgerConsistent(ctx.db);
  });

  it("answers 'Payment gateway error, please try again later' when Stripe fails, and credits nothing", async () => {
    const { user, client } = await createSignedInUser(ctx.app, { coins: 4 });
    fake.fail(500);
    try {
      const response = await client.post('/api/deposit/checkout', checkoutBody());
      expect(response.statusCode).toBe(502);
      expect(response.body).toMatchObject({ status: 'ERROR', message: texts.topUp.gatewayError });
    } finally {
      fake.fail(undefined);
    }
    const last = await ctx.db.selectFrom('deposits').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(last).toMatchObject({ status: 'error', gateway_session_id: null });
    expect(await balanceOf(user.id)).toBe(4);
    await expectLedgerConsistent(ctx.db);
  });
});

describe.each(dialects)('unreachable Stripe on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    ctx = await createTestContext(dialect, {
      env: {
        PAYMENT_GATEWAY: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_parley',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${port}`,
      },
      seedDemo: true,
    });
  });
  afterAll(() => ctx.close());

  it('a gateway that cannot be reached gives the clear error; nothing is charged or credited', async () => {
    const { user, client } = await createSignedInUser(ctx.app, { coins: 1 });
    const response = await client.post('/api/deposit/checkout', checkoutBody({ amount: 50 }));
    expect(response.statusCode).toBe(502);
    expect(response.body.message).toBe(texts.topUp.gatewayError);
    const bundle = await ctx.db.selectFrom('bundles').select('id').executeTakeFirstOrThrow();
    const purchase = await client.post('/api/bundles/purchase', { bundle_id: bundle.id });
    expect(purchase.statusCode).toBe(502);
    expect(purchase.body.message).toBe(texts.topUp.gatewayError);
    const rows = await ctx.db.selectFrom('deposits').selectAll().where('user_id', '=', user.id).execute();
    expect(rows.every((r) => r.status === 'error')).toBe(true);
    expect((await ctx.db.selectFrom('users').select('balance').where('id', '=', user.id).executeTakeFirstOrThrow()).balance).toBe(1);
    await expectLedgerConsistent(ctx.db);
  });
});
