import { type Topic, type WsServerMessage } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient } from '../../../test/client.js';
import { FakeLlmServer } from '../../../test/fake-llm.js';
import { createRoom, createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, eventually, FakeClock, type TestContext } from '../../../test/harness.js';
import { listenLocal, sendMessage, startAiTopic, testMessage, WsTestClient } from '../../../test/ws-client.js';
import { getCompanionWorker } from '../companion/companion.routes.js';
import { createNotification } from '../notifications/notifications.service.js';
import { saveSettings } from '../reference/settings.service.js';
import { encodeFrame, frameProblems, InvalidFrameError } from './realtime.frames.js';
import { framesFor } from './realtime.privacy.js';

const ORIGIN = 'http://localhost:3000';

/** A frame's kind as the contract's unions name it: the frame type, or `event:` + the event type. */
const kindOf = (frame: WsServerMessage) => (frame.type === 'event' ? `event:${frame.event.type}` : frame.type);

describe('frame builder (issue 32 §3)', () => {
  const message = testMessage({ id: 5, topic_id: 3, content: 'hi' });

  it('with validation on, refuses a frame the contract does not allow or that carries an undeclared field', () => {
    expect(() => encodeFrame({ type: 'ready', userId: 1, heartbeatMs: 0 }, true)).toThrow(InvalidFrameError);
    // A field the type does not know can still ride along at run time (a spread row): the check catches it.
    const leakingMessage = Object.assign({}, message, { sender_email: 'a@b.c' });
    expect(() => encodeFrame({ type: 'event', event: { type: 'message.created', topicId: 3, message: leakingMessage } }, true)).toThrow(
      /message\.sender_email: not declared/,
    );
    expect(() => framesFor({ type: 'message.created', topicId: 3, message: leakingMessage }, true)).toThrow(InvalidFrameError);
    // Production serialises without looking (the hot path); the schema's type is what guards it there.
    expect(encodeFrame({ type: 'ready', userId: 1, heartbeatMs: 0 }, false)).toBe('{"type":"ready","userId":1,"heartbeatMs":0}');
  });

  it('builds the frames of a chat event with the routing ids stripped, and they parse', () => {
    const frameFor = framesFor({ type: 'message.created', topicId: 3, senderId: 8, chatMode: 'human', message }, true);
    const others = JSON.parse(frameFor(9)) as unknown;
    const own = JSON.parse(frameFor(8)) as unknown;
    expect(frameProblems(others)).toEqual([]);
    expect(frameProblems(own)).toEqual([]);
    expect(others).toEqual({ type: 'event', event: { type: 'message.created', topicId: 3, message } });
    expect(own).toMatchObject({ event: { message: { sender: 'Me', is_mine: true, sender_id: 8 } } });
  });
});

