import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient } from '../../../test/client.js';
import { chatContextOptions, createChatPair, recordEvents } from '../../../test/chat.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { balanceOf, createContributor, estoniaId, payoutBody, type PayoutPayload } from '../payouts/payouts.test-support.js';

interface ReportView {
  id: number;
  status: string;
  snapshot: unknown;
  reported_user_id: number | null;
}

describe.each(dialects)('admin moderation on %s', (dialect) => {
  let ctx: TestContext;
  let admin: TestClient;
  beforeAll(async () => {
    // A frozen clock keeps the companion quiet. It starts at the real time: the factories stamp users with it,
    // and the dashboard's daily series must see them on the same day (it failed after midnight UTC).
    ctx = await createTestContext(dialect, chatContextOptions({ infra: { clock: new FakeClock(new Date()) } }));
    admin = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
  });
  afterAll(() => ctx.close());

  it('lists, views and closes topics; the close is pushed to the topic', async () => {
    const { topic, owner } = await createChatPair(ctx.app);
    const list = await admin.get<{ items: { id: number; owner_email: string; is_closed: boolean }[] }>(
      `/api/admin/topics?q=${encodeURIComponent(owner.user.email)}&status=open`,
    );
    expect(list.body.payload.items).toEqual([expect.objectContaining({ id: topic.id, owner_email: owner.user.email, is_closed: false })]);
    const view = await admin.get<{ participants: unknown[] }>(`/api/admin/topics/${topic.id}`);
    expect(view.body.payload.participants).toHaveLength(2);

    const recorder = recordEvents(ctx.app);
    const closed = await admin.post(`/api/admin/topics/${topic.id}/close`, { reason: 'off-topic' });
    recorder.stop();
    expect(closed.statusCode).toBe(200);
    expect(recorder.events).toContainEqual({ type: 'topic.closed', topicId: topic.id, by: 'moderator' });
    const row = await ctx.db.selectFrom('topics').select('is_closed').where('id', '=', topic.id).executeTakeFirstOrThrow();
    expect(row.is_closed).toBe(1);
    const send = await owner.client.post('/api/messages/create', { topic_id: topic.id, content: 'still here?' });
    expect(send.statusCode).toBeGreaterThanOrEqual(400);
    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'topic.close').where('subject_id', '=', String(topic.id)).execute();
    expect(audit).toHaveLength(1);
  });

  it('resolves a user report by banning the reported user: their session ends and the report is resolved', async () => {
    const { topic, owner, guest } = await createChatPair(ctx.app);
    const reported = await guest.client.post('/api/reports/create', { topic_id: topic.id, type: 'user', reported_user_id: owner.user.id });
    expect(reported.statusCode).toBe(200);
    const queue = await admin.get<{ items: ReportView[] }>('/api/admin/reports?status=open&type=user');
    const report = queue.body.payload.items.find((r) => r.reported_user_id === owner.user.id)!;
    expect(report).toBeDefined();
    expect(Array.isArray(report.snapshot)).toBe(true);

    const decided = await admin.post<ReportView>(`/api/admin/reports/${report.id}/decide`, { action: 'ban_user' });
    expect(decided.statusCode).toBe(200);
    expect(decided.body.payload.status).toBe('resolved');
    expect((await owner.client.get('/api/user/profile')).statusCode).toBe(401);
    expect((await guest.client.get('/api/user/profile')).statusCode).toBe(200);
    const again = await admin.post(`/api/admin/reports/${report.id}/decide`, { action: 'dismiss' });
    expect(again.statusCode).toBe(409);
    const actions = (await ctx.db.selectFrom('audit_log').select('action').where('subject_type', 'in', ['report', 'user']).execute()).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['report.ban_user', 'user.ban']));
  });

  it('dismisses a report, or closes its topic', async () => {
    const first = await createChatPair(ctx.app);
    await first.guest.client.post('/api/reports/create', { topic_id: first.topic.id, type: 'topic' });
    const second = await createChatPair(ctx.app);
    await second.guest.client.post('/api/reports/create', { topic_id: second.topic.id, type: 'topic' });
    const reports = await ctx.db.selectFrom('reports').select(['id', 'topic_id']).where('topic_id', 'in', [first.topic.id, second.topic.id]).execute();
    const byTopic = new Map(reports.map((r) => [r.topic_id, r.id]));

    const dismissed = await admin.post<ReportView>(`/api/admin/reports/${byTopic.get(first.topic.id)}/decide`, { action: 'dismiss' });
    expect(dismissed.body.payload.status).toBe('dismissed');
    const closed = await admin.post<ReportView>(`/api/admin/reports/${byTopic.get(second.topic.id)}/decide`, { action: 'close_topic' });
    expect(closed.body.payload.status).toBe('resolved');
    const topics = await ctx.db.selectFrom('topics').select(['id', 'is_closed']).where('id', 'in', [first.topic.id, second.topic.id]).orderBy('id').execute();
    expect(topics.map((t) => t.is_closed)).toEqual([0, 1]);
  });

  it('approves and rejects interlocutor applications through the contributors module', async () => {
    const apply = async () => {
      const { user, client } = await createSignedInUser(ctx.app);
      const body = { nickname: `nick${user.id}`, email: user.email, experience: 'Years of listening', interests: 'Books', help_description: 'Kindness' };
      expect((await client.post('/api/become-contributor', body)).statusCode).toBe(200);
      const row = await ctx.db.selectFrom('contributor_applications').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
      return { user, id: row.id };
    };
    const yes = await apply();
    const no = await apply();
    const pending = await admin.get<{ items: { id: number }[] }>('/api/admin/applications?status=pending');
    expect(pending.body.payload.items.map((a) => a.id)).toEqual(expect.arrayContaining([yes.id, no.id]));

    expect((await admin.post(`/api/admin/applications/${yes.id}/approve`)).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/applications/${no.id}/reject`, { reason: 'Not enough detail' })).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/applications/${no.id}/approve`)).statusCode).toBe(409);
    const flags = await ctx.db.selectFrom('users').select(['id', 'is_contributor']).where('id', 'in', [yes.user.id, no.user.id]).orderBy('id').execute();
    expect(flags.map((f) => f.is_contributor)).toEqual([1, 0]);
    const audit = await ctx.db.selectFrom('audit_log').select(['action', 'subject_id']).where('subject_type', '=', 'contributor_application').execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'application.approve', subject_id: String(yes.id) },
        { action: 'application.reject', subject_id: String(no.id) },
      ]),
    );
  });

  it('asks a reason to reject an application and tells the applicant, in their language, with the reason (issue 33 #19)', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const german = await ctx.db.selectFrom('languages').select('id').where('code', '=', 'de').executeTakeFirstOrThrow();
    await ctx.db.updateTable('users').set({ language_id: german.id }).where('id', '=', user.id).execute();
    const body = { nickname: `nick${user.id}`, email: user.email, experience: 'Years of listening', interests: 'Books', help_description: 'Kindness' };
    expect((await client.post('/api/become-contributor', body)).statusCode).toBe(200);
    const { id } = await ctx.db.selectFrom('contributor_applications').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();

    expect((await admin.post(`/api/admin/applications/${id}/reject`, {})).statusCode).toBe(422);
    expect((await admin.post(`/api/admin/applications/${id}/reject`, { reason: 'Bitte mehr über deine Erfahrung schreiben' })).statusCode).toBe(200);

    const list = await client.get<{ notifications: { title: string; body: string }[] }>('/api/notifications');
    expect(list.body.payload.notifications).toEqual([
      expect.objectContaining({
        title: 'Deine Bewerbung als Gesprächspartner wurde nicht angenommen',
        body: expect.stringContaining('Bitte mehr über deine Erfahrung schreiben'),
      }),
    ]);
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    const mails = await ctx.db.selectFrom('mails').selectAll().where('to', '=', user.email).execute();
    const mail = mails.find((m) => m.subject === 'Deine Bewerbung als Gesprächspartner wurde nicht angenommen');
    expect(mail?.text).toContain('Bitte mehr über deine Erfahrung schreiben');
  });

  it('approves and marks a payout paid, rejects another with a refund, and shows unmasked details only to the admin', async () => {
    const countryId = await estoniaId(ctx.db);
    const { user, client } = await createContributor(ctx.app, 10_000);
    const paid = await client.post<PayoutPayload>('/api/payouts', payoutBody(countryId, 'card', { request_id: 'payout-admin-0001' }));
    const refused = await client.post<PayoutPayload>('/api/payouts', payoutBody(countryId, 'sepa', { request_id: 'payout-admin-0002' }));
    expect([paid.statusCode, refused.statusCode]).toEqual([201, 201]);
    const held = await balanceOf(ctx.db, user.id);

    const details = await admin.get<{ details: Record<string, string> }>(`/api/admin/payouts/${paid.body.payload.payout.id}/details`);
    expect(JSON.stringify(details.body.payload.details)).toContain('4242');
    expect(JSON.stringify(details.body.payload.details).replace(/\D/g, '')).toContain('4242424242424242');
    expect(JSON.stringify((await client.get('/api/payouts')).body)).not.toContain('4242424242424242');

    const id = paid.body.payload.payout.id;
    expect((await admin.post(`/api/admin/payouts/${id}/mark-paid`, {})).statusCode).toBe(409);
    expect((await admin.post<{ status: string }>(`/api/admin/payouts/${id}/approve`, {})).body.payload.status).toBe('approved');
    expect((await admin.post<{ status: string }>(`/api/admin/payouts/${id}/mark-paid`, {})).body.payload.status).toBe('paid');

    const rejected = await admin.post<{ status: string }>(`/api/admin/payouts/${refused.body.payload.payout.id}/reject`, { reason: 'Name mismatch' });
    expect(rejected.body.payload.status).toBe('rejected');
    expect(await balanceOf(ctx.db, user.id)).toBe(held + refused.body.payload.payout.coins);
    const again = await admin.post(`/api/admin/payouts/${refused.body.payload.payout.id}/reject`, {});
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(ctx.db, user.id)).toBe(held + refused.body.payload.payout.coins);

    const actions = (await ctx.db.selectFrom('audit_log').select('action').where('subject_type', '=', 'payout').execute()).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['payout.view_details', 'payout.approve', 'payout.mark_paid', 'payout.reject']));
    await expectLedgerConsistent(ctx.db);
  });

  it('shows dashboard figures and daily series from the live tables', async () => {
    const dashboard = await admin.get<{ figures: Record<string, number>; series: Record<string, { day: string; value: number }[]> }>(
      '/api/admin/dashboard?days=7',
    );
    expect(dashboard.statusCode).toBe(200);
    const { figures, series } = dashboard.body.payload;
    const users = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(figures.users).toBe(Number(users.n));
    expect(figures.users_banned).toBeGreaterThanOrEqual(1);
    expect(figures.pending_payouts).toBe(0);
    expect(series.signups).toHaveLength(7);
    expect(series.signups!.reduce((sum, p) => sum + p.value, 0)).toBeGreaterThan(0);
    expect(series.messages).toHaveLength(7);
    expect(series.revenue_cents).toHaveLength(7);
  });
});
