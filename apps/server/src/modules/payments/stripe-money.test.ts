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

  const depositOf = (id: number) => ctx.db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const refundsOf = (id: number) => ctx.db.selectFrom('refunds').selectAll().where('source_type', '=', 'deposit').where('source_id', '=', id).execute();
  const refundEntriesOf = (userId: number) =>
    ctx.db.selectFrom('ledger_entries').select(['amount', 'kind']).where('user_id', '=', userId).where('kind', '=', 'refund').execute();
  /** charge.refunded as current API versions send it: the charge's refunded total, its refunds not listed. */
  const chargeRefunded = (paymentIntent: string, refundedCents: number) => ({
    object: 'charge',
    id: `ch_${paymentIntent}`,
    amount: 1220,
    amount_refunded: refundedCents,
    refunded: refundedCents >= 1220,
    payment_intent: paymentIntent,
  });
  const refundObject = (id: string, paymentIntent: string, amount: number, status = 'succeeded') => ({
    object: 'refund',
    id,
    amount,
    status,
    payment_intent: paymentIntent,
    charge: `ch_${paymentIntent}`,
  });

  it('a refund made in the Stripe dashboard takes the coins back once, however often and in whatever form it is announced', async () => {
    const { user, client, row } = await paidDeposit(`pi_${dialect}_external_full`);
    expect(await balanceOf(ctx.app, user.id)).toBe(1000);
    const full = await postEvent('charge.refunded', chargeRefunded(`pi_${dialect}_external_full`, 1220), `evt_${dialect}_full`);
    expect(full.statusCode).toBe(200);
    expect(full.body).not.toContain('ignored');
    // The same event again, and the refund's own events.
    expect((await postEvent('charge.refunded', chargeRefunded(`pi_${dialect}_external_full`, 1220), `evt_${dialect}_full`)).statusCode).toBe(200);
    expect((await postEvent('refund.created', refundObject(`re_${dialect}_full`, `pi_${dialect}_external_full`, 1220))).statusCode).toBe(200);
    expect((await postEvent('charge.refund.updated', refundObject(`re_${dialect}_full`, `pi_${dialect}_external_full`, 1220))).statusCode).toBe(200);

    expect(await balanceOf(ctx.app, user.id)).toBe(0);
    expect(await refundEntriesOf(user.id)).toEqual([{ amount: -1000, kind: 'refund' }]);
    expect(await depositOf(row.id)).toMatchObject({ status: 'refunded', refunded_cents: 1220, refunded_coins: 1000 });
    expect(await refundsOf(row.id)).toMatchObject([{ status: 'succeeded', amount_cents: 1220, coins: 1000, actor_id: null }]);
    expect((await client.get<Deposit>(`/api/deposit/status/${row.id}`)).body.payload.status).toBe('refunded');
    await expectLedgerConsistent(ctx.db);
  });

  it('ten racing deliveries of a partial dashboard refund debit once; a second partial refund adds its part', async () => {
    const pi = `pi_${dialect}_external_part`;
    const { user, row } = await paidDeposit(pi);
    const deliveries = [
      ...Array.from({ length: 4 }, () => () => postEvent('refund.created', refundObject(`re_${dialect}_p1`, pi, 610), `evt_${dialect}_p1`)),
      ...Array.from({ length: 3 }, () => () => postEvent('charge.refunded', chargeRefunded(pi, 610), `evt_${dialect}_p1_charge`)),
      () => postEvent('refund.updated', refundObject(`re_${dialect}_p1`, pi, 610)),
      () => postEvent('charge.refund.updated', refundObject(`re_${dialect}_p1`, pi, 610)),
      () => postEvent('charge.refunded', chargeRefunded(pi, 610)),
    ];
    const answers = await Promise.all(deliveries.map((deliver) => deliver()));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await balanceOf(ctx.app, user.id)).toBe(500);
    expect(await depositOf(row.id)).toMatchObject({ status: 'refunded', refunded_cents: 610, refunded_coins: 500 });

    // A second refund of 305 cents, announced charge-first this time: a quarter of the coins.
    await Promise.all([
      postEvent('charge.refunded', chargeRefunded(pi, 915)),
      postEvent('refund.created', refundObject(`re_${dialect}_p2`, pi, 305)),
      postEvent('refund.created', refundObject(`re_${dialect}_p2`, pi, 305)),
    ]);
    expect(await balanceOf(ctx.app, user.id)).toBe(250);
    expect(await refundEntriesOf(user.id)).toEqual([
      { amount: -500, kind: 'refund' },
      { amount: -250, kind: 'refund' },
    ]);
    expect(await depositOf(row.id)).toMatchObject({ refunded_cents: 915, refunded_coins: 750 });
    // A refund that failed gives nothing back and changes nothing.
    expect((await postEvent('refund.updated', refundObject(`re_${dialect}_p3`, pi, 100, 'failed'))).statusCode).toBe(200);
    expect(await balanceOf(ctx.app, user.id)).toBe(250);
    await expectLedgerConsistent(ctx.db);
  });

  it('an admin refund followed by its own webhooks debits once', async () => {
    const pi = `pi_${dialect}_admin_then_hook`;
    const { user, row } = await paidDeposit(pi);
    const admin = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
    expect((await admin.post(`/api/admin/refunds/deposit/${row.id}`, { coins: 500, reason: 'Goodwill', request_id: newRequestId() })).statusCode).toBe(200);
    const [booked] = await refundsOf(row.id);
    await Promise.all([
      postEvent('charge.refunded', chargeRefunded(pi, 610)),
      postEvent('refund.created', refundObject(booked!.gateway_refund_id!, pi, 610)),
      postEvent('charge.refund.updated', refundObject(booked!.gateway_refund_id!, pi, 610)),
    ]);
    expect(await balanceOf(ctx.app, user.id)).toBe(500);
    expect(await refundEntriesOf(user.id)).toEqual([{ amount: -500, kind: 'refund' }]);
    expect(await refundsOf(row.id)).toHaveLength(1);
    expect(await depositOf(row.id)).toMatchObject({ refunded_cents: 610, refunded_coins: 500 });
    await expectLedgerConsistent(ctx.db);
  });

  it('refuses a signature dated in the future and answers 400 to a correctly signed body that is not an event', async () => {
    const post = (payload: string, timestampS = Math.floor(clock.now().getTime() / 1000)) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/stripe',
        payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: timestampS }),
        },
      });
    const event = JSON.stringify({
      id: `evt_${dialect}_future`,
      object: 'event',
      type: 'charge.refunded',
      created: 0,
      data: { object: chargeRefunded('pi_x', 1) },
    });
    const future = await post(event, Math.floor(clock.now().getTime() / 1000) + 3600);
    expect(future.statusCode).toBe(400);
    for (const body of ['[]', '{"hello":"world"}', '"text"', 'null', '42', '{"id":"evt_1","type":"charge.refunded"}', 'not json']) {
      const answer = await post(body);
      expect(answer.statusCode, body).toBe(400);
    }
  });

  it('refunds through stripe.refunds.create with the PaymentIntent, the amount and an idempotency key, once', async () => {
    const { user, row } = await paidDeposit(`pi_${dialect}_refund`);
    expect(await balanceOf(ctx.app, user.id)).toBe(1000);
    const admin = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
    const requestId = newRequestId();
    const clicks = await Promise.all(
      [0, 1, 2].map(() => admin.post(`/api/admin/refunds/deposit/${row.id}`, { coins: 500, reason: 'Goodwill', request_id: requestId })),
    );
    expect(clicks.map((c) => c.statusCode)).toEqual([200, 200, 200]);
    const sent = fake.requests.filter((r) => r.path === 'POST /v1/refunds' && r.params.get('payment_intent') === `pi_${dialect}_refund`);
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
