import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createRoom, createSignedInUser, DEFAULT_PASSWORD } from '../../../test/factories.js';
import { createTestContext, FakeClock, type TestContext } from '../../../test/harness.js';
import { publicChatName } from '../users/chat-name.js';
import { listenLocal, sendMessage, WsTestClient } from '../../../test/ws-client.js';

const redisUrl = process.env.REDIS_URL;
const hasInfra = Boolean(redisUrl && process.env.DATABASE_URL);

/** Two stateless instances on two ports sharing PostgreSQL and Redis, as behind a load balancer. */
describe.skipIf(!hasInfra)('realtime across two instances (postgres + redis)', () => {
  let ctx: TestContext;
  let other: FastifyInstance;
  let baseA: string;
  let baseB: string;
  const sockets: WsTestClient[] = [];

  beforeAll(async () => {
    ctx = await createTestContext('postgres', { env: { REDIS_URL: redisUrl! }, infra: { clock: new FakeClock() } });
    other = await ctx.buildAnother();
    baseA = await listenLocal(ctx.app);
    baseB = await listenLocal(other);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await ctx.close();
  });

  it('delivers a message sent through instance A to a socket on instance B, typing from B to A, once each', async () => {
    const a = await createSignedInUser(ctx.app, { coins: 5000 });
    const bUser = await createSignedInUser(ctx.app, { coins: 5000 });
    const bOnOther = new TestClient(other);
    const login = await bOnOther.login(bUser.user.email, DEFAULT_PASSWORD);
    const bToken = (login.body.payload as { token: string }).token;
    const aToken = (await new TestClient(ctx.app).login(a.user.email, DEFAULT_PASSWORD)).body.payload as { token: string };

    const room = await createRoom(ctx.db);
    const topicId = (await a.client.post<{ topic: { id: number } }>('/api/topics/create', { room_id: room.id, title: 'Across instances' })).body.payload.topic
      .id;
    expect((await bOnOther.post('/api/topics/join', { topic_id: topicId })).body.status).toBe('OK');

    const onB = await WsTestClient.connect(baseB, { bearer: bToken });
    const onA = await WsTestClient.connect(baseA, { bearer: aToken.token });
    sockets.push(onA, onB);
    expect(await onB.subscribe(topicId)).toMatchObject({ type: 'subscribed' });
    expect(await onA.subscribe(topicId)).toMatchObject({ type: 'subscribed' });

    const started = performance.now();
    const id = await sendMessage(a.client, topicId, 'hello from instance A');
    await onB.waitFor(() => onB.messageIds(topicId).includes(id), 5000);
    expect(performance.now() - started).toBeLessThan(1000);

    onB.send({ type: 'typing', topicId, isTyping: true });
    // By chat name: the typist's user id never reaches the other side.
    await onA.waitFor(() => onA.events().find((e) => e.type === 'typing' && e.name === publicChatName(bUser.user) && e.isTyping && !('userId' in e)));

    const second = await sendMessage(bOnOther, topicId, 'and back from B');
    await onA.waitFor(() => onA.messageIds(topicId).includes(second));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onB.messageIds(topicId)).toEqual([id, second]);
    expect(onA.messageIds(topicId)).toEqual([id, second]);
  });

  it('a reconnect to the other instance resumes with exactly the missed messages', async () => {
    const a = await createSignedInUser(ctx.app, { coins: 5000 });
    const token = ((await new TestClient(ctx.app).login(a.user.email, DEFAULT_PASSWORD)).body.payload as { token: string }).token;
    const topicId = (await a.client.get<{ topic: { id: number } }>('/api/topics/random?chat_mode=ai')).body.payload.topic.id;
    const onA = await WsTestClient.connect(baseA, { bearer: token });
    sockets.push(onA);
    await onA.subscribe(topicId);
    const first = await sendMessage(a.client, topicId, 'seen on A');
    await onA.waitFor(() => onA.messageIds(topicId).includes(first));
    onA.close();
    const missed = [await sendMessage(a.client, topicId, 'missed 1'), await sendMessage(a.client, topicId, 'missed 2')];

    const onB = await WsTestClient.connect(baseB, { bearer: token });
    sockets.push(onB);
    expect(await onB.subscribe(topicId, first)).toMatchObject({ type: 'subscribed', missed: 2 });
    const live = await sendMessage(a.client, topicId, 'live after resume');
    await onB.waitFor(() => onB.messageIds(topicId).includes(live));
    expect(onB.messageIds(topicId)).toEqual([...missed, live]);
  });
});
