import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type Deposit } from '@parley/contracts';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { startTopUp } from '../deposits/deposits.test-support.js';
import { SandboxGateway } from './sandbox-gateway.js';
import { ownWebhookUrl } from './sandbox-page.routes.js';

const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
const card = (number: string) => ({ card_number: number, expiry: '12 / 30', cvc: '123', holder: 'Ada Lovelace' });

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 40));
  }
}

describe.each(dialects)('sandbox gateway over real HTTP on %s', (dialect) => {
  let ctx: TestContext;
  let base: string;
  const clock = new FakeClock();
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => ctx.close());

  const balanceOf = async (userId: number) => (await ctx.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow()).balance;
  const statusOf = (client: TestClient, id: number) =>
    waitFor(
      async () => (await client.get<Deposit>(`/api/deposit/status/${id}`)).body.payload.status,
      (s) => s !== 'pending',
    );
  const submit = (path: string, values: Record<string, string>) =>
    fetch(`${base}${path}`, { method: 'POST', body: form(values), headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });

  it('serves the hosted card page without scripts under the CSP, and re-renders card errors without an event', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const { redirectUrl, deposit } = await startTopUp(client, { amount: 25 });
    const page = await fetch(`${base}${redirectUrl}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/<script/i);
    for (const label of ['Card number', 'Expiry (MM / YY)', 'CVC', 'Cardholder name', 'Pay €30.50']) expect(html).toContain(label);
    const bad = await submit(redirectUrl, { card_number: '4242 4242 4242 4241', expiry: '01 / 20', cvc: '1', holder: ' ' });
    expect(bad.status).toBe(422);
    const errors = await bad.text();
    for (const message of [
      'Your card number is invalid.',
      "Your card's expiration date is in the past.",
      "Your card's security code is incomplete.",
      'Cardholder name is required.',
    ])
      expect(errors).toContain(message.replace("'", '&#39;'));
    const unknown = await submit(redirectUrl, card('5555 5555 5555 4444'));
    expect(await unknown.text()).toContain('not a sandbox test card');
    expect(await webhookJobs(ctx)).toHaveLength(0);
    expect((await client.get<Deposit>(`/api/deposit/status/${deposit.id}`)).body.payload.status).toBe('pending');
  });

  it('4242 4242 4242 4242 succeeds: redirect to the processing page, signed webhook delivered, coins credited once', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const { redirectUrl, deposit } = await startTopUp(client, { amount: 25 });
    const paid = await submit(redirectUrl, card('4242 4242 4242 4242'));
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/processing-payment?order_id=${deposit.id}&type=topup`);
    expect(await statusOf(client, deposit.id)).toBe('success');
    expect(await balanceOf(user.id)).toBe(2500);
    const again = await submit(redirectUrl, card('4242 4242 4242 4242'));
    expect(again.status).toBe(303);
    expect(await (await fetch(`${base}${redirectUrl}`)).text()).toContain('This payment is complete.');
    const deliveries = await webhookJobs(ctx, `deposit:${deposit.id}`);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ status: 'done', attempts: 1 });
    await expectLedgerConsistent(ctx.db);
  });

  it('4000 0000 0000 0002 is declined: the deposit fails and nothing is credited', async () => {
    const { user, client } = await createSignedInUser(ctx.app, { coins: 3 });
    const { redirectUrl, deposit } = await startTopUp(client, { amount: 10 });
    const declined = await submit(redirectUrl, card('4000000000000002'));
    expect(declined.headers.get('location')).toBe(`/processing-payment?order_id=${deposit.id}&type=topup`);
    expect(await statusOf(client, deposit.id)).toBe('error');
    expect((await client.get<Deposit>(`/api/deposit/status/${deposit.id}`)).body.payload.message).toBe('Your card was declined.');
    expect(await balanceOf(user.id)).toBe(3);
    await expectLedgerConsistent(ctx.db);
  });

  it('4000 0000 0000 3220 asks for 3-D Secure, then succeeds; failing the check fails the payment', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const { redirectUrl, deposit } = await startTopUp(client, { amount: 5 });
    const challenged = await submit(redirectUrl, card('4000 0000 0000 3220'));
    expect(challenged.status).toBe(303);
    expect(challenged.headers.get('location')).toBe(redirectUrl);
    const challenge = await (await fetch(`${base}${redirectUrl}`)).text();
    expect(challenge).toContain('3-D Secure authentication');
    expect(challenge).toContain('card ending in 3220');
    expect((await client.get<Deposit>(`/api/deposit/status/${deposit.id}`)).body.payload.status).toBe('pending');
    const confirmed = await submit(`${redirectUrl}/3ds`, { action: 'complete' });
    expect(confirmed.headers.get('location')).toBe(`/processing-payment?order_id=${deposit.id}&type=topup`);
    expect(await statusOf(client, deposit.id)).toBe('success');
    expect(await balanceOf(user.id)).toBe(500);

    const second = await startTopUp(client, { amount: 5 });
    await submit(second.redirectUrl, card('4000000000003220'));
    await submit(`${second.redirectUrl}/3ds`, { action: 'fail' });
    expect(await statusOf(client, second.deposit.id)).toBe('error');
    expect(await balanceOf(user.id)).toBe(500);
    await expectLedgerConsistent(ctx.db);
  });

  it('cancelling on the hosted page fails the deposit and returns to the fail page', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const { redirectUrl, deposit } = await startTopUp(client);
    const cancelled = await submit(`${redirectUrl}/cancel`, {});
    expect(cancelled.headers.get('location')).toBe(`/fail-payment?order_id=${deposit.id}&type=topup`);
    expect(await statusOf(client, deposit.id)).toBe('error');
  });

  it('retries a failed delivery with backoff until the webhook endpoint accepts it', async () => {
    const gateway = ctx.app.gateway as SandboxGateway;
    let calls = 0;
    const flaky: Server = createServer((request, response) => {
      calls += 1;
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        if (calls <= 2) return void response.writeHead(503).end();
        fetch(ownWebhookUrl(ctx.app)!, {
          method: 'POST',
          body: Buffer.concat(chunks),
          headers: { 'content-type': 'application/json', 'parley-signature': String(request.headers['parley-signature']) },
        })
          .then(async (r) => response.writeHead(r.status).end(await r.text()))
          .catch(() => response.writeHead(502).end());
      });
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    gateway.webhooks.attach(`http://127.0.0.1:${(flaky.address() as AddressInfo).port}/hook`, ctx.app.jobs);
    try {
      const { user, client } = await createSignedInUser(ctx.app);
      const { redirectUrl, deposit } = await startTopUp(client, { amount: 5 });
      await submit(redirectUrl, card('4242424242424242'));
      const row = async () => (await webhookJobs(ctx, `deposit:${deposit.id}`))[0]!;
      expect(await waitFor(row, (r) => r.attempts === 1 && r.last_error !== null)).toMatchObject({ status: 'pending', last_error: 'HTTP 503' });
      expect(Date.parse((await row()).run_at) - clock.now().getTime()).toBe(5000);
      await ctx.app.jobs.runDue(); // not due yet
      expect((await row()).attempts).toBe(1);
      clock.advance(5000);
      await ctx.app.jobs.runDue();
      expect(await row()).toMatchObject({ attempts: 2, status: 'pending' });
      expect(Date.parse((await row()).run_at) - clock.now().getTime()).toBe(10_000);
      clock.advance(10_000);
      await ctx.app.jobs.runDue();
      expect(await waitFor(row, (r) => r.status === 'done')).toMatchObject({ status: 'done', attempts: 3 });
      expect(await statusOf(client, deposit.id)).toBe('success');
      expect(await balanceOf(user.id)).toBe(500);
      await expectLedgerConsistent(ctx.db);
    } finally {
      gateway.webhooks.attach(ownWebhookUrl(ctx.app)!, ctx.app.jobs);
      await new Promise((resolve) => flaky.close(resolve));
    }
  });
});

