import { texts, type Notification, type NotificationsPayload } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatContextOptions, createChatPair, createTopicVia } from '../../../test/chat.js';
import { type TestClient } from '../../../test/client.js';
import { createRoom, createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { sendMessage } from '../../../test/ws-client.js';
import { type Db } from '../../db/database.js';
import { englishText } from '@parley/contracts/i18n';

const balanceOf = async (db: Db, userId: number) =>
  Number((await db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow()).balance);
const entries = (db: Db, userId: number, kind: string) =>
  db.selectFrom('ledger_entries').selectAll().where('user_id', '=', userId).where('kind', '=', kind).execute();
const notices = async (client: TestClient) => (await client.get<NotificationsPayload>('/api/notifications')).body.payload.notifications;

describe.each(dialects)('moderation tied to money on %s', (dialect) => {
  let ctx: TestContext;
  let admin: TestClient;
  beforeAll(async () => {
    // A frozen clock keeps the companion quiet.
    ctx = await createTestContext(dialect, chatContextOptions({ infra: { clock: new FakeClock(new Date()) } }));
    admin = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
  });
  afterAll(() => ctx.close());

  /** A payer chatting with an interlocutor who earns a share of every paid message. */
  async function paidConversation(messages: string[]) {
    const { owner: payer, guest: earner, topic } = await createChatPair(ctx.app, { coins: 1000 }, { coins: 0, contributor: true });
    for (const text of messages) await sendMessage(payer.client, topic.id, text);
    const spent = -(await entries(ctx.db, payer.user.id, 'message')).reduce((s, e) => s + Number(e.amount), 0);
    const earned = (await entries(ctx.db, earner.user.id, 'contributor_earning')).reduce((s, e) => s + Number(e.amount), 0);
    return { payer, earner, topic, spent, earned };
  }

  async function report(client: TestClient, topicId: number, type: 'user' | 'topic') {
    const response = await client.post<{ report: { id: number } }>('/api/reports/create', { topic_id: topicId, type });
    expect(response.statusCode).toBe(200);
    return response.body.payload.report.id;
  }

  it('an upheld report refunds the reporter and reverses the interlocutor’s earnings, once, and tells both why', async () => {
    const { payer, earner, topic, spent, earned } = await paidConversation(['you are', 'being rude', 'stop it']);
    expect(spent).toBeGreaterThan(0);
    expect(earned).toBeGreaterThan(0);
    const payerBefore = await balanceOf(ctx.db, payer.user.id);
    const earnerBefore = await balanceOf(ctx.db, earner.user.id);

    const reportId = await report(payer.client, topic.id, 'user');
    const decided = await admin.post<{ status: string; refunded: number; reversed: number }>(`/api/admin/reports/${reportId}/decide`, {
      action: 'close_topic',
      note: 'Insults against the other person.',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.body.payload).toMatchObject({ status: 'resolved', refunded: spent, reversed: earned });
    expect(await balanceOf(ctx.db, payer.user.id)).toBe(payerBefore + spent);
    expect(await balanceOf(ctx.db, earner.user.id)).toBe(earnerBefore - earned);

    // The reporter's notice: the outcome, the reason, the coins. The reported person's: what happened to them and why.
    const [toPayer] = await notices(payer.client);
    expect(toPayer).toMatchObject({ kind: 'report.upheld', title: texts.moderation.upheldTitle });
    expect(toPayer!.body).toBe(
      englishText('moderation.upheldBody', { topic: topic.title, action: 'close_topic', reason: 'Insults against the other person.', refunded: spent }),
    );
    // The reported person gets statements of reasons (issue 36 §2): the topic closed, the earnings reversed.
    const earnerNotices = await notices(earner.client);
    const toEarner = earnerNotices.find((n) => n.kind === 'decision.topic_closed');
    expect(toEarner!.title).toBe(englishText('decisions.noticeTitle', { type: 'topic_closed' }));
    expect(toEarner!.body).toContain('Insults against the other person.');
    expect(earnerNotices.find((n) => n.kind === 'decision.earnings_reversed')).toBeDefined();
    // Statements of reasons never name the other person.
    for (const [notice, other] of [
      [toPayer!, earner.user],
      [toEarner!, payer.user],
    ] as const) {
      for (const secret of [other.email, other.name]) expect(notice.body).not.toContain(secret);
      // The id as a number of its own (the contest date's digits are joined by dashes).
      expect(notice.body).not.toMatch(new RegExp(`(?<![\\d-])${other.id}(?![\\d-])`));
    }
    // And they go out by mail (the notice's delivery job, then the mail outbox).
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    const mailed = await ctx.db.selectFrom('mails').select(['to', 'subject']).where('subject', '=', texts.moderation.upheldTitle).execute();
    expect(mailed.map((m) => m.to)).toContain(payer.user.email);
    const toEarnerMail = await ctx.db.selectFrom('mails').select('text').where('to', '=', earner.user.email).executeTakeFirstOrThrow();
    expect(toEarnerMail.text).toContain('Insults against the other person.');

    // Deciding again is refused and changes nothing; a second report about the same conversation refunds nothing more.
    expect((await admin.post(`/api/admin/reports/${reportId}/decide`, { action: 'ban_user' })).statusCode).toBe(409);
    const second = await report(payer.client, topic.id, 'topic');
    const again = await admin.post<{ refunded: number }>(`/api/admin/reports/${second}/decide`, { action: 'ban_user', note: 'Repeated insults.' });
    expect(again.body.payload.refunded).toBe(0);
    expect(await balanceOf(ctx.db, payer.user.id)).toBe(payerBefore + spent);
    expect(await entries(ctx.db, payer.user.id, 'report_refund')).toHaveLength(1);
    await expectLedgerConsistent(ctx.db);
  });

  it('concurrent upholds of two reports about one conversation refund it exactly once', async () => {
    const { payer, earner, topic, spent, earned } = await paidConversation(['one', 'two', 'three', 'four']);
    const payerBefore = await balanceOf(ctx.db, payer.user.id);
    const earnerBefore = await balanceOf(ctx.db, earner.user.id);
    const first = await report(payer.client, topic.id, 'user');
    const second = await report(payer.client, topic.id, 'topic');
    const results = await Promise.all([
      admin.post<{ refunded: number }>(`/api/admin/reports/${first}/decide`, { action: 'close_topic' }),
      admin.post<{ refunded: number }>(`/api/admin/reports/${second}/decide`, { action: 'close_topic' }),
      // The same report twice at once: one decision wins.
      admin.post<{ refunded: number }>(`/api/admin/reports/${first}/decide`, { action: 'close_topic' }),
    ]);
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(1);
    expect(ok.reduce((s, r) => s + r.body.payload.refunded, 0)).toBe(spent);
    expect(await balanceOf(ctx.db, payer.user.id)).toBe(payerBefore + spent);
    expect(await balanceOf(ctx.db, earner.user.id)).toBe(earnerBefore - earned);
    await expectLedgerConsistent(ctx.db);
  });

  it('refunds only what was spent with the reported person, not with an earlier partner of the same topic', async () => {
    const room = await createRoom(ctx.db);
    const payer = await createSignedInUser(ctx.app, { coins: 1000 });
    const topic = await createTopicVia(payer.client, room.id);
    const first = await createSignedInUser(ctx.app, { contributor: true });
    await first.client.post('/api/topics/join', { topic_id: topic.id });
    await sendMessage(payer.client, topic.id, 'hello first partner');
    await first.client.post('/api/topics/leave', { topic_id: topic.id });
    const spentBefore = -(await entries(ctx.db, payer.user.id, 'message')).reduce((s, e) => s + Number(e.amount), 0);

    const second = await createSignedInUser(ctx.app, { contributor: true });
    await second.client.post('/api/topics/join', { topic_id: topic.id });
    await sendMessage(payer.client, topic.id, 'hello second partner, this one is longer');
    const spentAll = -(await entries(ctx.db, payer.user.id, 'message')).reduce((s, e) => s + Number(e.amount), 0);
    const reportId = await report(payer.client, topic.id, 'user');
    const decided = await admin.post<{ refunded: number }>(`/api/admin/reports/${reportId}/decide`, { action: 'ban_user' });
    expect(decided.body.payload.refunded).toBe(spentAll - spentBefore);
    // The earlier partner keeps what they earned; the reported one loses theirs.
    expect(await balanceOf(ctx.db, first.user.id)).toBeGreaterThan(0);
    expect(await balanceOf(ctx.db, second.user.id)).toBe(0);
    await expectLedgerConsistent(ctx.db);
  });

  it('a dismissed report tells the reporter, moves no coins and tells the reported person nothing', async () => {
    const { payer, earner, topic } = await paidConversation(['fine message']);
    const payerBefore = await balanceOf(ctx.db, payer.user.id);
    const earnerNotices = (await notices(earner.client)).length;
    const reportId = await report(payer.client, topic.id, 'user');
    const decided = await admin.post<{ status: string; refunded: number }>(`/api/admin/reports/${reportId}/decide`, {
      action: 'dismiss',
      note: 'Disagreement is not abuse.',
    });
    expect(decided.body.payload).toMatchObject({ status: 'dismissed', refunded: 0 });
    expect(await balanceOf(ctx.db, payer.user.id)).toBe(payerBefore);
    const [notice] = await notices(payer.client);
    expect(notice).toMatchObject<Partial<Notification>>({
      kind: 'report.dismissed',
      title: texts.moderation.dismissedTitle,
      body: englishText('moderation.dismissedBody', {
        topic: topic.title,
        reason: 'Disagreement is not abuse.',
        hasReason: 'yes',
      }),
    });
    expect((await notices(earner.client)).length).toBe(earnerNotices);
  });
});
