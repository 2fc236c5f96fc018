import { texts, type Message } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatContextOptions, createChatPair, createTopicVia, multipart, sampleFiles, sendFiles } from '../../../test/chat.js';
import { TestClient } from '../../../test/client.js';
import { createRoom, createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';

type Role = 'guest' | 'unverified' | 'outsider' | 'owner' | 'participant' | 'third';

/** Every topic, message and attachment endpoint, as one call against a topic (and its first attachment). */
const endpoints = (topicId: number, attachmentId: number) => ({
  'GET topics/topic': (c: TestClient) => c.get(`/api/topics/topic?topic_id=${topicId}`),
  'GET check-terms': (c: TestClient) => c.get(`/api/topics/${topicId}/check-terms`),
  'POST accept-terms': (c: TestClient) => c.post(`/api/topics/${topicId}/accept-terms`),
  'POST update-chat-mode': (c: TestClient) => c.post('/api/topics/update-chat-mode', { topic_id: topicId, chat_mode: 'human' }),
  'GET messages/index': (c: TestClient) => c.get(`/api/messages/index?topic_id=${topicId}`),
  'POST messages/create': (c: TestClient) => c.post('/api/messages/create', { topic_id: topicId, content: 'hi' }),
  'POST messages/create multipart': (c: TestClient) => sendFiles(c, topicId, [{ filename: 'a.png', data: sampleFiles.png }], ['image']),
  'GET attachments/:id': (c: TestClient) => c.get(`/api/attachments/${attachmentId}`),
  'POST reports/create': (c: TestClient) => c.post('/api/reports/create', { topic_id: topicId, type: 'topic' }),
  'POST topics/join': (c: TestClient) => c.post('/api/topics/join', { topic_id: topicId }),
});
type Endpoint = keyof ReturnType<typeof endpoints>;

const allowed =
  (except: Partial<Record<Endpoint, number>> = {}) =>
  (endpoint: Endpoint) =>
    except[endpoint] ?? 200;
const denied =
  (status: number, except: Partial<Record<Endpoint, number>> = {}) =>
  (endpoint: Endpoint) =>
    except[endpoint] ?? status;

/** On a full topic (owner + participant), and for `outsider` on an open topic with a free seat. */
const expected: Record<Role, (endpoint: Endpoint) => number> = {
  guest: denied(401),
  unverified: denied(403),
  owner: allowed(),
  participant: allowed(),
  third: denied(403, { 'POST topics/join': 409 }),
  outsider: denied(403, { 'GET topics/topic': 200, 'GET check-terms': 200, 'POST accept-terms': 200, 'POST topics/join': 200 }),
};

describe.each(dialects)('chat authorization matrix on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions());
  });
  afterAll(() => ctx.close());

  /** Signs in, then loses verification: the session stays, requireVerified refuses. */
  async function signedInUnverified() {
    const { user, client } = await createSignedInUser(ctx.app, { coins: 100 });
    await ctx.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', user.id).execute();
    return client;
  }

  async function setup() {
    const pair = await createChatPair(ctx.app);
    const fullAttachment = await sendFiles(pair.owner.client, pair.topic.id, [{ filename: 'a.png', data: sampleFiles.png }], ['image']);
    const lonely = await createSignedInUser(ctx.app, { coins: 1000 });
    const openTopic = await createTopicVia(lonely.client, (await createRoom(ctx.db)).id, 'Open seat');
    const openAttachment = await sendFiles(lonely.client, openTopic.id, [{ filename: 'b.png', data: sampleFiles.png }], ['image']);
    const clients: Record<Role, TestClient> = {
      guest: new TestClient(ctx.app),
      unverified: await signedInUnverified(),
      owner: pair.owner.client,
      participant: pair.guest.client,
      third: (await createSignedInUser(ctx.app, { coins: 1000 })).client,
      outsider: (await createSignedInUser(ctx.app, { coins: 1000 })).client,
    };
    return {
      clients,
      full: endpoints(pair.topic.id, (fullAttachment.body.payload as { message: Message }).message.attachments[0]!.id),
      open: endpoints(openTopic.id, (openAttachment.body.payload as { message: Message }).message.attachments[0]!.id),
    };
  }

  it('answers every role on every endpoint as the rules say', async () => {
    const { clients, full, open } = await setup();
    const mismatches: string[] = [];
    for (const role of Object.keys(expected) as Role[]) {
      const calls = role === 'outsider' ? open : full;
      // join last: it changes who is in the topic
      const order = (Object.keys(calls) as Endpoint[]).sort((a, b) => Number(a === 'POST topics/join') - Number(b === 'POST topics/join'));
      for (const endpoint of order) {
        const response = await calls[endpoint](clients[role]);
        const want = expected[role](endpoint);
        if (response.statusCode !== want)
          mismatches.push(`${role} ${endpoint}: ${response.statusCode} (want ${want}) ${JSON.stringify(response.body).slice(0, 160)}`);
        if (want === 403 && role !== 'unverified' && response.body.message !== texts.topics.noPermission)
          mismatches.push(`${role} ${endpoint}: message ${response.body.message}`);
        if (want === 200 && endpoint !== 'GET attachments/:id' && response.body.status !== 'OK')
          mismatches.push(`${role} ${endpoint}: status ${response.body.status}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('tells an outsider of a full topic why (participants_count in the 403) and lists every list endpoint only to signed-in users', async () => {
    const { clients, full } = await setup();
    const denied = await full['GET topics/topic'](clients.third);
    expect(denied.body).toMatchObject({ message: texts.topics.noPermission, participants_count: 2, is_full: true });
    for (const url of ['/api/rooms/index', '/api/topics/index', '/api/topics/active', '/api/topics/random?chat_mode=ai', '/api/messages/attachment-costs']) {
      expect((await clients.guest.get(url)).statusCode, url).toBe(401);
    }
    expect((await clients.guest.post('/api/topics/create', { room_id: 1, title: 'x' })).statusCode).toBe(401);
    expect((await clients.guest.post('/api/topics/leave', { topic_id: 1 })).statusCode).toBe(401);
    const body = multipart({ topic_id: '1' }, [{ filename: 'a.png', data: sampleFiles.png }]);
    expect((await clients.guest.request('POST', '/api/messages/create', body)).statusCode).toBe(401);
  });

  it('a left participant loses access; a third user leaving a topic they are not in changes nothing', async () => {
    const pair = await createChatPair(ctx.app);
    const third = await createSignedInUser(ctx.app);
    expect((await third.client.post('/api/topics/leave', { topic_id: pair.topic.id })).body.status).toBe('OK');
    expect((await ctx.db.selectFrom('topics').select('participants_count').where('id', '=', pair.topic.id).executeTakeFirstOrThrow()).participants_count).toBe(
      2,
    );
    await pair.guest.client.post('/api/topics/leave', { topic_id: pair.topic.id });
    expect((await pair.guest.client.get(`/api/messages/index?topic_id=${pair.topic.id}`)).statusCode).toBe(403);
    expect((await pair.guest.client.post('/api/messages/create', { topic_id: pair.topic.id, content: 'x' })).statusCode).toBe(403);
    expect((await third.client.get(`/api/topics/topic?topic_id=${pair.topic.id}`)).statusCode).toBe(200);
  });
});
