import { texts, type Topic } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, chatContextOptions, createChatPair, createTopicVia, recordEvents } from '../../../test/chat.js';
import { createRoom, createSignedInUser } from '../../../test/factories.js';
import { publicChatName } from '../users/chat-name.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { englishText } from '@parley/contracts/i18n';

describe.each(dialects)('rooms and topics on %s', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock();
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions({ infra: { clock } }));
  });
  afterAll(() => ctx.close());

  it('lists visible rooms by position, 12 per page', async () => {
    const { client } = await createSignedInUser(ctx.app);
    await ctx.db.deleteFrom('rooms').execute();
    for (let i = 0; i < 14; i++)
      await ctx.db
        .insertInto('rooms')
        .values({ title: `R${i}`, border_color: 'teal', position: 20 - i, is_hidden: i === 0 ? 1 : 0, created_at: clock.now().toISOString() })
        .execute();
    const first = await client.get<{ data: { title: string }[]; meta: unknown }>('/api/rooms/index');
    expect(first.body.payload.data).toHaveLength(12);
    expect(first.body.payload.data[0]!.title).toBe('R13');
    expect(first.body.payload.meta).toEqual({ current_page: 1, per_page: 12, total: 13, last_page: 2, from: 1, to: 12 });
    const second = await client.get<{ data: { title: string }[] }>('/api/rooms/index?page=2');
    expect(second.body.payload.data.map((r) => r.title)).toEqual(['R1']);
  });

  it('creates a topic for new_topic_cost through the ledger, or refuses with the cost and stores nothing', async () => {
    const room = await createRoom(ctx.db);
    const rich = await createSignedInUser(ctx.app, { coins: 80 });
    const created = await rich.client.post<{ topic: Topic; balance: number }>('/api/topics/create', {
      room_id: room.id,
      title: '  Books  ',
      currency: 'EUR',
      lang_id: 1,
    });
    expect(created.body).toMatchObject({
      status: 'OK',
      payload: {
        balance: 30,
        topic: {
          title: 'Books',
          room_id: room.id,
          participants_count: 1,
          is_member: true,
          is_owner: true,
          is_highlighted: false,
          text_look: 'normal',
          chat_mode: 'human',
        },
      },
    });
    expect(created.body.payload.topic.terms.rules.length).toBeGreaterThan(0);

    const poor = await createSignedInUser(ctx.app, { coins: 49 });
    const refused = await poor.client.post('/api/topics/create', { room_id: room.id, title: 'Cheap' });
    expect(refused.statusCode).toBe(402);
    expect(refused.body.message).toBe(englishText('topics.notEnoughPointsTopic', { cost: 50 }));
    expect(await ctx.db.selectFrom('topics').select('id').where('user_id', '=', poor.user.id).execute()).toHaveLength(0);

    const invalid = await rich.client.post('/api/topics/create', { title: '' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.body.errors).toMatchObject({ room_id: [texts.topics.selectRoom], title: [texts.topics.nameRequired] });
    const long = await rich.client.post('/api/topics/create', { room_id: room.id, title: 'x'.repeat(51) });
    expect(long.body.errors?.title).toEqual([texts.topics.nameTooLong]);
    await expectLedgerConsistent(ctx.db);
  });

  it('concurrent creates by one user open one topic and charge once', async () => {
    const room = await createRoom(ctx.db);
    const user = await createSignedInUser(ctx.app, { coins: 500 });
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => user.client.post('/api/topics/create', { room_id: room.id, title: `Race ${i}` })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect(await ctx.db.selectFrom('topics').select('id').where('user_id', '=', user.user.id).execute()).toHaveLength(1);
    expect(await balanceOf(ctx.app, user.user.id)).toBe(450);
    const charges = await ctx.db.selectFrom('ledger_entries').select('amount').where('user_id', '=', user.user.id).where('kind', '=', 'topic').execute();
    expect(charges).toEqual([{ amount: -50 }]);
    await expectLedgerConsistent(ctx.db);
  });

  it('refuses a second active chat naming the existing one; channel users get max_channel_topics and styling while active', async () => {
    const room = await createRoom(ctx.db);
    const plain = await createSignedInUser(ctx.app, { coins: 500 });
    const first = await createTopicVia(plain.client, room.id, 'First');
    const second = await plain.client.post('/api/topics/create', { room_id: room.id, title: 'Second' });
    expect(second.statusCode).toBe(409);
    expect(second.body).toMatchObject({ message: englishText('topics.alreadyActive', { title: 'First' }), topic_id: first.id });
    expect(await balanceOf(ctx.app, plain.user.id)).toBe(450);
    const active = await plain.client.get('/api/topics/active');
    expect(active.body).toMatchObject({ status: 'OK', current_count: 1, max_allowed: 1 });

    const until = new Date(clock.now().getTime() + 7 * 86_400_000);
    const channel = await createSignedInUser(ctx.app, { coins: 1000, channelUntil: until });
    const missing = await channel.client.post('/api/topics/create', { room_id: room.id, title: 'Styled' });
    expect(missing.body.errors).toMatchObject({ text_look: [texts.topics.textStyleRequired], color: [texts.topics.textColorRequired] });
    const styled = await channel.client.post<{ topic: Topic }>('/api/topics/create', {
      room_id: room.id,
      title: 'Styled',
      text_look: 'italic',
      color: '#ff0066',
    });
    expect(styled.body.payload.topic).toMatchObject({ is_highlighted: true, highlight_color: '#ff0066', text_look: 'italic', color: '#ff0066' });
    for (let i = 2; i <= 5; i++) await channel.client.post('/api/topics/create', { room_id: room.id, title: `T${i}`, text_look: 'bold', color: 'red' });
    const sixth = await channel.client.post('/api/topics/create', { room_id: room.id, title: 'T6', text_look: 'bold', color: 'red' });
    expect(sixth.statusCode).toBe(409);
    expect((await channel.client.get('/api/topics/active')).body).toMatchObject({ current_count: 5, max_allowed: 5 });

    const listed = await plain.client.get<Topic[]>(`/api/topics/index?room_id=${room.id}`);
    expect(listed.body.payload[0]!.is_highlighted).toBe(true);
    clock.advance(8 * 86_400_000); // the channel status lapses: the styling goes with it
    const later = await plain.client.get<{ topic: Topic }>(`/api/topics/topic?topic_id=${styled.body.payload.topic.id}`);
    expect(later.body.payload.topic).toMatchObject({ is_highlighted: false, highlight_color: null, text_look: 'normal' });
    await expectLedgerConsistent(ctx.db);
  });

  it('join: already in is success, full and closed are refused; leave: already left is success; owner leaving closes', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const { events, stop } = recordEvents(ctx.app);
    expect((await guest.client.post('/api/topics/join', { topic_id: topic.id })).body.status).toBe('OK');
    const third = await createSignedInUser(ctx.app, { coins: 100 });
    const full = await third.client.post('/api/topics/join', { topic_id: topic.id });
    expect(full.statusCode).toBe(409);
    expect(full.body.message).toBe(texts.topics.chatFull);

    expect((await guest.client.post('/api/topics/leave', { topic_id: topic.id })).body).toMatchObject({ status: 'OK', message: texts.chat.leftChat });
    expect((await guest.client.post('/api/topics/leave', { topic_id: topic.id })).body.status).toBe('OK');
    const alone = await ctx.db.selectFrom('topics').select(['participants_count', 'waiting_since']).where('id', '=', topic.id).executeTakeFirstOrThrow();
    expect(alone).toEqual({ participants_count: 1, waiting_since: clock.now().toISOString() }); // back in the matching pool
    const rejoined = await third.client.post<{ topic: Topic }>('/api/topics/join', { topic_id: topic.id });
    expect(rejoined.body.payload.topic).toMatchObject({
      participants_count: 2,
      guest_id: third.user.id,
      user_id: null,
      interlocutor_name: publicChatName(owner.user),
    });

    expect((await owner.client.post('/api/topics/leave', { topic_id: topic.id })).body.status).toBe('OK');
    const send = await third.client.post('/api/messages/create', { topic_id: topic.id, content: 'still there?' });
    expect(send.statusCode).toBe(409);
    expect(send.body.message).toBe(texts.topics.closedByOwner);
    const closedJoin = await guest.client.post('/api/topics/join', { topic_id: topic.id });
    expect(closedJoin.body.message).toBe(texts.topics.closedByOwner);
    stop();
    expect(events.map((e) => e.type)).toEqual(['participant.left', 'participant.joined', 'participant.left', 'topic.closed']);
    expect(events[1]).toMatchObject({ topicId: topic.id, userId: third.user.id, participantsCount: 2 });
    expect((await third.client.get<{ topic: Topic }>(`/api/topics/topic?topic_id=${topic.id}`)).body.payload.topic.is_closed).toBe(true);
  });

  it('random human chat joins the oldest waiting topic that is not the user’s own, else says none is available', async () => {
    await ctx.db.updateTable('topics').set({ is_closed: 1 }).execute();
    const room = await createRoom(ctx.db);
    const channel = await createSignedInUser(ctx.app, { coins: 500, channelUntil: new Date(clock.now().getTime() + 86_400_000) });
    const plain = await createSignedInUser(ctx.app, { coins: 100 });
    const own = await channel.client.post<{ topic: Topic }>('/api/topics/create', { room_id: room.id, title: 'Own', text_look: 'bold', color: 'blue' });
    clock.advance(1000);
    const plainTopic = await createTopicVia(plain.client, room.id, 'Plain');
    const matched = await channel.client.get<{ topic: Topic }>('/api/topics/random?chat_mode=human');
    expect(matched.body.payload.topic.id).toBe(plainTopic.id); // their own is older, but never their match
    const seeker = await createSignedInUser(ctx.app);
    const second = await seeker.client.get<{ topic: Topic }>('/api/topics/random?chat_mode=human');
    expect(second.body.payload.topic.id).toBe(own.body.payload.topic.id);
    const nobody = await (await createSignedInUser(ctx.app)).client.get('/api/topics/random?chat_mode=human');
    expect(nobody.statusCode).toBe(409);
    expect(nobody.body.message).toBe(texts.topics.noAvailableChats);
  });

  it('two users racing for one waiting topic: exactly one joins', async () => {
    await ctx.db.updateTable('topics').set({ is_closed: 1 }).execute();
    const waiting = await createSignedInUser(ctx.app, { coins: 100 });
    const topic = await createTopicVia(waiting.client, (await createRoom(ctx.db)).id);
    const racers = await Promise.all([createSignedInUser(ctx.app), createSignedInUser(ctx.app)]);
    const results = await Promise.all(racers.map((r) => r.client.get<{ topic: Topic }>('/api/topics/random?chat_mode=human')));
    expect(results.filter((r) => r.statusCode === 200).map((r) => r.body.payload.topic.id)).toEqual([topic.id]);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.body.message)).toEqual([texts.topics.noAvailableChats]);
    const row = await ctx.db.selectFrom('topics').selectAll().where('id', '=', topic.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ participants_count: 2, waiting_since: null });
  });

  it('random ai opens a new companion topic within the limit; the mode switches both ways', async () => {
    const user = await createSignedInUser(ctx.app);
    const ai = await user.client.get<{ topic: Topic }>('/api/topics/random?chat_mode=ai');
    expect(ai.body.payload.topic).toMatchObject({ chat_mode: 'ai', companion_name: 'Mia', interlocutor_name: 'Mia', room_id: null });
    const all = await user.client.get<Topic[]>('/api/topics/index');
    expect(all.body.payload.map((t) => t.id)).not.toContain(ai.body.payload.topic.id); // a private companion chat is never listed
    const again = await user.client.get('/api/topics/random?chat_mode=ai');
    expect(again.body).toMatchObject({
      message: englishText('topics.alreadyActive', { title: ai.body.payload.topic.title }),
      topic_id: ai.body.payload.topic.id,
    });
    const { events, stop } = recordEvents(ctx.app);
    const human = await user.client.post<{ topic: Topic }>('/api/topics/update-chat-mode', { topic_id: ai.body.payload.topic.id, chat_mode: 'human' });
    expect(human.body.payload.topic.chat_mode).toBe('human');
    expect(
      (await ctx.db.selectFrom('topics').select('waiting_since').where('id', '=', ai.body.payload.topic.id).executeTakeFirstOrThrow()).waiting_since,
    ).not.toBeNull();
    stop();
    expect(events).toEqual([{ type: 'topic.mode', topicId: ai.body.payload.topic.id, chatMode: 'human' }]);
  });

  it('remembers accepted terms per user and topic, answering has_accepted at the top level and in the payload', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    expect((await guest.client.get(`/api/topics/${topic.id}/check-terms`)).body).toMatchObject({ has_accepted: false, payload: { has_accepted: false } });
    await guest.client.post(`/api/topics/${topic.id}/accept-terms`);
    await guest.client.post(`/api/topics/${topic.id}/accept-terms`);
    expect((await guest.client.get(`/api/topics/${topic.id}/check-terms`)).body).toMatchObject({ has_accepted: true, payload: { has_accepted: true } });
    expect((await owner.client.get(`/api/topics/${topic.id}/check-terms`)).body.has_accepted).toBe(false);
  });

  it('reports a topic or a user with a snapshot of the last 20 messages taken at report time', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    for (let i = 1; i <= 22; i++) await guest.client.post('/api/messages/create', { topic_id: topic.id, content: `rude ${i}` });
    const reported = await owner.client.post('/api/reports/create', { topic_id: topic.id, type: 'user' });
    expect(reported.body).toMatchObject({ status: 'OK', message: texts.reports.userReported });
    await guest.client.post('/api/messages/create', { topic_id: topic.id, content: 'after the report' });
    const row = await ctx.db.selectFrom('reports').selectAll().where('topic_id', '=', topic.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 'user', reporter_id: owner.user.id, reported_user_id: guest.user.id, status: 'open' });
    const snapshot = JSON.parse(row.snapshot) as { content: string }[];
    expect(snapshot).toHaveLength(20);
    expect(snapshot[0]!.content).toBe('rude 3');
    expect(snapshot[19]!.content).toBe('rude 22');
    expect((await guest.client.post('/api/reports/create', { topic_id: topic.id, type: 'topic' })).body.message).toBe(texts.reports.topicReported);
  });
});
