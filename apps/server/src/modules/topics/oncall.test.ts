import { texts, type Presence, type QueueEntry, type SavedReply, type Topic, type WaitInfo } from '@parley/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatContextOptions, createTopicVia } from '../../../test/chat.js';
import { type TestClient } from '../../../test/client.js';
import { createRoom, createSignedInUser, createUser } from '../../../test/factories.js';
import { createTestContext, dialects, eventually, FakeClock, type TestContext } from '../../../test/harness.js';
import { listenLocal, WsTestClient } from '../../../test/ws-client.js';
import { saveSettings } from '../reference/settings.service.js';

/** Issue 35 §1–§2: interlocutors on call, the live queue, alerts, matching order, saved replies. */
describe.each(dialects)('interlocutors on call (%s)', (dialect) => {
  let ctx: TestContext;
  let clock: FakeClock;
  let base: string;
  const sockets: WsTestClient[] = [];

  beforeAll(async () => {
    clock = new FakeClock();
    ctx = await createTestContext(dialect, chatContextOptions({ infra: { clock }, env: { PUBLIC_URL: 'http://localhost:3000' } }));
    await saveSettings(ctx.db, { new_topic_cost: 0, oncall_idle_minutes: 15 });
    base = await listenLocal(ctx.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await ctx.close();
  });
  // Each test starts with nothing waiting and nobody on call.
  beforeEach(async () => {
    await ctx.db.updateTable('topics').set({ is_closed: 1, waiting_since: null }).execute();
    await ctx.db.updateTable('interlocutor_presence').set({ status: 'away' }).execute();
  });

  const interlocutor = async (extra: { channelUntil?: Date } = {}) => createSignedInUser(ctx.app, { contributor: true, coins: 100, ...extra });
  const goAvailable = async (client: TestClient, body: Record<string, unknown> = {}) => {
    const response = await client.put<{ presence: Presence }>('/api/oncall/presence', { status: 'available', ...body });
    expect(response.statusCode).toBe(200);
    return response.body.payload.presence;
  };
  const presenceOf = async (client: TestClient) => (await client.get<{ presence: Presence }>('/api/oncall/presence')).body.payload.presence;
  const connect = async (client: TestClient) => {
    const socket = await WsTestClient.connect(base, { cookieOf: client, origin: 'http://localhost:3000' });
    sockets.push(socket);
    await socket.waitForFrame('ready');
    return socket;
  };
  const alertsFor = (socket: WsTestClient, topicId: number) => socket.events().filter((e) => e.type === 'queue.alert' && e.topicId === topicId);

  it('only interlocutors go on call; Available lapses after the idle setting and is not revived by activity', async () => {
    const payer = await createSignedInUser(ctx.app, { coins: 100 });
    const refused = await payer.client.put('/api/oncall/presence', { status: 'available' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toBe(texts.oncall.onlyInterlocutors);

    const { client } = await interlocutor();
    expect(await presenceOf(client)).toEqual({ status: 'away', lapsed: false, max_chats: 1, max_allowed: 1, talk_again: true });
    // Above the active-chat rule's limit is brought down to it.
    expect(await goAvailable(client, { max_chats: 4 })).toMatchObject({ status: 'available', max_chats: 1, max_allowed: 1 });

    clock.advance(10 * 60_000);
    expect((await client.post<{ presence: Presence }>('/api/oncall/activity')).body.payload.presence.status).toBe('available');
    clock.advance(14 * 60_000);
    expect((await presenceOf(client)).status).toBe('available');
    clock.advance(2 * 60_000);
    expect(await presenceOf(client)).toMatchObject({ status: 'away', lapsed: true });
    expect((await client.post<{ presence: Presence }>('/api/oncall/activity')).body.payload.presence).toMatchObject({ status: 'away', lapsed: true });
    expect(await goAvailable(client)).toMatchObject({ status: 'available', lapsed: false });
    expect((await client.put<{ presence: Presence }>('/api/oncall/presence', { status: 'away' })).body.payload.presence).toMatchObject({
      status: 'away',
      lapsed: false,
    });
  });

  it('closing the app lapses Available after the grace; a reconnect within it keeps it', async () => {
    const { user, client } = await interlocutor();
    let socket = await connect(client);
    await goAvailable(client);
    socket.close();
    await eventually(
      async () =>
        (await ctx.db.selectFrom('interlocutor_presence').select('disconnected_at').where('user_id', '=', user.id).executeTakeFirst())?.disconnected_at,
      'disconnect',
    );
    clock.advance(30_000);
    expect((await presenceOf(client)).status).toBe('available');
    socket = await connect(client);
    await eventually(
      async () =>
        (await ctx.db.selectFrom('interlocutor_presence').select('disconnected_at').where('user_id', '=', user.id).executeTakeFirst())?.disconnected_at ===
        null,
      'reconnect',
    );
    clock.advance(120_000);
    expect((await presenceOf(client)).status).toBe('available');
    socket.close();
    await eventually(
      async () =>
        (await ctx.db.selectFrom('interlocutor_presence').select('disconnected_at').where('user_id', '=', user.id).executeTakeFirst())?.disconnected_at,
      'disconnect',
    );
    clock.advance(61_000);
    expect(await presenceOf(client)).toMatchObject({ status: 'away', lapsed: true });
  });

  it('the live queue lists waiting topics oldest first with their wait, never who waits; one click takes the seat', async () => {
    const room = await createRoom(ctx.db, 'Night owls');
    const first = await createSignedInUser(ctx.app, { coins: 100 });
    const second = await createSignedInUser(ctx.app, { coins: 100 });
    const older = await createTopicVia(first.client, room.id, 'Cannot sleep');
    clock.advance(40_000);
    const newer = await createTopicVia(second.client, room.id, 'Anyone up?');
    clock.advance(5_000);
    const { client } = await interlocutor();
    const queue = await client.get<{ topics: QueueEntry[]; presence: Presence }>('/api/oncall/queue');
    expect(queue.statusCode).toBe(200);
    expect(queue.body.payload.topics).toEqual([
      { topic_id: older.id, title: 'Cannot sleep', room_id: room.id, room_title: 'Night owls', waiting_since: expect.any(String), waiting_seconds: 45 },
      { topic_id: newer.id, title: 'Anyone up?', room_id: room.id, room_title: 'Night owls', waiting_since: expect.any(String), waiting_seconds: 5 },
    ]);
    const body = JSON.stringify(queue.body);
    for (const person of [first.user, second.user]) {
      for (const value of [person.email, person.name, `"user_id"`, `:${person.id},`]) expect(body).not.toContain(value);
    }
    expect((await first.client.get('/api/oncall/queue')).statusCode).toBe(403);

    const taken = await client.post<{ topic: Topic }>('/api/topics/join', { topic_id: older.id });
    expect(taken.body.payload.topic.participants_count).toBe(2);
    expect((await client.get<{ topics: QueueEntry[] }>('/api/oncall/queue')).body.payload.topics.map((t) => t.topic_id)).toEqual([newer.id]);
    // The seat rule: a second interlocutor is refused the taken topic.
    const late = await interlocutor();
    expect((await late.client.post('/api/topics/join', { topic_id: older.id })).statusCode).toBe(409);
  });

  it('an interlocutor on call hears of each new waiting topic once (a WebSocket frame); one who is away hears nothing', async () => {
    const room = await createRoom(ctx.db);
    const onCall = await interlocutor();
    const away = await interlocutor();
    const onCallSocket = await connect(onCall.client);
    const awaySocket = await connect(away.client);
    await goAvailable(onCall.client);
    const payer = await createSignedInUser(ctx.app, { coins: 100 });
    const topic = await createTopicVia(payer.client, room.id);
    const alert = await onCallSocket.waitFor(() => alertsFor(onCallSocket, topic.id)[0], 5000, 'alert');
    expect(alert).toEqual({ type: 'queue.alert', userId: onCall.user.id, topicId: topic.id, roomId: room.id, waitingSince: expect.any(String) });

    // Someone joins and leaves: the topic waits again, but the same interlocutor is not alerted twice for it.
    const guest = await createSignedInUser(ctx.app, { coins: 100 });
    expect((await guest.client.post('/api/topics/join', { topic_id: topic.id })).statusCode).toBe(200);
    expect((await guest.client.post('/api/topics/leave', { topic_id: topic.id })).statusCode).toBe(200);
    // Frames arrive in order: once the next topic's alert is here, a second alert for the first would have been too.
    const other = await createSignedInUser(ctx.app, { coins: 100 });
    const next = await createTopicVia(other.client, room.id);
    await onCallSocket.waitFor(() => alertsFor(onCallSocket, next.id)[0], 5000, 'second alert');
    expect(alertsFor(onCallSocket, topic.id)).toHaveLength(1);
    expect(alertsFor(onCallSocket, next.id)).toHaveLength(1);
    expect(awaySocket.events().filter((e) => e.type === 'queue.alert')).toEqual([]);
    expect(await ctx.db.selectFrom('queue_alerts').selectAll().where('topic_id', '=', topic.id).execute()).toHaveLength(1);
  });

  it('the payer sees position, estimate and who is on call on the first poll; nobody on call says so', async () => {
    const room = await createRoom(ctx.db);
    const firstPayer = await createSignedInUser(ctx.app, { coins: 100 });
    const payer = await createSignedInUser(ctx.app, { coins: 100 });
    await createTopicVia(firstPayer.client, room.id);
    clock.advance(1000);
    const topic = await createTopicVia(payer.client, room.id);
    const nobody = await payer.client.get<{ wait: WaitInfo }>(`/api/topics/${topic.id}/wait`);
    expect(nobody.statusCode).toBe(200);
    expect(nobody.body.payload.wait).toMatchObject({ position: 2, available_interlocutors: 0 });
    // Only the owner asks.
    expect((await firstPayer.client.get(`/api/topics/${topic.id}/wait`)).statusCode).toBe(404);

    const { client } = await interlocutor();
    await goAvailable(client);
    const wait = (await payer.client.get<{ wait: WaitInfo }>(`/api/topics/${topic.id}/wait`)).body.payload.wait;
    expect(wait).toMatchObject({ position: 2, available_interlocutors: 1 });
    // Earlier tests matched topics: there is something to go by.
    expect(wait.estimate_seconds).not.toBeNull();
  });

  it('matching: a "talk again" topic is held for the last partner on call; a fresh topic goes to interlocutors on call first', async () => {
    const room = await createRoom(ctx.db);
    const payer = await createSignedInUser(ctx.app, { coins: 100 });
    const first = await interlocutor();
    const second = await interlocutor();
    const stranger = await createSignedInUser(ctx.app, { coins: 100 });
    await goAvailable(first.client);
    await goAvailable(second.client);
    // A first conversation makes `first` the payer's last partner.
    const earlier = await createTopicVia(payer.client, room.id);
    expect((await first.client.post('/api/topics/join', { topic_id: earlier.id })).statusCode).toBe(200);
    await first.client.post('/api/topics/leave', { topic_id: earlier.id });
    await payer.client.post('/api/topics/leave', { topic_id: earlier.id });

    const again = (await payer.client.post<{ topic: Topic }>('/api/topics/create', { room_id: room.id, title: 'Again?', talk_again: true })).body.payload.topic;
    // Held for `first` (on call, accepts "talk again"): others find nothing, a payer pressing random neither.
    expect((await second.client.get('/api/topics/random?chat_mode=human')).statusCode).toBe(409);
    expect((await stranger.client.get('/api/topics/random?chat_mode=human')).statusCode).toBe(409);
    const matched = await first.client.get<{ topic: Topic }>('/api/topics/random?chat_mode=human');
    expect(matched.body.payload.topic.id).toBe(again.id);
    await first.client.post('/api/topics/leave', { topic_id: again.id });
    await payer.client.post('/api/topics/leave', { topic_id: again.id });

    // A fresh topic without "talk again": an interlocutor on call gets it at once, someone else only later.
    const fresh = await createTopicVia(payer.client, room.id);
    expect((await stranger.client.get('/api/topics/random?chat_mode=human')).statusCode).toBe(409);
    clock.advance(16_000);
    expect((await stranger.client.get<{ topic: Topic }>('/api/topics/random?chat_mode=human')).body.payload.topic.id).toBe(fresh.id);
  });

  it('200 racing joins never exceed the maximum of simultaneous chats', async () => {
    const { user, client } = await interlocutor({ channelUntil: new Date(clock.now().getTime() + 7 * 86_400_000) });
    expect(await goAvailable(client, { max_chats: 3 })).toMatchObject({ max_chats: 3, max_allowed: 5 });
    const room = await createRoom(ctx.db);
    const owners = await Promise.all(Array.from({ length: 10 }, () => createUser(ctx.db)));
    const now = clock.now().toISOString();
    const topicIds: number[] = [];
    for (let i = 0; i < 200; i++) {
      const owner = owners[i % owners.length]!;
      const topic = await ctx.db
        .insertInto('topics')
        .values({
          room_id: room.id,
          user_id: owner.id,
          title: `Waiting ${i}`,
          chat_mode: 'human',
          companion_name: 'Mia',
          terms_title: 't',
          terms_description: 'd',
          terms_rules: '[]',
          participants_count: 1,
          waiting_since: now,
          highlight_color: null,
          color: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db
        .insertInto('topic_participants')
        .values({ topic_id: topic.id, user_id: owner.id, joined_at: now, left_at: null, from_seq: 0, to_seq: null })
        .execute();
      topicIds.push(topic.id);
    }
    const answers = await Promise.all(
      topicIds.map((topicId, i) => (i % 2 === 0 ? client.post('/api/topics/join', { topic_id: topicId }) : client.get('/api/topics/random?chat_mode=human'))),
    );
    // Joining a topic one is already in answers OK again (the same seat): count the seats, not the answers.
    const seats = new Set(answers.filter((a) => a.statusCode === 200).map((a) => (a.body.payload as { topic: Topic }).topic.id));
    expect(seats.size).toBe(3);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    const active = await ctx.db
      .selectFrom('topic_participants as p')
      .innerJoin('topics as t', 't.id', 'p.topic_id')
      .select('t.id')
      .where('p.user_id', '=', user.id)
      .where('p.left_at', 'is', null)
      .where('t.is_closed', '=', 0)
      .execute();
    expect(active).toHaveLength(3);
    const full = await ctx.db.selectFrom('topics').select('id').where('id', 'in', topicIds).where('participants_count', '=', 2).execute();
    expect(full).toHaveLength(3);
  });

  it('saved replies: an interlocutor keeps, lists and deletes their own; nobody else sees or deletes them', async () => {
    const { client } = await interlocutor();
    const other = await interlocutor();
    const payer = await createSignedInUser(ctx.app, { coins: 100 });
    expect((await payer.client.get('/api/saved-replies')).statusCode).toBe(403);
    const added = await client.post<{ reply: SavedReply }>('/api/saved-replies', { text: '  Hi, I am here. How can I help?  ' });
    expect(added.statusCode).toBe(200);
    expect(added.body.payload.reply).toEqual({ id: expect.any(Number), text: 'Hi, I am here. How can I help?' });
    expect((await client.post('/api/saved-replies', { text: '   ' })).statusCode).toBe(422);
    expect((await client.get<{ replies: SavedReply[] }>('/api/saved-replies')).body.payload.replies).toEqual([added.body.payload.reply]);
    expect((await other.client.get<{ replies: SavedReply[] }>('/api/saved-replies')).body.payload.replies).toEqual([]);
    expect((await other.client.delete(`/api/saved-replies/${added.body.payload.reply.id}`)).statusCode).toBe(404);
    expect((await client.delete(`/api/saved-replies/${added.body.payload.reply.id}`)).statusCode).toBe(200);
    expect((await client.get<{ replies: SavedReply[] }>('/api/saved-replies')).body.payload.replies).toEqual([]);
  });
});
