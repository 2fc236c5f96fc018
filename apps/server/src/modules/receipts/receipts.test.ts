import { type Deposit } from '@parley/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { listenLocally, sandboxCard, submitForm, waitFor } from '../../../test/money.js';
import { startTopUp } from '../deposits/deposits.test-support.js';

const pdfText = async (bytes: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;

describe.each(dialects)('receipts and statements on %s', (dialect) => {
  let ctx: TestContext;
  let base: string;
  const clock = new FakeClock(new Date('2030-05-01T10:00:00.000Z'));

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock } });
    base = await listenLocally(ctx.app);
  });
  afterAll(() => ctx.close());

  async function pay(client: TestClient, overrides: Record<string, unknown>) {
    const { redirectUrl, deposit } = await startTopUp(client, overrides);
    await submitForm(base, redirectUrl, sandboxCard);
    await waitFor(async () => (await client.get<Deposit>(`/api/deposit/status/${deposit.id}`)).body.payload.has_receipt, Boolean);
    return deposit;
  }
  const download = (client: TestClient, id: number) => client.get(`/api/receipts/deposit/${id}`);

  it('every paid deposit gets the next receipt number, concurrent payments included: no gaps, no repeats', async () => {
    const { client } = await createSignedInUser(ctx.app);
    await Promise.all(Array.from({ length: 6 }, () => pay(client, { amount: 5 })));
    const numbers = (await ctx.db.selectFrom('receipts').select('number').orderBy('number').execute()).map((r) => r.number);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
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

    // Mailed by the job worker from the outbox written in the payment's transaction.
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
