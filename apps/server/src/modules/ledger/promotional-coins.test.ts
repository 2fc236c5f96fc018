import { type ContentRule, type EarningsSummary, type HeldMessage, type Topic } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatContextOptions, createTopicVia } from '../../../test/chat.js';
import { TestClient } from '../../../test/client.js';
import { createRoom, createSignedInUser, createUser, signUpBody } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, type TestContext } from '../../../test/harness.js';
import { systemClock } from '../../lib/clock.js';
import { createContributor, creditEarnings, estoniaId, payoutBody } from '../payouts/payouts.test-support.js';
import { checkLedgerConsistency, postEntry } from './ledger.service.js';

/**
 * Promotional coins (issue 31 finding 3, decision 029): the sign-up bonus and promotional grants are spent
 * first and never become an interlocutor's withdrawable earnings; refunds of them come back promotional.
 */
describe.each(dialects)('promotional coins on %s', (dialect) => {
  let ctx: TestContext;
  let admin: TestClient;
  let roomId: number;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions());
    admin = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
    roomId = (await createRoom(ctx.db)).id;
  });
  afterAll(() => ctx.close());

  const coinsOf = (userId: number) => ctx.db.selectFrom('users').select(['balance', 'promo_balance']).where('id', '=', userId).executeTakeFirstOrThrow();
  const earningsOf = async (userId: number) =>
    (await ctx.db.selectFrom('ledger_entries').select('amount').where('user_id', '=', userId).where('kind', '=', 'contributor_earning').execute()).reduce(
      (sum, r) => sum + r.amount,
      0,
    );
  const summaryOf = async (client: TestClient) => (await client.get<{ earnings: EarningsSummary }>('/api/payouts/methods')).body.payload.earnings;
  const send = (client: TestClient, topicId: number, content: string) => client.post('/api/messages/create', { topic_id: topicId, content });
  /** A chat the payer opened and the interlocutor joined. */
  const chatWith = async (payer: TestClient, interlocutor: TestClient): Promise<Topic> => {
    const topic = await createTopicVia(payer, roomId);
    expect((await interlocutor.post('/api/topics/join', { topic_id: topic.id })).body.status).toBe('OK');
    return topic;
  };
  const grant = async (userId: number, amount: number, promotional: boolean) => {
    const response = await admin.post(`/api/admin/users/${userId}/balance`, {
      amount,
      reason: 'test',
      promotional,
      request_id: `grant-${Math.random().toString(36).slice(2)}`,
    });
    expect(response.statusCode).toBe(200);
  };

  it('ten fresh accounts spending only their sign-up bonus in a colluding interlocutor’s chat make nothing payable', async () => {
    const colluder = await createContributor(ctx.app);
    let withheld = 0;
    for (let i = 0; i < 10; i++) {
      const email = `fresh-${dialect}-${i}-${Date.now()}@example.com`;
      const client = new TestClient(ctx.app);
      const registered = await client.post('/api/register', signUpBody(email, { accept_terms: true }));
      expect(registered.statusCode, JSON.stringify(registered.body)).toBe(200);
      await ctx.db.updateTable('users').set({ email_verified_at: new Date().toISOString() }).where('email', '=', email).execute();
      await client.login(email, 'Sunshine42x');
      const { id } = await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      // The sign-up bonus is promotional whole.
      expect(await coinsOf(id)).toEqual({ balance: 200, promo_balance: 200 });
      const topic = await chatWith(client, colluder.client);
      // 200 − the topic's 50: three messages of 50 characters spend the rest.
      for (let m = 0; m < 3; m++) expect((await send(client, topic.id, 'x'.repeat(50))).statusCode).toBe(200);
      withheld += 3 * 25;
      expect(await coinsOf(id)).toEqual({ balance: 0, promo_balance: 0 });
      expect((await colluder.client.post('/api/topics/leave', { topic_id: topic.id })).statusCode).toBe(200); // free for the next one
    }
    expect(await earningsOf(colluder.user.id)).toBe(0);
    expect(await coinsOf(colluder.user.id)).toEqual({ balance: 0, promo_balance: 0 });
    const summary = await summaryOf(colluder.client);
    expect(summary).toMatchObject({ available_coins: 0, pending_coins: 0, promo_share_coins: withheld });
    const payout = await colluder.client.post('/api/payouts', { ...payoutBody(await estoniaId(ctx.db), 'sepa'), amount: 10 });
    expect(payout.statusCode).toBe(422);
    expect(await ctx.db.selectFrom('payouts').select('id').where('user_id', '=', colluder.user.id).execute()).toEqual([]);
    await expectLedgerConsistent(ctx.db);
  });

  it('a payer with bought and promotional coins spends the promotional ones first; the interlocutor earns on the bought part only', async () => {
    const interlocutor = await createContributor(ctx.app);
    const payer = await createSignedInUser(ctx.app, { coins: 150 }); // bought (factory: a non-promotional credit)
    await grant(payer.user.id, 90, true);
    expect(await coinsOf(payer.user.id)).toEqual({ balance: 240, promo_balance: 90 });
    const topic = await chatWith(payer.client, interlocutor.client); // 50: promotional
    expect(await coinsOf(payer.user.id)).toEqual({ balance: 190, promo_balance: 40 });
    expect((await send(payer.client, topic.id, 'y'.repeat(60))).statusCode).toBe(200); // 40 promotional + 20 bought
    const charge = await ctx.db
      .selectFrom('ledger_entries')
      .select(['amount', 'promo_amount'])
      .where('user_id', '=', payer.user.id)
      .where('kind', '=', 'message')
      .executeTakeFirstOrThrow();
    expect(charge).toEqual({ amount: -60, promo_amount: -40 });
    expect(await coinsOf(payer.user.id)).toEqual({ balance: 130, promo_balance: 0 });
    expect(await earningsOf(interlocutor.user.id)).toBe(10); // 50 % of the 20 bought coins
    expect((await send(payer.client, topic.id, 'z'.repeat(30))).statusCode).toBe(200); // bought only
    expect(await earningsOf(interlocutor.user.id)).toBe(25);
    expect((await summaryOf(interlocutor.client)).promo_share_coins).toBe(30 - 10);
    await expectLedgerConsistent(ctx.db);
  });

  it('200 concurrent sends against an exact mixed balance: exact balances and earnings, the promotional part never below zero', async () => {
    const interlocutor = await createContributor(ctx.app);
    const payer = await createSignedInUser(ctx.app, { coins: 50 + 149 });
    await grant(payer.user.id, 151, true);
    const topic = await chatWith(payer.client, interlocutor.client); // the topic's 50 come out of the promotional 151
    expect(await coinsOf(payer.user.id)).toEqual({ balance: 300, promo_balance: 101 });
    const results = await Promise.all(Array.from({ length: 200 }, () => send(payer.client, topic.id, 'ab')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(150);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 402 || r.statusCode === 422 || r.statusCode === 403)).toBe(true);
    expect(await coinsOf(payer.user.id)).toEqual({ balance: 0, promo_balance: 0 });
    const charges = await ctx.db
      .selectFrom('ledger_entries')
      .select(['amount', 'promo_amount'])
      .where('user_id', '=', payer.user.id)
      .where('kind', '=', 'message')
      .execute();
    expect(charges).toHaveLength(150);
    expect(charges.reduce((s, c) => s + c.promo_amount, 0)).toBe(-101);
    // 50 messages of promotional coins, one of 1 promotional + 1 bought (earns 0), 99 bought ones (1 coin each).
    expect(charges.filter((c) => c.promo_amount === -1)).toHaveLength(1);
    expect(await earningsOf(interlocutor.user.id)).toBe(99);
    expect((await summaryOf(interlocutor.client)).promo_share_coins).toBe(50 + 1);
    expect(await checkLedgerConsistency(ctx.db)).toEqual({ inconsistent: [], negative: 0 });
  });

  it('a replayed spend or refund posts once, even when the replays race', async () => {
    const user = await createUser(ctx.db, { coins: 100 });
    await grant(user.id, 40, true);
    const post = (input: Parameters<typeof postEntry>[2]) => ctx.db.transaction().execute((trx) => postEntry(trx, systemClock, input));
    const spend = { userId: user.id, amount: -70, kind: 'topic' as const, idempotencyKey: `promo-spend:${user.id}` };
    const spends = await Promise.allSettled([post(spend), post(spend), post(spend)]);
    expect(spends.every((s) => s.status === 'fulfilled')).toBe(true);
    expect(spends.filter((s) => s.status === 'fulfilled' && s.value.created)).toHaveLength(1);
    expect(await coinsOf(user.id)).toEqual({ balance: 70, promo_balance: 0 });
    const refund = { userId: user.id, amount: 70, promoAmount: 40, kind: 'refund' as const, idempotencyKey: `promo-refund:${user.id}` };
    await Promise.all([post(refund), post(refund)]);
    expect(await coinsOf(user.id)).toEqual({ balance: 140, promo_balance: 40 });
    const again = await post(refund);
    expect(again.created).toBe(false);
    expect(again.entry.promo_amount).toBe(40);
    expect(await coinsOf(user.id)).toEqual({ balance: 140, promo_balance: 40 });
    await expectLedgerConsistent(ctx.db);
  });

  it('a refund of a promotional spend gives the coins back promotional (a held message rejected)', async () => {
    const rule = (await admin.post<ContentRule>('/api/admin/content-rules', { kind: 'word', pattern: 'promoheld', action: 'hold' })).body.payload;
    const interlocutor = await createContributor(ctx.app);
    const payer = await createSignedInUser(ctx.app, { coins: 100 });
    await grant(payer.user.id, 70, true);
    const topic = await chatWith(payer.client, interlocutor.client); // 50 promotional: 20 left
    const held = await payer.client.post<{ held?: HeldMessage }>('/api/messages/create', { topic_id: topic.id, content: `promoheld ${'w'.repeat(20)}` });
    expect(held.body.payload.held).toBeTruthy();
    expect(await coinsOf(payer.user.id)).toEqual({ balance: 120 - 30, promo_balance: 0 }); // 30 coins: 20 promotional, 10 bought
    const queue = await admin.get<{ items: { id: number; content: string }[] }>('/api/admin/held-messages');
    const item = queue.body.payload.items.find((i) => i.content.startsWith('promoheld'))!;
    expect((await admin.post(`/api/admin/held-messages/${item.id}/decide`, { decision: 'reject' })).statusCode).toBe(200);
    expect(await coinsOf(payer.user.id)).toEqual({ balance: 120, promo_balance: 20 });
    await admin.delete(`/api/admin/content-rules/${rule.id}`);
    // A promotional grant taken back takes promotional coins first.
    await grant(payer.user.id, -20, true);
    expect(await coinsOf(payer.user.id)).toEqual({ balance: 100, promo_balance: 0 });
    await expectLedgerConsistent(ctx.db);
  });

  it('never pays out promotional coins, even when earnings outrun the bought part of the balance', async () => {
    const interlocutor = await createContributor(ctx.app);
    await creditEarnings(ctx.db, interlocutor.user.id, 1500);
    await grant(interlocutor.user.id, 1000, true);
    expect((await summaryOf(interlocutor.client)).available_coins).toBe(1500);
    await grant(interlocutor.user.id, -1000, false); // not promotional: bought coins go first
    expect(await coinsOf(interlocutor.user.id)).toEqual({ balance: 1500, promo_balance: 1000 });
    expect((await summaryOf(interlocutor.client)).available_coins).toBe(500);
    const payout = await interlocutor.client.post('/api/payouts', { ...payoutBody(await estoniaId(ctx.db), 'sepa'), amount: 10 });
    expect(payout.statusCode).toBe(422);
    await expectLedgerConsistent(ctx.db);
  });

  it('the consistency check sees a promotional part that left its bounds or its entries', async () => {
    const user = await createUser(ctx.db, { coins: 10 });
    await ctx.db.updateTable('users').set({ promo_balance: 11 }).where('id', '=', user.id).execute();
    const report = await checkLedgerConsistency(ctx.db);
    expect(report.negative).toBe(1);
    expect(report.inconsistent.map((r) => r.id)).toEqual([user.id]);
    await ctx.db.updateTable('users').set({ promo_balance: 0 }).where('id', '=', user.id).execute();
    await expectLedgerConsistent(ctx.db);
  });
});