describe.each(dialects)('every frame of a chat journey matches the contract (%s)', (dialect) => {
  let ctx: TestContext;
  let llm: FakeLlmServer;
  let base: string;
  const clock = new FakeClock();
  const sockets: WsTestClient[] = [];
  const connect = async (client: TestClient) => {
    const socket = await WsTestClient.connect(base, { cookieOf: client, origin: ORIGIN });
    sockets.push(socket);
    await socket.waitForFrame('ready');
    return socket;
  };

  beforeAll(async () => {
    llm = new FakeLlmServer();
    const llmUrl = await llm.start();
    ctx = await createTestContext(dialect, {
      env: { PUBLIC_URL: ORIGIN },
      infra: { clock, random: { next: () => 0.5 } },
      config: { llm: { baseUrl: llmUrl, apiKey: 'test-key', model: 'test-model', timeoutMs: 400, retries: 1 }, jobs: { pollMs: 3_600_000 } },
    });
    // The delay on: the reply stays pending until the fake clock moves (with none, the worker may take it before the test looks).
    await saveSettings(ctx.db, { bot_reply_delay_enabled: true, bot_reply_interval_min: 2, bot_reply_interval_max: 6 });
    base = await listenLocal(ctx.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await ctx.close();
    await llm.stop();
  });

  it('sends only frames that parse with wsServerMessageSchema and declare every field, covering every frame kind a chat uses', async () => {
    const room = await createRoom(ctx.db);
    const owner = await createSignedInUser(ctx.app, { coins: 5000 });
    const guest = await createSignedInUser(ctx.app, { coins: 5000 });
    const outsider = await createSignedInUser(ctx.app, { coins: 5000 });
    const admin = await createSignedInUser(ctx.app, { role: 'admin' });

    const created = await owner.client.post<{ topic: Topic }>('/api/topics/create', { room_id: room.id, title: 'Frames' });
    const topicId = created.body.payload.topic.id;
    const ownerSocket = await connect(owner.client);
    const guestSocket = await connect(guest.client);
    const outsiderSocket = await connect(outsider.client);

    // Client frames and their answers: pong, validation error, subscribe, refused subscribe.
    ownerSocket.send({ type: 'ping', id: 7 });
    await ownerSocket.waitForFrame('pong');
    ownerSocket.ws.send('not json');
    await ownerSocket.waitForFrame('error', (f) => f.code === 'VALIDATION');
    expect(await ownerSocket.subscribe(topicId)).toMatchObject({ type: 'subscribed', topicId });
    const privateAi = await startAiTopic((await createSignedInUser(ctx.app, { coins: 5000 })).client);
    expect(await outsiderSocket.subscribe(privateAi)).toMatchObject({ type: 'error', code: 'FORBIDDEN' });

    // A partner joins, types, both write; the owner resumes with what they missed.
    expect((await guest.client.post('/api/topics/join', { topic_id: topicId })).statusCode).toBe(200);
    await ownerSocket.waitFor(() => ownerSocket.events().find((e) => e.type === 'participant.joined'));
    expect(await guestSocket.subscribe(topicId)).toMatchObject({ type: 'subscribed' });
    guestSocket.send({ type: 'typing', topicId, isTyping: true });
    await ownerSocket.waitFor(() => ownerSocket.events().find((e) => e.type === 'typing'));
    const first = await sendMessage(owner.client, topicId, 'Hello there');
    await sendMessage(guest.client, topicId, 'Hi!');
    await guestSocket.waitFor(() => guestSocket.messageIds(topicId).length === 2);
    const resumed = await connect(owner.client);
    expect(await resumed.subscribe(topicId, first - 1)).toMatchObject({ type: 'subscribed', missed: 2 });

    // Personal events: a balance change and a notice.
    await admin.client.post(`/api/admin/users/${owner.user.id}/balance`, { amount: 10, reason: 'Goodwill', request_id: 'frames-credit-0001' });
    await ownerSocket.waitFor(() => ownerSocket.events().find((e) => e.type === 'balance'));
    await createNotification(ctx.db, { userId: owner.user.id, kind: 'report.upheld', title: 'Upheld', body: 'The topic was closed.', link: '/rooms' });
    await ctx.app.jobs.runDue();
    await ownerSocket.waitFor(() => ownerSocket.events().find((e) => e.type === 'notification'));

    // The partner leaves (their subscription ends), the owner switches to the companion, which streams a reply.
    expect((await guest.client.post('/api/topics/leave', { topic_id: topicId })).statusCode).toBe(200);
    await guestSocket.waitForFrame('unsubscribed', (f) => f.reason === 'left');
    expect((await owner.client.post('/api/topics/update-chat-mode', { topic_id: topicId, chat_mode: 'ai' })).statusCode).toBe(200);
    await ownerSocket.waitFor(() => ownerSocket.events().find((e) => e.type === 'topic.mode'));
    llm.script = [{ kind: 'stream', chunks: ['Nice ', 'to meet ', 'you.'], delayMs: 20, usage: { prompt_tokens: 10, completion_tokens: 4 } }];
    const asked = await sendMessage(owner.client, topicId, 'Tell me something');
    await eventually(
      async () =>
        (await ctx.db.selectFrom('companion_replies').selectAll().where('topic_id', '=', topicId).where('status', '=', 'pending').execute()).find(
          (r) => r.last_user_message_id === asked,
        ),
      'the pending reply',
    );
    clock.advance(10_000);
    await getCompanionWorker(ctx.app).runNow();
    await ownerSocket.waitFor(() => ownerSocket.events().find((e) => e.type === 'message.created' && e.message.sender_kind === 'companion'));

    // The client's own unsubscribe, then a moderator closes the topic: the other socket's subscription ends.
    resumed.send({ type: 'unsubscribe', topicId });
    await resumed.waitForFrame('unsubscribed', (f) => f.reason === 'client');
    expect((await admin.client.post(`/api/admin/topics/${topicId}/close`, { reason: 'Frames test' })).statusCode).toBe(200);
    await ownerSocket.waitForFrame('unsubscribed', (f) => f.reason === 'closed');

    const frames = sockets.flatMap((socket) => socket.frames);
    const problems = frames.flatMap((frame) => frameProblems(frame).map((problem) => `${kindOf(frame)} ${problem}`));
    expect(problems).toEqual([]);
    expect([...new Set(frames.map(kindOf))].sort()).toEqual(
      expect.arrayContaining([
        'error',
        'event:balance',
        'event:message.created',
        'event:message.delta',
        'event:notification',
        'event:participant.joined',
        'event:participant.left',
        'event:topic.closed',
        'event:topic.mode',
        'event:typing',
        'pong',
        'ready',
        'subscribed',
        'unsubscribed',
      ]),
    );
  });
});
