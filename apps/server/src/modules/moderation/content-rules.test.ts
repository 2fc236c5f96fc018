import { texts, type ContentRule, type HeldMessage, type Message, type Topic } from '@parley/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { balanceOf, chatContextOptions, createChatPair, createTopicVia, sampleFiles, sendFiles } from '../../../test/chat.js';
import { type TestClient } from '../../../test/client.js';
import { createRoom, createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';
import { checkLedgerConsistency } from '../ledger/ledger.service.js';
import { englishText } from '@parley/contracts/i18n';

describe.each(dialects)('content rules (issue 15) on %s', (dialect) => {
  let ctx: TestContext;
  let admin: TestClient;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions());
    admin = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    for (const rule of (await admin.get<{ items: ContentRule[] }>('/api/admin/content-rules')).body.payload.items)
      await admin.delete(`/api/admin/content-rules/${rule.id}`);
    await admin.put('/api/admin/settings', { mask_contact_details: true });
  });

  const addRule = async (kind: 'word' | 'regex', pattern: string, action: 'refuse' | 'mask' | 'hold') => {
    const response = await admin.post<ContentRule>('/api/admin/content-rules', { kind, pattern, action });
    expect(response.statusCode).toBe(200);
    return response.body.payload;
  };
  const send = (client: TestClient, topicId: number, content: string, clientId?: string) =>
    client.post<{ message?: Message; held?: HeldMessage; balance: number }>('/api/messages/create', { topic_id: topicId, content, client_id: clientId });
  const pageOf = async (client: TestClient, topicId: number) =>
    (await client.get<{ data: Message[] }>(`/api/messages/index?topic_id=${topicId}`)).body.payload.data;
  const countMessages = async (topicId: number) => (await ctx.db.selectFrom('messages').select('id').where('topic_id', '=', topicId).execute()).length;
  const ledgerOf = (userId: number) => ctx.db.selectFrom('ledger_entries').select(['kind', 'amount']).where('user_id', '=', userId).orderBy('id').execute();

  it('refuse: a clear message, nothing stored, nothing charged', async () => {
    await addRule('word', 'Scam Link', 'refuse');
    const { owner, topic } = await createChatPair(ctx.app);
    const [before, ledger, count] = [await balanceOf(ctx.app, owner.user.id), await ledgerOf(owner.user.id), await countMessages(topic.id)];
    const refused = await send(owner.client, topic.id, 'here is a SCAM link for you');
    expect(refused.statusCode).toBe(422);
    expect(refused.body.errors?.content).toEqual([texts.contentRules.refused]);
    expect(await countMessages(topic.id)).toBe(count);
    expect(await balanceOf(ctx.app, owner.user.id)).toBe(before);
    expect(await ledgerOf(owner.user.id)).toEqual(ledger);
    // Whole words only: 'scam links' is another word.
    expect((await send(owner.client, topic.id, 'no scam linkses here')).statusCode).toBe(200);
  });

  it('mask: the partner reads the masked text; the sender pays for what they typed', async () => {
    await addRule('word', 'darn', 'mask');
    await addRule('regex', String.raw`\bfr[e3]{2}\s*money\b`, 'mask');
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const before = await balanceOf(ctx.app, owner.user.id);
    const typed = 'oh Darn it, FR33 money inside';
    const sent = await send(owner.client, topic.id, typed);
    expect(sent.body.payload.message?.content).toBe('oh *** it, *** inside');
    expect(before - (await balanceOf(ctx.app, owner.user.id))).toBe(typed.length);
    expect((await pageOf(guest.client, topic.id)).map((m) => m.content)).toContain('oh *** it, *** inside');
  });

  it('the built-in contact-details rule masks emails, phones, links and handles, and can be switched off', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const typed = 'mail joe.doe@example.com or call +49 151 12345678, see t.me/joedoe or www.joe.example.org, I am @joe_doe';
    const sent = await send(owner.client, topic.id, typed);
    const stored = sent.body.payload.message!.content;
    for (const detail of ['joe.doe@example.com', '12345678', 't.me/joedoe', 'www.joe.example.org', '@joe_doe']) expect(stored).not.toContain(detail);
    expect(stored).toContain('mail *** or call ***');
    expect((await pageOf(guest.client, topic.id)).map((m) => m.content)).toContain(stored);

    await admin.put('/api/admin/settings', { mask_contact_details: false });
    expect((await send(owner.client, topic.id, 'mail joe.doe@example.com')).body.payload.message?.content).toBe('mail joe.doe@example.com');
  });

  it('hold: only the sender sees it (pending review), charged once; approval delivers it to the partner', async () => {
    await addRule('word', 'meet offline', 'hold');
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const count = await countMessages(topic.id);
    const before = await balanceOf(ctx.app, owner.user.id);
    const typed = 'shall we meet offline?';
    const held = await send(owner.client, topic.id, typed, 'held-1');
    expect(held.body).toMatchObject({ status: 'OK', message: texts.contentRules.heldNotice, payload: { held: { content: typed, status: 'pending' } } });
    // A resend with the same client id is the same held message, charged once.
    const again = await send(owner.client, topic.id, typed, 'held-1');
    expect(again.body.payload.held?.id).toBe(held.body.payload.held!.id);
    expect(before - (await balanceOf(ctx.app, owner.user.id))).toBe(typed.length);
    expect(await countMessages(topic.id)).toBe(count);
    expect((await pageOf(guest.client, topic.id)).map((m) => m.content)).not.toContain(typed);
    expect((await owner.client.get<{ data: HeldMessage[] }>(`/api/messages/held?topic_id=${topic.id}`)).body.payload.data.map((h) => h.content)).toEqual([
      typed,
    ]);
    // The partner has nothing waiting of theirs, and cannot list the sender's.
    expect((await guest.client.get<{ data: HeldMessage[] }>(`/api/messages/held?topic_id=${topic.id}`)).body.payload.data).toEqual([]);

    // The queue shows the sender by chat name, never their account.
    const queue = await admin.get<{ items: { id: number; sender: string; content: string }[] }>('/api/admin/held-messages');
    const item = queue.body.payload.items.find((i) => i.content === typed)!;
    expect(JSON.stringify(item)).not.toContain(owner.user.email);
    const approved = await admin.post(`/api/admin/held-messages/${item.id}/decide`, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect((await pageOf(guest.client, topic.id)).map((m) => m.content)).toContain(typed);
    expect((await owner.client.get<{ data: HeldMessage[] }>(`/api/messages/held?topic_id=${topic.id}`)).body.payload.data).toEqual([]);
    expect((await admin.post(`/api/admin/held-messages/${item.id}/decide`, { decision: 'reject' })).statusCode).toBe(409);
    // Approving charged nothing more.
    expect(before - (await balanceOf(ctx.app, owner.user.id))).toBe(typed.length);
  });

  it('hold: rejection gives the coins back exactly once, even when decisions race; the sender is told', async () => {
    await addRule('regex', String.raw`whats?app`, 'hold');
    const { owner, topic } = await createChatPair(ctx.app);
    const before = await balanceOf(ctx.app, owner.user.id);
    const held = await send(owner.client, topic.id, 'add me on whatsapp');
    const id = held.body.payload.held!.id;
    const decisions = await Promise.all([
      admin.post(`/api/admin/held-messages/${id}/decide`, { decision: 'reject' }),
      admin.post(`/api/admin/held-messages/${id}/decide`, { decision: 'reject' }),
      admin.post(`/api/admin/held-messages/${id}/decide`, { decision: 'approve' }),
    ]);
    expect(decisions.filter((d) => d.statusCode === 200)).toHaveLength(1);
    expect(decisions.filter((d) => d.statusCode === 409)).toHaveLength(2);
    const row = await ctx.db.selectFrom('held_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const refunds = (await ledgerOf(owner.user.id)).filter((e) => e.kind === 'held_refund');
    if (row.status === 'rejected') {
      expect(refunds).toEqual([{ kind: 'held_refund', amount: 'add me on whatsapp'.length }]);
      expect(await balanceOf(ctx.app, owner.user.id)).toBe(before);
      const notices = await ctx.db.selectFrom('notifications').select(['title', 'body']).where('user_id', '=', owner.user.id).execute();
      // The sender's statement of reasons (issue 36 §2).
      expect(notices).toContainEqual({
        title: englishText('decisions.noticeTitle', { type: 'held_rejected' }),
        body: expect.stringContaining(texts.decisions.decision.held_rejected),
      });
    } else expect(refunds).toEqual([]);
    expect(await checkLedgerConsistency(ctx.db)).toEqual({ inconsistent: [], negative: 0 });
  });

  it('a message needing review cannot carry files', async () => {
    await addRule('word', 'review me', 'hold');
    const { owner, topic } = await createChatPair(ctx.app);
    const response = await sendFiles(
      owner.client,
      topic.id,
      [{ filename: 'a.png', data: sampleFiles.png, contentType: 'image/png' }],
      ['image'],
      'please review me',
    );
    expect(response.statusCode).toBe(422);
    expect(response.body.message).toBe(texts.contentRules.heldWithFiles);
  });

  it('titles, chat names and applications: refused or masked; an application with a held word goes to the admin as usual', async () => {
    await addRule('word', 'casino', 'refuse');
    await addRule('word', 'heck', 'mask');
    await addRule('word', 'telegram', 'hold');
    const room = await createRoom(ctx.db);
    const { client } = await createSignedInUser(ctx.app, { coins: 500 });
    const refusedTitle = await client.post('/api/topics/create', { room_id: room.id, title: 'Best casino tips' });
    expect(refusedTitle.statusCode).toBe(422);
    expect(refusedTitle.body.errors?.title).toEqual([texts.contentRules.refusedField]);
    const heldTitle = await client.post('/api/topics/create', { room_id: room.id, title: 'Find me on telegram' });
    expect(heldTitle.statusCode).toBe(422);
    const masked: Topic = await createTopicVia(client, room.id, 'What the heck');
    expect(masked.title).toBe('What the ***');

    const profile = { name: 'Ada', surname: 'L', phone: '+37251234567', phoneCountryCode: '372', nationalNumber: '51234567', avatar_color: 'deep-blue' };
    const name = await client.put('/api/user/profile', { ...profile, chat_name: 'Casino King' });
    expect(name.statusCode).toBe(422);
    expect(name.body.errors?.chat_name).toEqual([texts.contentRules.refusedField]);

    const application = { nickname: 'Owl', email: 'owl@example.com', experience: 'Years.', interests: 'Books', help_description: 'I listen.' };
    const refusedApp = await client.post('/api/become-contributor', { ...application, interests: 'casino nights' });
    expect(refusedApp.statusCode).toBe(422);
    expect(refusedApp.body.errors?.interests).toEqual([texts.contentRules.refusedField]);
    const accepted = await client.post<{ application: { experience: string } }>('/api/become-contributor', {
      ...application,
      experience: 'heck of a listener, on telegram too',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.body.payload.application.experience).toBe('*** of a listener, on telegram too');
  });

  it('regexes are checked at save (nothing stored), and run in linear time: a catastrophic pattern cannot stall a send', async () => {
    const bad = await admin.post('/api/admin/content-rules', { kind: 'regex', pattern: '(?<=a)b', action: 'refuse' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body.errors?.pattern?.[0]).toMatch(/Not a valid pattern/);
    const everywhere = await admin.post('/api/admin/content-rules', { kind: 'regex', pattern: 'x*', action: 'refuse' });
    expect(everywhere.statusCode).toBe(422);
    expect((await admin.get<{ items: ContentRule[] }>('/api/admin/content-rules')).body.payload.items).toEqual([]);

    // (a+)+$ backtracks exponentially on a backtracking engine; on RE2 it is one linear pass.
    await addRule('regex', '(a+)+$', 'refuse');
    const { client } = await createSignedInUser(ctx.app, { coins: 50_000 });
    const room = await createRoom(ctx.db);
    const topic = await createTopicVia(client, room.id);
    expect((await send(client, topic.id, `${'a'.repeat(3999)}b`)).statusCode).toBe(200);
    expect((await send(client, topic.id, 'aaaa')).statusCode).toBe(422);
  });
});
