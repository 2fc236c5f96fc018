import { wsCloseCodes } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createRoom, createSignedInUser, createUser, DEFAULT_PASSWORD } from '../../../test/factories.js';
import { createTestContext, dialects, FakeClock, type TestContext } from '../../../test/harness.js';
import { saveSettings } from '../reference/settings.service.js';
import { publicChatName } from '../users/chat-name.js';
import { getRealtimeHub, MAX_SUBSCRIPTIONS } from './realtime.hub.js';
import { listenLocal, sendMessage, startAiTopic, testMessage, WsTestClient } from '../../../test/ws-client.js';

const ORIGIN = 'http://localhost:3000';

async function signIn(ctx: TestContext, coins = 5000) {
  const { user, client } = await createSignedInUser(ctx.app, { coins });
  const login = await new TestClient(ctx.app).login(user.email, DEFAULT_PASSWORD);
  return { user, client, token: (login.body.payload as { token: string }).token };
}

describe.each(dialects)('realtime websocket (%s)', (dialect) => {
  let ctx: TestContext;
  let base: string;
  const sockets: WsTestClient[] = [];
  const connect = async (...args: Parameters<typeof WsTestClient.connect>) => {
    const socket = await WsTestClient.connect(...args);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    // A frozen clock and the human-like delay on (it is opt-in since issue 34): the companion never falls due, so AI topics stay quiet here.
    ctx = await createTestContext(dialect, {
      env: { PUBLIC_URL: ORIGIN },
      infra: { clock: new FakeClock() },
      config: { realtime: { heartbeatMs: 60_000, maxBufferedBytes: 64 * 1024, inboundPerSecond: 20, inboundBurst: 40, typingThrottleMs: 60_000 } },
    });
    await saveSettings(ctx.db, { bot_reply_delay_enabled: true });
    base = await listenLocal(ctx.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await ctx.close();
  });

  it('authenticates by cookie from our own origin, by bearer header and by a one-time ticket, and refuses the rest', async () => {
    const { user, client, token } = await signIn(ctx);
    const viaCookie = await connect(base, { cookieOf: client, origin: ORIGIN });
    expect(await viaCookie.waitForFrame('ready')).toMatchObject({ userId: user.id });
    const viaBearer = await connect(base, { bearer: token });
    expect(await viaBearer.waitForFrame('ready')).toMatchObject({ userId: user.id });
    const issued = await client.post<{ ticket: string; expires_in: number }>('/api/ws/ticket');
    expect(issued.statusCode).toBe(200);
    expect(issued.body.payload.expires_in).toBe(30);
    expect(issued.body.payload.ticket).not.toContain(token);
    const viaTicket = await connect(base, { ticket: issued.body.payload.ticket });
    expect(await viaTicket.waitForFrame('ready')).toMatchObject({ userId: user.id });
    // Spent: the same URL (say, from a proxy's access log) does not connect again.
    const replayed = await connect(base, { ticket: issued.body.payload.ticket });
    expect((await replayed.waitForClose()).code).toBe(wsCloseCodes.unauthenticated);
    // A session token in the URL is not a way in (proxies log URLs).
    const viaQuery = await connect(base, { queryToken: token });
    expect((await viaQuery.waitForClose()).code).toBe(wsCloseCodes.unauthenticated);
    // Nor is a ticket past its 30 s, or a forged one, or one asked for without signing in.
    const stale = (await client.post<{ ticket: string }>('/api/ws/ticket')).body.payload.ticket;
    (ctx.app.clock as FakeClock).advance(31_000);
    const late = await connect(base, { ticket: stale });
    expect((await late.waitForClose()).code).toBe(wsCloseCodes.unauthenticated);
    const fresh = (await client.post<{ ticket: string }>('/api/ws/ticket')).body.payload.ticket;
    const forged = await connect(base, { ticket: fresh.replace(/\.[0-9a-f]{64}\./, `.${'0'.repeat(64)}.`) });
    expect((await forged.waitForClose()).code).toBe(wsCloseCodes.unauthenticated);
    expect([401, 403]).toContain((await ctx.app.inject({ method: 'POST', url: '/api/ws/ticket' })).statusCode);

    const anonymous = await connect(base);
    expect((await anonymous.waitForClose()).code).toBe(wsCloseCodes.unauthenticated);
    const badTicket = await connect(base, { ticket: 'not-a-ticket' });
    expect((await badTicket.waitForClose()).code).toBe(wsCloseCodes.unauthenticated);
    const foreign = await connect(base, { cookieOf: client, origin: 'https://evil.example' });
    expect((await foreign.waitForClose()).code).toBe(wsCloseCodes.forbiddenOrigin);
    expect(foreign.frames.some((f) => f.type === 'ready')).toBe(false);
  });

  it('refuses to subscribe a user to a topic they may not read, and sends them nothing from it', async () => {
    const owner = await signIn(ctx);
    const stranger = await signIn(ctx);
    const topicId = await startAiTopic(owner.client);
    const socket = await connect(base, { bearer: stranger.token });
    expect(await socket.subscribe(topicId)).toMatchObject({ type: 'error', code: 'FORBIDDEN', topicId });
    expect(await socket.subscribe(999_999)).toMatchObject({ type: 'error', code: 'FORBIDDEN' });

    const ownerSocket = await connect(base, { bearer: owner.token });
    expect(await ownerSocket.subscribe(topicId)).toMatchObject({ type: 'subscribed', topicId });
    const id = await sendMessage(owner.client, topicId, 'private words');
    await ownerSocket.waitFor(() => ownerSocket.messageIds(topicId).includes(id));
    // Typing into a topic one is not subscribed to is refused too.
    socket.send({ type: 'typing', topicId, isTyping: true });
    await socket.waitFor(() => socket.frames.filter((f) => f.type === 'error').length >= 3);
    expect(socket.messageIds(topicId)).toEqual([]);
  });

  it('pushes a sent message to the subscriber at once and validates client frames', async () => {
    const { client, token } = await signIn(ctx);
    const topicId = await startAiTopic(client);
    const socket = await connect(base, { bearer: token });
    await socket.subscribe(topicId);
    const id = await sendMessage(client, topicId, 'hello over the socket');
    const event = await socket.waitFor(() => socket.events().find((e) => e.type === 'message.created' && e.message.id === id));
    expect(event).toMatchObject({ topicId, message: { content: 'hello over the socket' } });

    socket.send({ type: 'ping', id: 'p1' });
    expect(await socket.waitForFrame('pong')).toEqual({ type: 'pong', id: 'p1' });
    socket.ws.send('{not json');
    socket.send({ type: 'subscribe', topicId: 'x' });
    await socket.waitFor(() => socket.frames.filter((f) => f.type === 'error' && f.code === 'VALIDATION').length === 2);
  });

  it('logout closes the sockets of that session only; a ban closes them all', async () => {
    const { user, client } = await signIn(ctx);
    const other = await new TestClient(ctx.app).login(user.email, DEFAULT_PASSWORD);
    const otherToken = (other.body.payload as { token: string }).token;
    const loggedOut = await connect(base, { cookieOf: client, origin: ORIGIN });
    const stays = await connect(base, { bearer: otherToken });
    await loggedOut.waitForFrame('ready');
    await stays.waitForFrame('ready');

    expect((await client.post('/api/logout')).body.status).toBe('OK');
    expect((await loggedOut.waitForClose()).code).toBe(wsCloseCodes.unauthenticated);
    stays.send({ type: 'ping' });
    await stays.waitForFrame('pong');
    expect(stays.closeInfo).toBeUndefined();
    // A ban ends every session of the user (admin publishes session.ended without a session id).
    await ctx.app.bus.publish({ type: 'session.ended', userId: user.id });
    expect((await stays.waitForClose()).code).toBe(wsCloseCodes.unauthenticated);
  });

  it('closes sockets whose session ended without an event (a password change signs out other sessions)', async () => {
    const { user, client, token } = await signIn(ctx);
    const stale = await connect(base, { bearer: token });
    const current = await connect(base, { cookieOf: client, origin: ORIGIN });
    await stale.waitForFrame('ready');
    await current.waitForFrame('ready');
    const changed = await client.post('/api/user/change-password', {
      current_password: DEFAULT_PASSWORD,
      password: 'Another123pass',
      password_confirmation: 'Another123pass',
    });
    expect(changed.body.status).toBe('OK');
    await getRealtimeHub(ctx.app).checkSessions();
    expect((await stale.waitForClose()).code).toBe(wsCloseCodes.unauthenticated);
    current.send({ type: 'ping', id: user.id });
    await current.waitForFrame('pong');
    expect(current.closeInfo).toBeUndefined();
  });

  it('resumes from the last message id with exactly the missed messages, then live, with no gap and no duplicate', async () => {
    const { client, token } = await signIn(ctx);
    const topicId = await startAiTopic(client);
    const first = await sendMessage(client, topicId, 'one');
    const missed = [await sendMessage(client, topicId, 'two'), await sendMessage(client, topicId, 'three')];

    const socket = await connect(base, { bearer: token });
    expect(await socket.subscribe(topicId, first)).toMatchObject({ type: 'subscribed', missed: 2, hasMore: false });
    expect(socket.messageIds(topicId)).toEqual(missed);
    const live = await sendMessage(client, topicId, 'four');
    await socket.waitFor(() => socket.messageIds(topicId).includes(live));
    expect(socket.messageIds(topicId)).toEqual([...missed, live]);

    // Messages written while the catch-up runs arrive once each, in order.
    const again = await connect(base, { bearer: token });
    const sending = (async () => {
      const ids: number[] = [];
      for (let i = 0; i < 8; i++) ids.push(await sendMessage(client, topicId, `burst ${i}`));
      return ids;
    })();
    again.send({ type: 'subscribe', topicId, lastMessageId: first });
    const burst = await sending;
    const expected = [...missed, live, ...burst];
    await again.waitFor(() => again.messageIds(topicId).length >= expected.length);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(again.messageIds(topicId)).toEqual(expected);
  });

  it('shows a new subscriber that the companion is already writing', async () => {
    const { client, token } = await signIn(ctx);
    const topicId = await startAiTopic(client);
    const quiet = await connect(base, { bearer: token });
    await quiet.subscribe(topicId);
    expect(quiet.events().filter((e) => e.type === 'typing')).toEqual([]);
    await sendMessage(client, topicId, 'hello Mia');
    await quiet.waitFor(() => quiet.events().find((e) => e.type === 'typing' && e.name === 'Mia' && e.isTyping));
    const late = await connect(base, { bearer: token });
    await late.subscribe(topicId);
    expect(late.events().filter((e) => e.type === 'typing')).toEqual([{ type: 'typing', topicId, name: 'Mia', isTyping: true }]);
  });

  it('caps the topics one socket listens to', async () => {
    const { client, token } = await signIn(ctx);
    const topics: number[] = [];
    for (let i = 0; i <= MAX_SUBSCRIPTIONS; i++) {
      // The owner may still read a topic they closed by leaving; one open chat at a time.
      topics.push(await startAiTopic(client));
      await client.post('/api/topics/leave', { topic_id: topics.at(-1) });
    }
    const socket = await connect(base, { bearer: token });
    for (const topicId of topics.slice(0, MAX_SUBSCRIPTIONS)) expect(await socket.subscribe(topicId)).toMatchObject({ type: 'subscribed' });
    expect(await socket.subscribe(topics.at(-1)!)).toMatchObject({ type: 'error', code: 'TOO_MANY_SUBSCRIPTIONS' });
    socket.send({ type: 'unsubscribe', topicId: topics[0] });
    expect(await socket.subscribe(topics.at(-1)!)).toMatchObject({ type: 'subscribed' });
  });

  it('ends the subscription when the user leaves the topic', async () => {
    const { user, client, token } = await signIn(ctx);
    const topicId = await startAiTopic(client);
    const socket = await connect(base, { bearer: token });
    await socket.subscribe(topicId);
    expect((await client.post('/api/topics/leave', { topic_id: topicId })).body.status).toBe('OK');
    expect(await socket.waitForFrame('unsubscribed', (f) => f.topicId === topicId)).toMatchObject({ reason: 'left' });
    expect(socket.events().some((e) => e.type === 'participant.left' && e.userId === user.id)).toBe(true);
  });

  it('relays throttled typing to the other participant, not back to the typist', async () => {
    const a = await signIn(ctx);
    const b = await signIn(ctx);
    const room = await createRoom(ctx.db);
    const created = await a.client.post<{ topic: { id: number } }>('/api/topics/create', { room_id: room.id, title: 'Typing test' });
    const topicId = created.body.payload.topic.id;
    expect((await b.client.post('/api/topics/join', { topic_id: topicId })).body.status).toBe('OK');
    const sa = await connect(base, { bearer: a.token });
    const sb = await connect(base, { bearer: b.token });
    await sa.subscribe(topicId);
    await sb.subscribe(topicId);
    const published: boolean[] = [];
    const off = ctx.app.bus.subscribe((e) => {
      if (e.type === 'typing' && e.topicId === topicId) published.push(e.isTyping);
    });
    for (let i = 0; i < 5; i++) sa.send({ type: 'typing', topicId, isTyping: true });
    sa.send({ type: 'typing', topicId, isTyping: false });
    await sb.waitFor(() => sb.events().filter((e) => e.type === 'typing').length === 2);
    off();
    expect(published).toEqual([true, false]);
    expect(sb.events().filter((e) => e.type === 'typing')).toEqual([
      // By chat name, without the typist's user id.
      { type: 'typing', topicId, name: publicChatName(a.user), isTyping: true },
      { type: 'typing', topicId, name: publicChatName(a.user), isTyping: false },
    ]);
    expect(sa.events().filter((e) => e.type === 'typing')).toEqual([]);
  });

  it('drops a slow consumer without harming the others', async () => {
    const { client, token } = await signIn(ctx);
    const topicId = await startAiTopic(client);
    const healthy = await connect(base, { bearer: token });
    const slow = await connect(base, { bearer: token });
    await healthy.subscribe(topicId);
    await slow.subscribe(topicId);
    slow.ws.pause();
    const hub = getRealtimeHub(ctx.app);
    const hubBefore = hub.size;
    // The healthy client keeps up (each event is read before the next goes out); the paused one
    // fills the kernel buffers, then the server-side send buffer, and is dropped.
    const filler = 'x'.repeat(32 * 1024);
    const published: number[] = [];
    for (let i = 0; i < 3000 && hub.size === hubBefore; i++) {
      const id = 1_000_000 + i;
      await ctx.app.bus.publish({ type: 'message.created', topicId, message: testMessage({ id, topic_id: topicId, content: filler }) });
      published.push(id);
      await healthy.waitFor(() => healthy.messageIds(topicId).at(-1) === id);
    }
    expect(hub.size).toBe(hubBefore - 1);
    const after = 2_000_000;
    await ctx.app.bus.publish({ type: 'message.created', topicId, message: testMessage({ id: after, topic_id: topicId, content: 'still flowing' }) });
    await healthy.waitFor(() => healthy.messageIds(topicId).includes(after));
    expect(healthy.messageIds(topicId)).toEqual([...published, after]);
    expect(healthy.closeInfo).toBeUndefined();
    slow.ws.resume();
    expect((await slow.waitForClose()).code).toBe(1006);
    expect(slow.messageIds(topicId).length).toBeLessThan(published.length);
  });

  it('limits the inbound frame rate per connection', async () => {
    const { token } = await signIn(ctx);
    const socket = await connect(base, { bearer: token });
    await socket.waitForFrame('ready');
    for (let i = 0; i < 50; i++) socket.send({ type: 'ping', id: i });
    await socket.waitForFrame('error', (f) => f.code === 'RATE_LIMITED');
    for (let i = 0; i < 120; i++) socket.send({ type: 'ping', id: i });
    expect((await socket.waitForClose()).code).toBe(wsCloseCodes.rateLimited);
  });
});

