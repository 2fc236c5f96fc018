import { type Deposit } from '@parley/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { demoOperatorSettings, saveSettings } from '../reference/settings.service.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { listenLocally, sandboxCard, submitForm, waitFor } from '../../../test/money.js';
import { type FastifyInstance } from 'fastify';
import { postSandboxEvent, startTopUp } from '../deposits/deposits.test-support.js';
import { issuePendingReceipts } from './receipts.issuer.js';

const pdfText = async (bytes: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;

describe.each(dialects)('receipts and statements on %s', (dialect) => {
  let ctx: TestContext;
  let base: string;
  const clock = new FakeClock(new Date('2030-05-01T10:00:00.000Z'));

  // The worker does not poll by itself here: a test runs its passes (a sandbox payment still wakes it).
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock }, config: { jobs: { pollMs: 3600_000 } } });
    // The operator's requisites, as an admin sets them (none are seeded without demo data).
    await saveSettings(ctx.db, demoOperatorSettings);
    base = await listenLocally(ctx.app);
  });
  afterAll(() => ctx.close());

  async function pay(client: TestClient, overrides: Record<string, unknown>) {
    const { redirectUrl, deposit } = await startTopUp(client, overrides);
    await submitForm(base, redirectUrl, sandboxCard);
    const issued = async () => {
      await ctx.app.jobs.runDue();
      return (await client.get<Deposit>(`/api/deposit/status/${deposit.id}`)).body.payload.has_receipt;
    };
    expect(await waitFor(issued, Boolean)).toBe(true);
    return deposit;
  }

  /** Pays a fresh top-up with a signed gateway event straight to the webhook (nothing wakes the worker). */
  async function payByWebhook(app: FastifyInstance, client: TestClient) {
    const { deposit } = await startTopUp(client, { amount: 5 });
    const row = await ctx.db.selectFrom('deposits').selectAll().where('id', '=', deposit.id).executeTakeFirstOrThrow();
    const target = { id: row.id, sessionId: row.gateway_session_id!, totalCents: row.charge_total_cents ?? row.total_cents };
    expect((await postSandboxEvent(app, clock, target, 'succeeded')).statusCode).toBe(200);
    return row.id;
  }

  const allNumbers = async () => (await ctx.db.selectFrom('receipts').select('number').orderBy('number').execute()).map((r) => r.number);
  const receiptsOf = (ids: number[]) =>
    ctx.db.selectFrom('receipts').selectAll().where('source_type', '=', 'deposit').where('source_id', 'in', ids).orderBy('number').execute();
  const mailJobsOf = (receiptIds: number[]) =>
    ctx.db
      .selectFrom('jobs')
      .select('dedupe_key')
      .where('kind', '=', 'receipts.mail')
      .where(
        'dedupe_key',
        'in',
        receiptIds.map((id) => `receipt:${id}`),
      )
      .execute();
  const download = (client: TestClient, id: number) => client.get(`/api/receipts/deposit/${id}`);

  it('every paid deposit gets the next receipt number, concurrent payments included: no gaps, no repeats', async () => {
    const { client } = await createSignedInUser(ctx.app);
    await Promise.all(Array.from({ length: 6 }, () => pay(client, { amount: 5 })));
    const numbers = (await ctx.db.selectFrom('receipts').select('number').orderBy('number').execute()).map((r) => r.number);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  });

  it('numbers receipts after the payments commit, in the order they were paid: racing passes (and instances) never skip or repeat a number, and each payment gets one receipt and one mail', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const paid: number[] = [];
    for (let i = 0; i < 12; i++) {
      clock.advance(1000);
      paid.push(await payByWebhook(ctx.app, client));
    }
    const waiting = await ctx.db.selectFrom('deposits').select('receipt_pending_at').where('id', 'in', paid).execute();
    expect(waiting.every((d) => d.receipt_pending_at !== null)).toBe(true);

    // Two instances on PostgreSQL; on SQLite (one writer, the embedded default) racing passes of one instance.
    const apps = [ctx.app];
    if (dialect === 'postgres') apps.push(await ctx.buildAnother({ infra: { clock }, migrate: false }));
    await Promise.all(apps.flatMap((app) => [issuePendingReceipts(app, 5), issuePendingReceipts(app, 3), app.jobs.runDue()]));

    const numbers = await allNumbers();
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    const ours = await receiptsOf(paid);
    expect(ours.map((r) => r.source_id)).toEqual(paid);
    expect(await mailJobsOf(ours.map((r) => r.id))).toHaveLength(paid.length);
    const left = await ctx.db.selectFrom('deposits').select('id').where('id', 'in', paid).where('receipt_pending_at', 'is not', null).execute();
    expect(left).toEqual([]);
    // Another pass finds nothing to do.
    expect(await issuePendingReceipts(ctx.app)).toBe(0);
    expect(await receiptsOf(paid)).toHaveLength(paid.length);
    await expectLedgerConsistent(ctx.db);
  });

  it('a numbering transaction that fails takes no number and leaves the payments waiting; the next pass issues them with the next numbers', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const first = await payByWebhook(ctx.app, client);
    const second = await payByWebhook(ctx.app, client);
    const before = await allNumbers();
    // A receipt that already names the second payment (under another operator): the batch's insert fails on the unique source.
    const blocker = await ctx.db
      .insertInto('receipts')
      .values({
        operator: 'Somebody Else Ltd',
        number: 1,
        source_type: 'deposit',
        source_id: second,
        user_id: user.id,
        description: 'x',
        currency: 'EUR',
        net_cents: 0,
        vat_percent: 0,
        vat_cents: 0,
        gross_cents: 0,
        payment_method: 'Card',
        operator_requisites: '[]',
        billing: '{}',
        issued_at: clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(issuePendingReceipts(ctx.app)).rejects.toThrow();
    await ctx.app.jobs.runDue(); // the sweep fails the same way, logged
    expect(await allNumbers()).toEqual([...before, 1].sort((a, b) => a - b));
    expect(await receiptsOf([first])).toEqual([]);
    const counter = await ctx.db.selectFrom('receipt_counters').selectAll().where('operator', '!=', 'Somebody Else Ltd').executeTakeFirstOrThrow();
    expect(counter.last_number).toBe(Math.max(...before));

    await ctx.db.deleteFrom('receipts').where('id', '=', blocker.id).execute();
    await ctx.app.jobs.runDue();
    const issued = await receiptsOf([first, second]);
    expect(issued.map((r) => [r.source_id, r.number])).toEqual([
      [first, Math.max(...before) + 1],
      [second, Math.max(...before) + 2],
    ]);
    expect(await mailJobsOf(issued.map((r) => r.id))).toHaveLength(2);
  });

  it('the PDF says who sold, who bought, net + VAT = gross in the paid currency and how it was paid; it equals the charge and the ledger; mailed on payment', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const deposit = await pay(client, { amount: 25, currency: 'GBP' });
    const receipt = await ctx.db
      .selectFrom('receipts')
      .selectAll()
      .where('source_type', '=', 'deposit')
      .where('source_id', '=', deposit.id)
      .executeTakeFirstOrThrow();
    const session = await ctx.db.selectFrom('sandbox_sessions').selectAll().where('reference', '=', `deposit:${deposit.id}`).executeTakeFirstOrThrow();
    const entry = await ctx.db.selectFrom('ledger_entries').selectAll().where('idempotency_key', '=', `deposit:${deposit.id}`).executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({ currency: 'GBP', net_cents: 2125, vat_cents: 468, gross_cents: 2593, payment_method: 'Card •••• 4242' });
    expect([session.currency, session.amount_cents]).toEqual(['GBP', receipt.gross_cents]);
    expect(entry).toMatchObject({ user_id: user.id, amount: 2500, kind: 'top_up' });

    const response = await download(client, deposit.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(String(response.headers['content-disposition'])).toContain(`parley-receipt-R-${String(receipt.number).padStart(6, '0')}.pdf`);
    const text = await pdfText(response.raw.rawPayload);
    for (const expected of [
      `Receipt R-${String(receipt.number).padStart(6, '0')}`,
      'Date: 2030-05-01',
      'Parley Communications OÜ',
      'Registry code 16482937',
      'Ada Lovelace',
      'ada@example.com',
      'Narva mnt 5, Tallinn, 10117, Estonia',
      '2500 Parley coins',
      '£21.25',
      'VAT 22%',
      '£4.68',
      'Total (GBP)',
      '£25.93',
      'Payment method: Card •••• 4242',
    ])
      expect(text).toContain(expected);

    // Mailed by the job worker from the outbox written in the transaction that issued the receipt.
    const mailed = () =>
      ctx.db
        .selectFrom('mails')
        .selectAll()
        .where('to', '=', 'ada@example.com')
        .where('subject', 'like', `%R-${String(receipt.number).padStart(6, '0')}`)
        .execute();
    await ctx.app.jobs.runDue();
    const mail = await waitFor(mailed, (rows) => rows.length > 0);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('Attached: parley-receipt-R-');
    await expectLedgerConsistent(ctx.db);
  });

  it('only the owner downloads a receipt; nobody gets one for an unpaid deposit', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const deposit = await pay(client, { amount: 5 });
    const other = await createSignedInUser(ctx.app);
    expect((await download(other.client, deposit.id)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/receipts/deposit/${deposit.id}` })).statusCode).toBe(401);
    const unpaid = await startTopUp(client, { amount: 5 });
    expect((await download(client, unpaid.deposit.id)).statusCode).toBe(404);
  });

  it('downloads the ledger as CSV for a date range: entries of those days only, with the balance after each', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    clock.set(new Date('2030-05-10T09:00:00.000Z'));
    await pay(client, { amount: 5 });
    clock.set(new Date('2030-05-12T09:00:00.000Z'));
    await pay(client, { amount: 6 });
    const csv = await client.get('/api/ledger/statement?from=2030-05-10&to=2030-05-11');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.raw.rawPayload.toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('id,date,type,coins,balance_after,reference,note');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\d+,2030-05-10T09:00:00.000Z,top_up,500,500,deposit:\d+,$/);
    const both = await client.get('/api/ledger/statement?from=2030-05-10&to=2030-05-12');
    expect(both.raw.rawPayload.toString('utf8').trim().split('\n')).toHaveLength(3);
    expect((await client.get('/api/ledger/statement?from=2030-05-12&to=2030-05-10')).statusCode).toBe(422);
    expect((await client.get('/api/ledger/statement?from=2030-13-01&to=2030-13-02')).statusCode).toBe(422);
    // Any range: ten years at once.
    const decade = await client.get('/api/ledger/statement?from=2021-01-01&to=2030-12-31');
    expect(decade.raw.rawPayload.toString('utf8').trim().split('\n')).toHaveLength(3);
    expect(user.id).toBeGreaterThan(0);
  });
});
