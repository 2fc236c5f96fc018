import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatContextOptions, createTopicVia } from '../../../test/chat.js';
import { type TestClient } from '../../../test/client.js';
import { createRoom, createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, type TestContext } from '../../../test/harness.js';
import { createContributor, estoniaId, payoutBody } from './payouts.test-support.js';

type RiskRow = { id: number; risk: { flag: string | null; fresh_accounts_percent: number; shared_address_percent: number } };

/**
 * Issue 31: the admin payout screen flags a payout when most (> 50 %) of the payee's earnings came from
 * accounts created in the days before the request, or from accounts that signed in from the payee's address.
 */
describe.each(dialects)('payout flags on %s', (dialect) => {
  let ctx: TestContext;
  let admin: TestClient;
  let roomId: number;
  let address = 0;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions());
    admin = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
    roomId = (await createRoom(ctx.db)).id;
  });
  afterAll(() => ctx.close());

  /** Every test client signs in from 127.0.0.1: give each account its own address. */
  const ownAddress = (userId: number) =>
    ctx.db
      .updateTable('sessions')
      .set({ ip: `10.0.${Math.floor(++address / 250)}.${address % 250}` })
      .where('user_id', '=', userId)
      .execute();
  /** An interlocutor who earned from `payers` (bought coins), earnings matured, asking for a 10 € payout. */
  const payoutFrom = async (payers: { ageDays: number; sameAddress: boolean }[]) => {
    const payee = await createContributor(ctx.app);
    await ownAddress(payee.user.id);
    for (const p of payers) {
      const payer = await createSignedInUser(ctx.app, { coins: 1000 });
      const createdAt = new Date(Date.now() - p.ageDays * 86_400_000).toISOString();
      await ctx.db.updateTable('users').set({ created_at: createdAt }).where('id', '=', payer.user.id).execute();
      if (p.sameAddress) {
        const { ip } = await ctx.db.selectFrom('sessions').select('ip').where('user_id', '=', payee.user.id).executeTakeFirstOrThrow();
        await ctx.db.updateTable('sessions').set({ ip }).where('user_id', '=', payer.user.id).execute();
      } else await ownAddress(payer.user.id);
      const topic = await createTopicVia(payer.client, roomId);
      expect((await payee.client.post('/api/topics/join', { topic_id: topic.id })).body.status).toBe('OK');
      expect((await payer.client.post('/api/messages/create', { topic_id: topic.id, content: 'p'.repeat(800) })).statusCode).toBe(200);
      await payee.client.post('/api/topics/leave', { topic_id: topic.id });
    }
    // The holding period has passed.
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
    await ctx.db
      .updateTable('ledger_entries')
      .set({ created_at: monthAgo })
      .where('user_id', '=', payee.user.id)
      .where('kind', '=', 'contributor_earning')
      .execute();
    const requested = await payee.client.post<{ payout: { id: number } }>('/api/payouts', { ...payoutBody(await estoniaId(ctx.db), 'sepa'), amount: 10 });
    expect(requested.statusCode, JSON.stringify(requested.body)).toBe(201);
    const listed = await admin.get<{ items: RiskRow[] }>('/api/admin/payouts?per_page=100');
    return listed.body.payload.items.find((r) => r.id === requested.body.payload.payout.id)!.risk;
  };

  it('flags a payout earned mostly from accounts created in the last days', async () => {
    const risk = await payoutFrom([
      { ageDays: 1, sameAddress: false },
      { ageDays: 2, sameAddress: false },
      { ageDays: 60, sameAddress: false },
    ]);
    expect(risk).toMatchObject({ flag: 'fresh_accounts', fresh_accounts_percent: 67, shared_address_percent: 0 });
  });

  it('flags a payout earned mostly from accounts that signed in from the payee’s address', async () => {
    const risk = await payoutFrom([
      { ageDays: 90, sameAddress: true },
      { ageDays: 90, sameAddress: true },
      { ageDays: 90, sameAddress: false },
    ]);
    expect(risk).toMatchObject({ flag: 'shared_address', fresh_accounts_percent: 0, shared_address_percent: 67 });
  });

  it('does not flag a payout earned from established accounts elsewhere (half is not most)', async () => {
    const risk = await payoutFrom([
      { ageDays: 1, sameAddress: false },
      { ageDays: 90, sameAddress: true },
      { ageDays: 90, sameAddress: false },
      { ageDays: 90, sameAddress: false },
    ]);
    expect(risk).toMatchObject({ flag: null, fresh_accounts_percent: 25, shared_address_percent: 25 });
    await expectLedgerConsistent(ctx.db);
  });
});