describe.each(dialects)('realtime graceful shutdown (%s)', (dialect) => {
  it('tells connected clients to reconnect (1012) when the app closes, and stops accepting', async () => {
    const ctx = await createTestContext(dialect, { infra: { clock: new FakeClock() } });
    try {
      const user = await createUser(ctx.db, {});
      const login = await new TestClient(ctx.app).login(user.email, DEFAULT_PASSWORD);
      const token = (login.body.payload as { token: string }).token;
      const another = await ctx.buildAnother();
      const base = await listenLocal(another);
      const socket = await WsTestClient.connect(base, { bearer: token });
      await socket.waitForFrame('ready');
      const closing = another.close();
      expect((await socket.waitForClose()).code).toBe(wsCloseCodes.serviceRestart);
      await closing;
      await expect(WsTestClient.connect(base, { bearer: token })).rejects.toThrow();
    } finally {
      await ctx.close();
    }
  });
});

describe.each(dialects)('realtime heartbeats (%s)', (dialect) => {
  it('terminates a connection that stops answering heartbeats', async () => {
    const ctx = await createTestContext(dialect, { infra: { clock: new FakeClock() }, config: { realtime: { heartbeatMs: 100 } } });
    const base = await listenLocal(ctx.app);
    const { token } = await signIn(ctx);
    const silent = await WsTestClient.connect(base, { bearer: token, autoPong: false });
    const lively = await WsTestClient.connect(base, { bearer: token });
    await silent.waitForFrame('ready');
    expect((await silent.waitForClose(3000)).code).toBe(1006);
    expect(lively.closeInfo).toBeUndefined();
    lively.close();
    await ctx.close();
  });
});

