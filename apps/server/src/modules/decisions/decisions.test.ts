import { texts, type AdminComplaint, type ContentRule, type DecisionStatement, type DecisionType, type NotificationsPayload } from '@parley/contracts';
import { englishText } from '@parley/contracts/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatContextOptions, createChatPair, multipart, sampleFiles } from '../../../test/chat.js';
import { TestClient } from '../../../test/client.js';
import { createSignedInUser, DEFAULT_PASSWORD } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { sendMessage } from '../../../test/ws-client.js';
import { createContributor, estoniaId, payoutBody, type PayoutPayload } from '../payouts/payouts.test-support.js';

const statementsOf = async (client: TestClient) => (await client.get<{ statements: DecisionStatement[] }>('/api/user/decisions')).body.payload.statements;
const noticesOf = async (client: TestClient) => (await client.get<NotificationsPayload>('/api/notifications')).body.payload.notifications;
const balanceOf = async (ctx: TestContext, userId: number) =>
  Number((await ctx.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow()).balance);

/** Issue 36 §2: statements of reasons for every restrictive decision, complaints, and what an upheld one undoes. */
describe.each(dialects)('statements of reasons and complaints on %s', (dialect) => {
  let ctx: TestContext;
  let admin: TestClient;
  let adminId: number;
  let reviewer: TestClient;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions({ infra: { clock: new FakeClock(new Date()) } }));
    const signedIn = await createSignedInUser(ctx.app, { role: 'admin' });
    admin = signedIn.client;
    adminId = signedIn.user.id;
    reviewer = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
  });
  afterAll(() => ctx.close());

  /**
   * The person's statement of this type, and its notice: the decision, the facts, the rule relied on, whether it
   * was automated, and how to contest it — all five, in the statement and in the notice (and so in the mail).
   */
  async function expectStatement(client: TestClient, type: DecisionType, expected: { automated: boolean; facts?: string; others?: string[] }) {
    const statement = (await statementsOf(client)).find((s) => s.type === type);
    expect(statement).toMatchObject({ type, automated: expected.automated, can_contest: true, complaint: null });
    if (expected.facts) expect(statement!.facts).toBe(expected.facts);
    const notice = (await noticesOf(client)).find((n) => n.kind === `decision.${type}`);
    expect(notice!.title).toBe(englishText('decisions.noticeTitle', { type }));
    expect(notice!.link).toEqual(type === 'ban' ? expect.stringMatching(/^\/contest\/[\w-]{32}$/) : `/account?tab=decisions&statement=${statement!.id}`);
    const body = notice!.body;
    expect(body).toContain(`Decision: ${texts.decisions.decision[type]}`);
    expect(body).toContain(`Facts: ${expected.facts ?? texts.decisions.facts[type]}`);
    expect(body).toContain(`Rule relied on: ${texts.decisions.ground[type]}`);
    expect(body).toContain(expected.automated ? 'Automated means: yes' : 'Automated means: no');
    expect(body).toContain(`How to contest: you can contest this decision free of charge until ${statement!.contest_until.slice(0, 10)}`);
    for (const secret of expected.others ?? []) expect(body).not.toContain(secret);
    return statement!;
  }

  it('a ban', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const reason = 'Threats against another person.';
    expect((await admin.post(`/api/admin/users/${user.id}/ban`, { reason })).statusCode).toBe(200);
    await ctx.db.updateTable('users').set({ banned_at: null }).where('id', '=', user.id).execute();
    await client.login(user.email, DEFAULT_PASSWORD);
    await expectStatement(client, 'ban', { automated: false, facts: reason });
  });

  it('a topic closed by a moderator', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    expect((await admin.post(`/api/admin/topics/${topic.id}/close`, { reason: 'Spam in the title.' })).statusCode).toBe(200);
    await expectStatement(owner.client, 'topic_closed', { automated: false, facts: 'Spam in the title.', others: [guest.user.email, guest.user.name] });
    await expectStatement(guest.client, 'topic_closed', { automated: false, facts: 'Spam in the title.', others: [owner.user.email, owner.user.name] });
  });

  async function addRule(pattern: string, action: 'refuse' | 'hold') {
    const response = await admin.post<ContentRule>('/api/admin/content-rules', { kind: 'word', pattern, action });
    expect(response.statusCode).toBe(200);
    return response.body.payload;
  }

  it('a held message rejected', async () => {
    const rule = await addRule('zebracontact', 'hold');
    const { owner, topic } = await createChatPair(ctx.app);
    const held = await owner.client.post<{ held: { id: number } }>('/api/messages/create', { topic_id: topic.id, content: 'my zebracontact is here' });
    expect((await admin.post(`/api/admin/held-messages/${held.body.payload.held.id}/decide`, { decision: 'reject' })).statusCode).toBe(200);
    const statement = await expectStatement(owner.client, 'held_rejected', { automated: false });
    expect(statement.ground_detail).toBe(String(rule.id));
    await admin.delete(`/api/admin/content-rules/${rule.id}`);
  });

  it('a message refused by a content rule (automated)', async () => {
    const rule = await addRule('forbiddenword', 'refuse');
    const { owner, topic } = await createChatPair(ctx.app);
    const refused = await owner.client.post('/api/messages/create', { topic_id: topic.id, content: 'a forbiddenword here', client_id: 'refused-1' });
    expect(refused.statusCode).toBe(422);
    // A retried send is the same decision: one statement.
    await owner.client.post('/api/messages/create', { topic_id: topic.id, content: 'a forbiddenword here', client_id: 'refused-1' });
    const statement = await expectStatement(owner.client, 'content_refused', { automated: true });
    expect(statement.ground_detail).toBe(String(rule.id));
    expect((await statementsOf(owner.client)).filter((s) => s.type === 'content_refused')).toHaveLength(1);
    await admin.delete(`/api/admin/content-rules/${rule.id}`);
  });

  it('an application rejected', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const body = { nickname: `nick${user.id}`, email: user.email, experience: 'Years of listening', interests: 'Books', help_description: 'Kindness' };
    expect((await client.post('/api/become-contributor', body)).statusCode).toBe(200);
    const { id } = await ctx.db.selectFrom('contributor_applications').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect((await admin.post(`/api/admin/applications/${id}/reject`, { reason: 'Please describe your experience.' })).statusCode).toBe(200);
    await expectStatement(client, 'application_rejected', { automated: false, facts: 'Please describe your experience.' });
  });

  it('a payout rejected', async () => {
    const { client } = await createContributor(ctx.app, 10_000);
    const payout = await client.post<PayoutPayload>('/api/payouts', payoutBody(await estoniaId(ctx.db), 'sepa', { request_id: 'payout-statement-01' }));
    expect((await admin.post(`/api/admin/payouts/${payout.body.payload.payout.id}/reject`, { reason: 'Name mismatch' })).statusCode).toBe(200);
    await expectStatement(client, 'payout_rejected', { automated: false, facts: 'Name mismatch' });
  });

  /** An interlocutor whose earnings from a paid conversation were reversed by an upheld report. */
  async function reversedEarnings() {
    const { owner: payer, guest: earner, topic } = await createChatPair(ctx.app, { coins: 1000 }, { coins: 0, contributor: true });
    for (const text of ['you are', 'being rude']) await sendMessage(payer.client, topic.id, text);
    const report = await payer.client.post<{ report: { id: number } }>('/api/reports/create', { topic_id: topic.id, type: 'user' });
    const decided = await admin.post<{ reversed: number }>(`/api/admin/reports/${report.body.payload.report.id}/decide`, {
      action: 'close_topic',
      note: 'Insults.',
    });
    expect(decided.body.payload.reversed).toBeGreaterThan(0);
    return { payer, earner, reversed: decided.body.payload.reversed };
  }

  it('earnings reversed', async () => {
    const { payer, earner, reversed } = await reversedEarnings();
    const statement = await expectStatement(earner.client, 'earnings_reversed', {
      automated: false,
      facts: 'Insults.',
      others: [payer.user.email, payer.user.name],
    });
    expect(statement.coins).toBe(reversed);
  });

  async function complain(client: TestClient, statementId: number, text = 'This decision was a mistake, please look again.') {
    return client.post<{ id: number; status: string }>(`/api/user/decisions/${statementId}/complaint`, { text });
  }
  const openComplaint = async (id: number) =>
    (await reviewer.get<{ items: AdminComplaint[] }>('/api/admin/complaints?status=open')).body.payload.items.find((c) => c.id === id)!;

  it('a banned person contests through the link of the statement: once, with a file, never decided by the decider; upheld lifts the ban', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    expect((await admin.post(`/api/admin/users/${user.id}/ban`, { reason: 'Spam.' })).statusCode).toBe(200);
    // They cannot sign in: the notice (and its mail) links to the contest page with a secret.
    await expect(client.login(user.email, DEFAULT_PASSWORD)).rejects.toThrow();
    const notice = await ctx.db.selectFrom('notifications').select(['link', 'body']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const token = notice.link!.replace('/contest/', '');
    const guest = new TestClient(ctx.app);
    const shown = await guest.get<DecisionStatement>(`/api/decisions/contest/${token}`);
    expect(shown.body.payload).toMatchObject({ type: 'ban', facts: 'Spam.', can_contest: true });
    expect((await guest.get(`/api/decisions/contest/${'x'.repeat(32)}`)).statusCode).toBe(404);
    const url = `/api/decisions/contest/${token}/complaint`;

    const other = await createSignedInUser(ctx.app);
    expect((await complain(other.client, shown.body.payload.id)).statusCode).toBe(404);
    expect((await guest.post(url, { text: 'short' })).statusCode).toBe(422);
    const html = multipart({ text: 'A try with a disguised file.' }, [{ filename: 'x.png', data: sampleFiles.html, contentType: 'image/png' }]);
    expect((await guest.request('POST', url, html)).statusCode).toBe(422);
    const form = multipart({ text: 'I did not send any spam; see the screenshot.' }, [
      { filename: 'proof.png', data: sampleFiles.png, contentType: 'image/png' },
    ]);
    const filed = await guest.request<{ id: number; status: string }>('POST', url, form);
    expect(filed.statusCode).toBe(201);
    expect(filed.body.payload.status).toBe('open');
    expect((await guest.post(url, { text: 'And once more, please look.' })).statusCode).toBe(409);

    const listed = await openComplaint(filed.body.payload.id);
    expect(listed).toMatchObject({ has_file: true, file_name: 'proof.png', user_id: user.id, statement: { type: 'ban', decided_by: adminId } });
    expect(Date.parse(listed.due_at)).toBeGreaterThan(Date.parse(listed.created_at));
    expect((await reviewer.get(`/api/admin/complaints/${filed.body.payload.id}/file`)).raw.rawPayload).toEqual(sampleFiles.png);

    const byDecider = await admin.post(`/api/admin/complaints/${filed.body.payload.id}/decide`, { outcome: 'upheld', reasons: 'Looked again.' });
    expect(byDecider.statusCode).toBe(403);
    const upheld = await reviewer.post<{ status: string; undone: string[] }>(`/api/admin/complaints/${filed.body.payload.id}/decide`, {
      outcome: 'upheld',
      reasons: 'The messages were not spam.',
    });
    expect(upheld.statusCode).toBe(200);
    expect(upheld.body.payload).toEqual({ id: filed.body.payload.id, status: 'upheld', undone: ['unbanned'] });
    await client.login(user.email, DEFAULT_PASSWORD);
    const [outcome] = await noticesOf(client);
    expect(outcome!.title).toBe(englishText('decisions.outcomeTitle', { outcome: 'upheld' }));
    expect(outcome!.body).toContain('The messages were not spam.');
    expect(outcome!.body).toContain(texts.decisions.undoneUnbanned);
    const mine = (await statementsOf(client)).find((s) => s.id === shown.body.payload.id)!;
    expect(mine).toMatchObject({ can_contest: false, complaint: { status: 'upheld', reasons: 'The messages were not spam.' } });
  });

  it('a rejected complaint changes nothing and says why; past six months a decision cannot be contested', async () => {
    const { client } = await createContributor(ctx.app, 10_000);
    const payout = await client.post<PayoutPayload>('/api/payouts', payoutBody(await estoniaId(ctx.db), 'sepa', { request_id: 'payout-statement-02' }));
    await admin.post(`/api/admin/payouts/${payout.body.payload.payout.id}/reject`, { reason: 'Name mismatch' });
    const statement = (await statementsOf(client)).find((s) => s.type === 'payout_rejected')!;
    const filed = await complain(client, statement.id);
    const rejected = await reviewer.post<{ undone: string[] }>(`/api/admin/complaints/${filed.body.payload.id}/decide`, {
      outcome: 'rejected',
      reasons: 'The name on the account differs.',
    });
    expect(rejected.body.payload.undone).toEqual([]);
    expect((await noticesOf(client))[0]!.body).toContain('The name on the account differs.');

    const { user: late, client: lateClient } = await createSignedInUser(ctx.app);
    const body = { nickname: `nick${late.id}`, email: late.email, experience: 'Years of listening', interests: 'Books', help_description: 'Kindness' };
    await lateClient.post('/api/become-contributor', body);
    const { id } = await ctx.db.selectFrom('contributor_applications').select('id').where('user_id', '=', late.id).executeTakeFirstOrThrow();
    await admin.post(`/api/admin/applications/${id}/reject`, { reason: 'Too short.' });
    const old = (await statementsOf(lateClient))[0]!;
    await ctx.db.updateTable('decision_statements').set({ contest_until: ctx.app.clock.now().toISOString() }).where('id', '=', old.id).execute();
    expect((await complain(lateClient, old.id)).statusCode).toBe(409);
  });

  it('an upheld complaint re-credits reversed earnings exactly once under 20 racing approvals', async () => {
    const { earner, reversed } = await reversedEarnings();
    const statement = (await statementsOf(earner.client)).find((s) => s.type === 'earnings_reversed')!;
    const filed = await complain(earner.client, statement.id);
    const before = await balanceOf(ctx, earner.user.id);
    const decisions = await Promise.all(
      Array.from({ length: 20 }, () =>
        reviewer.post(`/api/admin/complaints/${filed.body.payload.id}/decide`, { outcome: 'upheld', reasons: 'The report was mistaken.' }),
      ),
    );
    expect(decisions.filter((d) => d.statusCode === 200)).toHaveLength(1);
    expect(decisions.filter((d) => d.statusCode === 409)).toHaveLength(19);
    const restores = await ctx.db
      .selectFrom('ledger_entries')
      .select('amount')
      .where('user_id', '=', earner.user.id)
      .where('kind', '=', 'earning_restore')
      .execute();
    expect(restores.map((r) => Number(r.amount))).toEqual([reversed]);
    expect(await balanceOf(ctx, earner.user.id)).toBe(before + reversed);
    // Idempotent: deciding it again changes nothing.
    expect((await reviewer.post(`/api/admin/complaints/${filed.body.payload.id}/decide`, { outcome: 'upheld', reasons: 'Again.' })).statusCode).toBe(409);
    expect(await balanceOf(ctx, earner.user.id)).toBe(before + reversed);
    await expectLedgerConsistent(ctx.db);
  });

  it('an upheld complaint releases a rejected held message, free', async () => {
    const rule = await addRule('okapicontact', 'hold');
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const held = await owner.client.post<{ held: { id: number } }>('/api/messages/create', { topic_id: topic.id, content: 'my okapicontact is here' });
    await admin.post(`/api/admin/held-messages/${held.body.payload.held.id}/decide`, { decision: 'reject' });
    const balance = await balanceOf(ctx, owner.user.id);
    const statement = (await statementsOf(owner.client)).find((s) => s.type === 'held_rejected')!;
    const filed = await complain(owner.client, statement.id);
    const upheld = await reviewer.post<{ undone: string[] }>(`/api/admin/complaints/${filed.body.payload.id}/decide`, {
      outcome: 'upheld',
      reasons: 'Harmless.',
    });
    expect(upheld.body.payload.undone).toEqual(['message_released']);
    const page = await guest.client.get<{ data: { content: string }[] }>(`/api/messages/index?topic_id=${topic.id}`);
    expect(page.body.payload.data.map((m) => m.content)).toContain('my okapicontact is here');
    expect(await balanceOf(ctx, owner.user.id)).toBe(balance);
    await admin.delete(`/api/admin/content-rules/${rule.id}`);
  });

  it('a deleted account takes its complaint texts and files along; the statement stays, naming no one', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const body = { nickname: `nick${user.id}`, email: user.email, experience: 'Years of listening', interests: 'Books', help_description: 'Kindness' };
    await client.post('/api/become-contributor', body);
    const { id } = await ctx.db.selectFrom('contributor_applications').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    await admin.post(`/api/admin/applications/${id}/reject`, { reason: 'Too short.' });
    const [statement] = await statementsOf(client);
    const form = multipart({ text: 'My application was complete, see the file.' }, [
      { filename: 'cv.pdf', data: sampleFiles.pdf, contentType: 'application/pdf' },
    ]);
    expect((await client.request('POST', `/api/user/decisions/${statement!.id}/complaint`, form)).statusCode).toBe(201);
    const stored = await ctx.db.selectFrom('complaints').select(['file_key']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(await ctx.app.storage.get(stored.file_key!)).not.toBeNull();

    expect((await client.post('/api/user/delete', { password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    const after = await ctx.db.selectFrom('complaints').select(['text', 'file_key', 'file_name']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ text: '', file_key: null, file_name: null });
    expect(await ctx.app.storage.get(stored.file_key!)).toBeNull();
    expect(await ctx.db.selectFrom('decision_statements').select('id').where('id', '=', statement!.id).executeTakeFirst()).toBeDefined();
  });
});