describe.each(dialects)('sandbox gateway across a restart on %s', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock();
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock } });
  });
  afterAll(() => ctx.close());

  it('a payment made while the webhook could not be delivered is credited once after a restart', async () => {
    const before: FastifyInstance = await ctx.buildAnother(); // never listens: its outbox has nowhere to deliver
    const { user, client } = await createSignedInUser(before);
    const { redirectUrl, deposit } = await startTopUp(client, { amount: 10 });
    const paid = await before.inject({
      method: 'POST',
      url: redirectUrl,
      payload: form(card('4242424242424242')),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode).toBe(303);
    await before.close();
    expect((await webhookJobs(ctx)).map(({ status, attempts }) => ({ status, attempts }))).toEqual([{ status: 'pending', attempts: 0 }]);
    expect((await ctx.db.selectFrom('users').select('balance').where('id', '=', user.id).executeTakeFirstOrThrow()).balance).toBe(0);

    const after = await ctx.buildAnother();
    await after.listen({ port: 0, host: '127.0.0.1' });
    const delivered = await waitFor(
      async () => (await webhookJobs(ctx))[0]!,
      (r) => r.status === 'done',
    );
    expect(delivered.attempts).toBe(1);
    const row = await ctx.db.selectFrom('deposits').select('status').where('id', '=', deposit.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('success');
    expect((await ctx.db.selectFrom('users').select('balance').where('id', '=', user.id).executeTakeFirstOrThrow()).balance).toBe(1000);
    await after.close();
    await expectLedgerConsistent(ctx.db);
    void dialect;
  });
});

/** The sandbox's webhook deliveries: jobs on the durable queue, optionally for one payment reference. */
async function webhookJobs(ctx: TestContext, reference?: string) {
  const jobs = await ctx.db.selectFrom('jobs').selectAll().where('kind', '=', 'sandbox.webhook').orderBy('id').execute();
  return jobs.filter((job) => {
    const event = JSON.parse((JSON.parse(job.payload) as { payload: string }).payload) as { data: { reference: string } };
    return reference === undefined || event.data.reference === reference;
  });
}