describe.each(dialects)('websocket connection caps (%s)', (dialect) => {
  let ctx: TestContext;
  let base: string;
  const sockets: WsTestClient[] = [];
  const connect = async (token: string) => {
    const socket = await WsTestClient.connect(base, { bearer: token });
    sockets.push(socket);
    return socket;
  };
  const outcome = (socket: WsTestClient) =>
    Promise.race([socket.waitForFrame('ready').then(() => 'ready' as const), socket.waitForClose().then((close) => close.code)]);

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: { WS_MAX_CONNECTIONS_PER_USER: '2', WS_MAX_CONNECTIONS_PER_IP: '3' } });
    base = await listenLocal(ctx.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await ctx.close();
  });

  it('refuses a socket beyond the per-account and the per-address cap with 4429, and frees the slot on close', async () => {
    const first = await signIn(ctx);
    const second = await signIn(ctx);
    const a1 = await connect(first.token);
    expect(await outcome(a1)).toBe('ready');
    expect(await outcome(await connect(first.token))).toBe('ready');
    // A third tab of the same account is over the per-account cap.
    expect(await outcome(await connect(first.token))).toBe(wsCloseCodes.rateLimited);

    // Another account from the same address: the address holds 3 at most.
    expect(await outcome(await connect(second.token))).toBe('ready');
    const overAddress = await connect(second.token);
    expect(await outcome(overAddress)).toBe(wsCloseCodes.rateLimited);
    expect(overAddress.frames.some((f) => f.type === 'ready')).toBe(false);
    expect(getRealtimeHub(ctx.app).size).toBe(3);

    // Closing a socket gives its slot back.
    a1.close();
    await a1.waitForClose();
    await expect.poll(() => getRealtimeHub(ctx.app).size).toBe(2);
    expect(await outcome(await connect(second.token))).toBe('ready');
  });
});
