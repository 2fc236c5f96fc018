import { type Tip } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatContextOptions, createChatPair } from '../../../test/chat.js';
import { type TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { type Db } from '../../db/database.js';
import { postEntry } from '../ledger/ledger.service.js';
import { getEarnings } from '../payouts/earnings.service.js';

const DAY = 86_400_000;
const balanceOf = async (db: Db, userId: number) =>
  Number((await db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow()).balance);
const entries = (db: Db, userId: number, kind: string) =>
  db.selectFrom('ledger_entries').selectAll().where('user_id', '=', userId).where('kind', '=', kind).execute();
const sum = (rows: { amount: number }[]) => rows.reduce((s, r) => s + Number(r.amount), 0);
let keySeq = 0;
const newKey = () => `tip-${process.pid}-${++keySeq}-${Math.random().toString(36).slice(2, 8)}`;

describe.each(dialects)('tips on %s', (dialect) => {
  let ctx: TestContext;
  let clock: FakeClock;
  let admin: TestClient;
  beforeAll(async () => {
    clock = new FakeClock(new Date());
    ctx = await createTestContext(dialect, chatContextOptions({ infra: { clock } }));
    admin = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
  });
  afterAll(() => ctx.close());

  const tip = (client: TestClient, topicId: number, amount: number, key = newKey()) =>
    client.post<{ tip: Tip; balance: number }>(`/api/topics/${topicId}/tips`, { amount, key });

  it('a tip is one spend for the payer and the interlocutor’s share as earnings that mature like message earnings', async () => {
    const { owner: payer, guest: earner, topic } = await createChatPair(ctx.app, { coins: 1050 }, { coins: 0, contributor: true });
    const response = await tip(payer.client, topic.id, 100);
    expect(response.statusCode).toBe(200);
    expect(response.body.payload).toMatchObject({ tip: { amount: 100, topic_id: topic.id }, balance: 900 });
    expect(await entries(ctx.db, payer.user.id, 'tip')).toHaveLength(1);
    const earned = await entries(ctx.db, earner.user.id, 'contributor_earning');
    expect(earned.map((e) => [Number(e.amount), e.reference_type])).toEqual([[50, 'tip']]);
    expect(await getEarnings(ctx.db, clock, earner.user.id)).toMatchObject({ pending_coins: 50, available_coins: 0 });
    // The interlocutor is told, by a notice that names nobody.
    const notices = await earner.client.get<{ notifications: { kind: string; title: string; body: string }[] }>('/api/notifications');
    const told = notices.body.payload.notifications.filter((n) => n.kind === 'tip.received');
    expect(told).toEqual([expect.objectContaining({ title: 'You received a tip', body: expect.stringContaining('50 coins were added to your earnings') })]);
    expect(JSON.stringify(notices.body)).not.toMatch(new RegExp(`${payer.user.email}|"${payer.user.name}"`));
    clock.advance(8 * DAY);
    expect(await getEarnings(ctx.db, clock, earner.user.id)).toMatchObject({ pending_coins: 0, available_coins: 50 });
    // The last pairing's interlocutor can still be tipped after they left; someone who does not earn cannot.
    await earner.client.post('/api/topics/leave', { topic_id: topic.id });
    expect((await tip(payer.client, topic.id, 10)).statusCode).toBe(200);
    const other = await createChatPair(ctx.app, { coins: 1000 }, { coins: 0 });
    expect((await tip(other.owner.client, other.topic.id, 10)).statusCode).toBe(422);
    const stranger = await createSignedInUser(ctx.app, { coins: 100 });
    expect((await tip(stranger.client, topic.id, 10)).statusCode).toBe(404);
    await expectLedgerConsistent(ctx.db);
  });

  it('the same key twice, even at once, is one tip and one entry', async () => {
    const { owner: payer, guest: earner, topic } = await createChatPair(ctx.app, { coins: 1050 }, { coins: 0, contributor: true });
    const key = newKey();
    const results = await Promise.all([tip(payer.client, topic.id, 40, key), tip(payer.client, topic.id, 40, key)]);
    const again = await tip(payer.client, topic.id, 40, key);
    for (const r of [...results, again]) expect(r.statusCode).toBe(200);
    expect(new Set([...results, again].map((r) => r.body.payload.tip.id)).size).toBe(1);
    expect(await entries(ctx.db, payer.user.id, 'tip')).toHaveLength(1);
    expect(await entries(ctx.db, earner.user.id, 'contributor_earning')).toHaveLength(1);
    expect(await balanceOf(ctx.db, payer.user.id)).toBe(960);
    await expectLedgerConsistent(ctx.db);
  });

  it('200 concurrent tips against an exact balance: exactly what it covers, never below zero', async () => {
    const { owner: payer, guest: earner, topic } = await createChatPair(ctx.app, { coins: 1050 }, { coins: 0, contributor: true });
    const results = await Promise.all(Array.from({ length: 200 }, () => tip(payer.client, topic.id, 10)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(100);
    expect(results.filter((r) => r.statusCode === 402)).toHaveLength(100);
    expect(await balanceOf(ctx.db, payer.user.id)).toBe(0);
    expect(sum(await entries(ctx.db, payer.user.id, 'tip'))).toBe(-1000);
    expect(sum(await entries(ctx.db, earner.user.id, 'contributor_earning'))).toBe(500);
    await expectLedgerConsistent(ctx.db);
  });

  it('spending limits apply to tips, and promotional coins never become earnings', async () => {
    const { owner: payer, topic } = await createChatPair(ctx.app, { coins: 1050 }, { coins: 0, contributor: true });
    expect((await payer.client.put('/api/user/spending-limits', { daily_limit: 30, monthly_limit: null })).statusCode).toBe(200);
    const over = await tip(payer.client, topic.id, 50);
    expect(over.statusCode).toBe(403);
    expect(over.body).toMatchObject({ status: 'ERROR', limit: 'daily' });
    expect(await entries(ctx.db, payer.user.id, 'tip')).toHaveLength(0);

    const promo = await createChatPair(ctx.app, { coins: 50 }, { coins: 0, contributor: true });
    await ctx.db
      .transaction()
      .execute((trx) =>
        postEntry(trx, clock, { userId: promo.owner.user.id, amount: 100, kind: 'signup_bonus', idempotencyKey: `promo:${promo.owner.user.id}` }),
      );
    expect((await tip(promo.owner.client, promo.topic.id, 100)).statusCode).toBe(200);
    expect(await entries(ctx.db, promo.guest.user.id, 'contributor_earning')).toHaveLength(0);
    expect(await getEarnings(ctx.db, clock, promo.guest.user.id)).toMatchObject({ available_coins: 0, pending_coins: 0, promo_share_coins: 50 });
    await expectLedgerConsistent(ctx.db);
  });

  it('an upheld report against the interlocutor refunds the tips to them exactly once, reversing their share', async () => {
    const { owner: payer, guest: earner, topic } = await createChatPair(ctx.app, { coins: 1050 }, { coins: 0, contributor: true });
    expect((await tip(payer.client, topic.id, 100)).statusCode).toBe(200);
    expect((await tip(payer.client, topic.id, 60)).statusCode).toBe(200);
    expect(await balanceOf(ctx.db, payer.user.id)).toBe(840);
    expect(await balanceOf(ctx.db, earner.user.id)).toBe(80);

    const report = async (type: 'user' | 'topic') =>
      (await payer.client.post<{ report: { id: number } }>('/api/reports/create', { topic_id: topic.id, type })).body.payload.report.id;
    const [first, second] = [await report('user'), await report('topic')];
    const decided = await Promise.all([
      admin.post<{ refunded: number; reversed: number }>(`/api/admin/reports/${first}/decide`, { action: 'close_topic', note: 'Abuse' }),
      admin.post<{ refunded: number; reversed: number }>(`/api/admin/reports/${second}/decide`, { action: 'close_topic', note: 'Abuse' }),
    ]);
    for (const r of decided) expect(r.statusCode).toBe(200);
    expect(decided.reduce((s, r) => s + r.body.payload.refunded, 0)).toBe(160);
    expect(decided.reduce((s, r) => s + r.body.payload.reversed, 0)).toBe(80);
    expect(await balanceOf(ctx.db, payer.user.id)).toBe(1000);
    expect(await balanceOf(ctx.db, earner.user.id)).toBe(0);
    expect(await entries(ctx.db, payer.user.id, 'tip_refund')).toHaveLength(2);

    // A third report about the same conversation gives nothing back again.
    const third = await report('user');
    const again = await admin.post<{ refunded: number }>(`/api/admin/reports/${third}/decide`, { action: 'ban_user' });
    expect(again.body.payload.refunded).toBe(0);
    expect(await entries(ctx.db, payer.user.id, 'tip_refund')).toHaveLength(2);
    expect(await balanceOf(ctx.db, payer.user.id)).toBe(1000);
    await expectLedgerConsistent(ctx.db);
  });
});
