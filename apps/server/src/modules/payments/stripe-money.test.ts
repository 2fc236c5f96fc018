import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type Deposit } from '@parley/contracts';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { balanceOf, newRequestId } from '../../../test/money.js';
import { checkoutBody } from '../deposits/deposits.test-support.js';

const WEBHOOK_SECRET = 'whsec_test_parley_money';

/** A local stand-in for api.stripe.com: Checkout sessions and refunds, as the SDK calls them. */
function createFakeStripe() {
  const requests: { path: string; params: URLSearchParams; headers: Record<string, string | string[] | undefined> }[] = [];
  let sequence = 0;
  let refundsDown = false;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const params = new URLSearchParams(Buffer.concat(chunks).toString());
      requests.push({ path: `${request.method} ${request.url}`, params, headers: request.headers });
      response.setHeader('content-type', 'application/json');
      const id = ++sequence;
      if (request.url === '/v1/checkout/sessions') {
        return void response.end(JSON.stringify({ id: `cs_test_${id}`, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/cs_test_${id}` }));
      }
      if (request.url === '/v1/refunds' && refundsDown) {
        return void response.writeHead(400).end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'try later' } }));
      }
      if (request.url === '/v1/refunds') {
        return void response.end(JSON.stringify({ id: `re_test_${id}`, object: 'refund', amount: Number(params.get('amount')), status: 'succeeded' }));
      }
      response.writeHead(404).end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown' } }));
    });
  });
  return {
    requests,
    setRefundsDown(down: boolean) {
      refundsDown = down;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.each(dialects)('Stripe refunds and disputes through the SDK on %s', (dialect) => {
  let ctx: TestContext;
  const fake = createFakeStripe();
  const clock = new FakeClock(new Date('2030-07-01T10:00:00.000Z'));
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

  /** A Stripe event signed with the SDK's own test-header code, posted to the real webhook endpoint. */
  const postEvent = (type: string, object: Record<string, unknown>, id = `evt_${dialect}_m_${++eventSequence}`) => {
    const payload = JSON.stringify({ id, object: 'event', type, api_version: '2025-01-27', created: 0, data: { object } });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(clock.now().getTime() / 1000) });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
    });
  };

  async function paidDeposit(paymentIntent: string) {
    const buyer = await createSignedInUser(ctx.app);
    const started = await buyer.client.post<{ deposit: Deposit }>('/api/deposit/checkout', checkoutBody({ amount: 10 }));
    const row = await ctx.db.selectFrom('deposits').selectAll().where('id', '=', started.body.payload.deposit.id).executeTakeFirstOrThrow();
    const completed = await postEvent('checkout.session.completed', {
      object: 'checkout.session',
      id: row.gateway_session_id,
      client_reference_id: `deposit:${row.id}`,
      amount_total: row.charge_total_cents,
      payment_status: 'paid',
      payment_intent: paymentIntent,
    });
    expect(completed.statusCode).toBe(200);
    return { ...buyer, row };
  }

  it('refunds through stripe.refunds.create with the PaymentIntent, the amount and an idempotency key, once', async () => {
    const { user, row } = await paidDeposit(`pi_${dialect}_refund`);
    expect(await balanceOf(ctx.app, user.id)).toBe(1000);
    const admin = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
    const requestId = newRequestId();
    const clicks = await Promise.all(
      [0, 1, 2].map(() => admin.post(`/api/admin/refunds/deposit/${row.id}`, { coins: 500, reason: 'Goodwill', request_id: requestId })),
    );
    expect(clicks.map((c) => c.statusCode)).toEqual([200, 200, 200]);
    const sent = fake.requests.filter((r) => r.path === 'POST /v1/refunds');
    expect(sent).toHaveLength(1);
    const refund = await ctx.db
      .selectFrom('refunds')
      .selectAll()
      .where('source_id', '=', row.id)
      .where('source_type', '=', 'deposit')
      .executeTakeFirstOrThrow();
    expect(Object.fromEntries(sent[0]!.params)).toMatchObject({
      payment_intent: `pi_${dialect}_refund`,
      amount: '610',
      'metadata[reference]': `deposit:${row.id}`,
    });
    expect(sent[0]!.headers['idempotency-key']).toBe(`refund:${refund.id}`);
    expect(refund).toMatchObject({ status: 'succeeded', gateway_refund_id: expect.stringMatching(/^re_test_/) });
    expect(await balanceOf(ctx.app, user.id)).toBe(500);
    await expectLedgerConsistent(ctx.db);
  });

  it('charge.dispute.created holds the coins of the PaymentIntent’s deposit; charge.dispute.closed won releases them, lost keeps them', async () => {
    const won = await paidDeposit(`pi_${dialect}_won`);
    const lost = await paidDeposit(`pi_${dialect}_lost`);
    const dispute = (id: string, paymentIntent: string, status: string) => ({
      object: 'dispute',
      id,
      amount: 1220,
      payment_intent: paymentIntent,
      charge: 'ch_1',
      reason: 'fraudulent',
      status,
    });

    const created = await postEvent('charge.dispute.created', dispute(`dp_${dialect}_1`, `pi_${dialect}_won`, 'needs_response'), `evt_dp_${dialect}_1`);
    expect(created.statusCode).toBe(200);
    expect(
      (await postEvent('charge.dispute.created', dispute(`dp_${dialect}_1`, `pi_${dialect}_won`, 'needs_response'), `evt_dp_${dialect}_1`)).statusCode,
    ).toBe(200);
    await postEvent('charge.dispute.created', dispute(`dp_${dialect}_2`, `pi_${dialect}_lost`, 'needs_response'));
    expect(await balanceOf(ctx.app, won.user.id)).toBe(0);
    expect(await balanceOf(ctx.app, lost.user.id)).toBe(0);
    expect((await won.client.get<Deposit>(`/api/deposit/status/${won.row.id}`)).body.payload.status).toBe('disputed');

    await postEvent('charge.dispute.closed', dispute(`dp_${dialect}_1`, `pi_${dialect}_won`, 'won'));
    await postEvent('charge.dispute.closed', dispute(`dp_${dialect}_2`, `pi_${dialect}_lost`, 'lost'));
    expect(await balanceOf(ctx.app, won.user.id)).toBe(1000);
    expect((await won.client.get<Deposit>(`/api/deposit/status/${won.row.id}`)).body.payload.status).toBe('success');
    expect(await balanceOf(ctx.app, lost.user.id)).toBe(0);
    expect((await lost.client.get<Deposit>(`/api/deposit/status/${lost.row.id}`)).body.payload.status).toBe('disputed');
    // A dispute on a payment we never saw is refused.
    expect((await postEvent('charge.dispute.created', dispute('dp_unknown', 'pi_unknown', 'needs_response'))).statusCode).toBe(400);
    await expectLedgerConsistent(ctx.db);
  });

  it('a refund the gateway refuses stays pending (coins already taken back) and the periodic job asks again', async () => {
    const { user, row } = await paidDeposit(`pi_${dialect}_retry`);
    const admin = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
    fake.setRefundsDown(true);
    const response = await admin.post(`/api/admin/refunds/deposit/${row.id}`, { reason: 'Goodwill', request_id: newRequestId() });
    expect(response.statusCode).toBe(200);
    const pending = () =>
      ctx.db.selectFrom('refunds').selectAll().where('source_type', '=', 'deposit').where('source_id', '=', row.id).executeTakeFirstOrThrow();
    expect(await pending()).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await balanceOf(ctx.app, user.id)).toBe(0);

    fake.setRefundsDown(false);
    clock.advance(10 * 60_000);
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    expect(await pending()).toMatchObject({ status: 'succeeded', gateway_refund_id: expect.stringMatching(/^re_test_/) });
    await expectLedgerConsistent(ctx.db);
  });
});
