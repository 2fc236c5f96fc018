import { texts, type Message, type Topic } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatContextOptions, createChatPair, createTopicVia, sampleFiles, sendFiles } from '../../../test/chat.js';
import { type ApiResponse, type TestClient } from '../../../test/client.js';
import { createRoom, createSignedInUser, type UserFactoryInput } from '../../../test/factories.js';
import { createTestContext, dialects, FakeClock, type TestContext } from '../../../test/harness.js';
import { PushServiceStandIn } from '../../../test/push-service.js';
import { listenLocal, sendMessage, startAiTopic, WsTestClient } from '../../../test/ws-client.js';
import { type UserRow } from '../users/users.table.js';

const ORIGIN = 'http://localhost:3000';
type Page = { data: Message[]; meta: { total: number } };

/** A person whose identity is easy to search for in what others receive. */
const identity = (tag: string): UserFactoryInput => ({ coins: 5000, name: `Name${tag}Secret`, email: `${tag.toLowerCase()}.private@example.com` });

describe.each(dialects)('conversation privacy on %s', (dialect) => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions({ env: { PUBLIC_URL: ORIGIN } }));
    base = await listenLocal(ctx.app);
  });
  afterAll(() => ctx.close());

  const connect = (client: TestClient) => WsTestClient.connect(base, { cookieOf: client, origin: ORIGIN });
  const page = (client: TestClient, topicId: number, query = '') => client.get<Page>(`/api/messages/index?topic_id=${topicId}&page_size=50${query}`);

  it('keeps an AI conversation private to its owner: fetch, join, read, attachments and the WebSocket are refused', async () => {
    const owner = await createSignedInUser(ctx.app, { coins: 1000 });
    const outsider = await createSignedInUser(ctx.app, { coins: 1000 });
    const topicId = await startAiTopic(owner.client);
    await sendMessage(owner.client, topicId, 'something private');
    const file = await sendFiles(owner.client, topicId, [{ filename: 'me.png', data: sampleFiles.png }], ['image']);
    const attachmentId = file.body.payload.message.attachments[0]!.id;

    for (const response of [
      await outsider.client.get(`/api/topics/topic?topic_id=${topicId}`),
      await outsider.client.post('/api/topics/join', { topic_id: topicId }),
      await outsider.client.get(`/api/topics/${topicId}/check-terms`),
      await page(outsider.client, topicId),
      await outsider.client.get(`/api/attachments/${attachmentId}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.body.message).toBe(texts.topics.noPermission);
    }
    const socket = await connect(outsider.client);
    expect(await socket.subscribe(topicId)).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    await sendMessage(owner.client, topicId, 'still private');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(socket.events()).toEqual([]);
    socket.close();

    // The owner still reads everything, and nobody else took a seat.
    expect((await page(owner.client, topicId)).body.payload.meta.total).toBe(3);
    const topic = await ctx.db.selectFrom('topics').select('participants_count').where('id', '=', topicId).executeTakeFirstOrThrow();
    expect(topic.participants_count).toBe(1);
  });

  it('switches to the companion only while the owner is alone, and then nobody can join', async () => {
    const room = await createRoom(ctx.db);
    const owner = await createSignedInUser(ctx.app, { coins: 1000 });
    const guest = await createSignedInUser(ctx.app, { coins: 1000 });
    const topic = await createTopicVia(owner.client, room.id);
    expect((await owner.client.post('/api/topics/update-chat-mode', { topic_id: topic.id, chat_mode: 'ai' })).statusCode).toBe(200);
    const refused = await guest.client.post('/api/topics/join', { topic_id: topic.id });
    expect(refused.statusCode).toBe(403);

    await owner.client.post('/api/topics/update-chat-mode', { topic_id: topic.id, chat_mode: 'human' });
    expect((await guest.client.post('/api/topics/join', { topic_id: topic.id })).statusCode).toBe(200);
    for (const client of [owner.client, guest.client]) {
      const toAi = await client.post('/api/topics/update-chat-mode', { topic_id: topic.id, chat_mode: 'ai' });
      expect(toAi.statusCode).toBe(409);
      expect(toAi.body.message).toBe(texts.topics.aiWhileAlone);
    }
  });

  it('gives every pairing its own conversation: a new partner sees nothing of the last one', async () => {
    const { owner, guest: first, topic } = await createChatPair(ctx.app);
    await sendMessage(owner.client, topic.id, 'hello first');
    await sendMessage(first.client, topic.id, 'hi owner');
    const file = await sendFiles(first.client, topic.id, [{ filename: 'first.png', data: sampleFiles.png }], ['image']);
    const firstAttachment = file.body.payload.message.attachments[0]!.id;
    expect((await page(first.client, topic.id)).body.payload.meta.total).toBe(3);
    expect((await first.client.post('/api/topics/leave', { topic_id: topic.id })).statusCode).toBe(200);

    const second = await createSignedInUser(ctx.app, { coins: 1000 });
    expect((await second.client.post('/api/topics/join', { topic_id: topic.id })).statusCode).toBe(200);
    const empty = await page(second.client, topic.id);
    expect(empty.body.payload).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await page(second.client, topic.id, '&after_id=0')).body.payload.data).toEqual([]);
    expect((await second.client.get(`/api/attachments/${firstAttachment}`)).statusCode).toBe(403);
    const socket = await connect(second.client);
    expect(await socket.subscribe(topic.id, 0)).toMatchObject({ type: 'subscribed', missed: 0 });

    await sendMessage(owner.client, topic.id, 'hello second');
    await socket.waitFor(() => socket.messageIds(topic.id).length === 1);
    await sendMessage(second.client, topic.id, 'hi again');
    const seen = await page(second.client, topic.id, '&order_dir=asc');
    expect(seen.body.payload.data.map((m) => m.content)).toEqual(['hello second', 'hi again']);
    expect(seen.body.payload.meta.total).toBe(2);
    // Resuming from the start replays only this pairing.
    const again = await connect(second.client);
    await again.subscribe(topic.id, 0);
    expect(again.events().map((e) => e.type === 'message.created' && e.message.content)).toEqual(['hello second', 'hi again']);

    // The owner keeps the whole history, paged and counted; the first partner reads nothing now.
    const all = await page(owner.client, topic.id, '&order_dir=asc');
    expect(all.body.payload.data.map((m) => m.content)).toEqual(['hello first', 'hi owner', '', 'hello second', 'hi again']);
    expect(all.body.payload.meta.total).toBe(5);
    const newest = await owner.client.get<Page>(`/api/messages/index?topic_id=${topic.id}&page=2&page_size=2&order_dir=desc`);
    expect(newest.body.payload.data.map((m) => m.content)).toEqual(['', 'hi owner']);
    expect((await page(first.client, topic.id)).statusCode).toBe(403);

    // A report holds what the reporter saw, nothing from before their pairing.
    const report = await second.client.post<{ report: { id: number } }>('/api/reports/create', { topic_id: topic.id, type: 'user' });
    const stored = await ctx.db.selectFrom('reports').select('snapshot').where('id', '=', report.body.payload.report.id).executeTakeFirstOrThrow();
    expect((JSON.parse(stored.snapshot) as { content: string }[]).map((m) => m.content)).toEqual(['hello second', 'hi again']);
    // Coming back later is a new pairing too: the returning partner starts on an empty page.
    await second.client.post('/api/topics/leave', { topic_id: topic.id });
    expect((await first.client.post('/api/topics/join', { topic_id: topic.id })).statusCode).toBe(200);
    expect((await page(first.client, topic.id)).body.payload).toMatchObject({ data: [], meta: { total: 0 } });
    await sendMessage(first.client, topic.id, 'back again');
    expect((await page(first.client, topic.id)).body.payload.data.map((m) => m.content)).toEqual(['back again']);
    socket.close();
    again.close();
  });

  it('shows people to each other by chat name only: no account name, email, phone or user id in anything a peer receives', async () => {
    const room = await createRoom(ctx.db);
    const a = await createSignedInUser(ctx.app, identity('Alpha'));
    const b = await createSignedInUser(ctx.app, identity('Bravo'));
    await ctx.db.updateTable('users').set({ surname: 'SurnameAlphaSecret', phone: '+37255501111' }).where('id', '=', a.user.id).execute();
    await ctx.db.updateTable('users').set({ surname: 'SurnameBravoSecret', phone: '+37255502222' }).where('id', '=', b.user.id).execute();
    await a.client.put('/api/user/profile', {
      name: a.user.name,
      surname: 'SurnameAlphaSecret',
      phone: '+37255501111',
      avatar_color: 'teal-blue',
      chat_name: 'Quiet Harbour',
    });

    const received: Record<'a' | 'b', unknown[]> = { a: [], b: [] };
    const keep =
      (who: 'a' | 'b') =>
      <T>(response: ApiResponse<T>) => {
        received[who].push(response.body);
        return response;
      };
    const [sa, sb] = [await connect(a.client), await connect(b.client)];
    const topic = (await keep('a')(await a.client.post<{ topic: Topic }>('/api/topics/create', { room_id: room.id, title: 'Open talk' }))).body.payload.topic;
    await sa.subscribe(topic.id);
    keep('b')(await b.client.get(`/api/topics/index?room_id=${room.id}`));
    keep('b')(await b.client.get(`/api/topics/topic?topic_id=${topic.id}`));
    keep('b')(await b.client.post('/api/topics/join', { topic_id: topic.id }));
    await sb.subscribe(topic.id);
    // Each sender's client id (issue 34 §2: local echo) is theirs alone, like their id.
    keep('a')(await a.client.post('/api/messages/create', { topic_id: topic.id, content: 'hello from alpha', client_id: 'cid-Alpha-own' }));
    keep('b')(await b.client.post('/api/messages/create', { topic_id: topic.id, content: 'hello from bravo', client_id: 'cid-Bravo-own' }));
    keep('b')(await sendFiles(b.client, topic.id, [{ filename: 'b.png', data: sampleFiles.png }], ['image']));
    sa.send({ type: 'typing', topicId: topic.id, isTyping: true });
    sb.send({ type: 'typing', topicId: topic.id, isTyping: true });
    await sb.waitFor(() => sb.events().some((e) => e.type === 'typing'));
    await sa.waitFor(() => sa.events().some((e) => e.type === 'typing') && sa.messageIds(topic.id).length === 3);
    for (const who of ['a', 'b'] as const) {
      const client = who === 'a' ? a.client : b.client;
      keep(who)(await client.get(`/api/topics/topic?topic_id=${topic.id}`));
      keep(who)(await page(client, topic.id));
      keep(who)(await client.get('/api/topics/active'));
      // The topics index joins the owner and the partner into each row (issue 38): names and ids stay home.
      keep(who)(await client.get(`/api/topics/index?room_id=${room.id}`));
    }
    keep('b')(await b.client.post('/api/reports/create', { topic_id: topic.id, type: 'user' }));

    const leaks = (other: UserRow, payloads: unknown[]) => {
      const json = JSON.stringify(payloads);
      const found = [other.name, other.email, 'Surname' + other.name.slice(4, 9) + 'Secret'].filter((s) => json.includes(s));
      if (json.includes(other.id === a.user.id ? '55501111' : '55502222')) found.push('phone');
      if (json.includes(other.id === a.user.id ? 'cid-Alpha-own' : 'cid-Bravo-own')) found.push('client_id');
      const idField = new RegExp(`"(user_id|guest_id|sender_id|userId|senderId|reported_user_id|owner_id)":${other.id}[,}]`);
      if (idField.test(json)) found.push(`id ${json.match(idField)![0]}`);
      return found;
    };
    expect(leaks(a.user, [...received.b, ...sb.frames])).toEqual([]);
    expect(leaks(b.user, [...received.a, ...sa.frames])).toEqual([]);

    // What they do see: each other's chat names.
    const seenByB = await page(b.client, topic.id);
    expect(seenByB.body.payload.data.find((m) => m.content === 'hello from alpha')).toMatchObject({ sender: 'Quiet Harbour', sender_id: null, is_mine: false });
    const topicForB = await b.client.get<{ topic: Topic }>(`/api/topics/topic?topic_id=${topic.id}`);
    expect(topicForB.body.payload.topic).toMatchObject({ interlocutor_name: 'Quiet Harbour', user_id: null, guest_id: b.user.id, is_owner: false });
    const topicForA = await a.client.get<{ topic: Topic }>(`/api/topics/topic?topic_id=${topic.id}`);
    expect(topicForA.body.payload.topic).toMatchObject({ user_id: a.user.id, guest_id: null, is_owner: true });
    expect(sb.events().find((e) => e.type === 'typing')).toEqual({ type: 'typing', topicId: topic.id, name: 'Quiet Harbour', isTyping: true });
    // Their own messages come back to them as theirs, over REST and the socket.
    const own = sa.events().find((e) => e.type === 'message.created' && e.message.content === 'hello from alpha');
    expect(own).toMatchObject({ message: { sender: 'Me', is_mine: true, sender_id: a.user.id, client_id: 'cid-Alpha-own' } });
    expect(own).not.toHaveProperty('senderId');
    expect(own).not.toHaveProperty('clientId');
    sa.close();
    sb.close();
  });

  it('gives every new account a friendly alias as its chat name and lets the user change it', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const profile = await client.get<{ chat_name: string }>('/api/user/profile');
    expect(profile.body.payload.chat_name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    const blank = await client.put('/api/user/profile', { name: 'X', surname: 'Y', phone: '+37251234567', avatar_color: 'teal-blue', chat_name: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.body.errors).toMatchObject({ chat_name: [texts.profile.chatNameRequired] });
  });
});

/** Issue 34 §3: what leaves Parley about a conversation (pushes, the digest mail) names and quotes nobody. */
describe.each(dialects)('push payloads and digest mails carry no identity on %s', (dialect) => {
  let ctx: TestContext;
  let pushService: PushServiceStandIn;
  const clock = new FakeClock();
  beforeAll(async () => {
    pushService = await PushServiceStandIn.start();
    ctx = await createTestContext(dialect, chatContextOptions({ infra: { clock }, config: { jobs: { pollMs: 3600_000 } } }));
  });
  afterAll(async () => {
    await ctx.close();
    await pushService.close();
  });
  const run = async () => {
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
  };

  it('pushes and mails the room and nothing else: no name, email, phone, id, chat name or message text of anyone', async () => {
    const room = await createRoom(ctx.db, 'Late Night Talks');
    const a = await createSignedInUser(ctx.app, identity('Alpha'));
    const b = await createSignedInUser(ctx.app, identity('Bravo'));
    for (const [who, chatName, phone] of [
      [a, 'Quiet Harbour', '+37255501111'],
      [b, 'Silver Lantern', '+37255502222'],
    ] as const) {
      await ctx.db
        .updateTable('users')
        .set({ surname: `Surname${who.user.name.slice(4, 9)}Secret`, phone, chat_name: chatName })
        .where('id', '=', who.user.id)
        .execute();
    }
    const devices = { a: pushService.device(), b: pushService.device() };
    await a.client.post('/api/notifications/push-subscriptions', { endpoint: devices.a.endpoint, keys: devices.a.keys });
    await b.client.post('/api/notifications/push-subscriptions', { endpoint: devices.b.endpoint, keys: devices.b.keys });
    const topic = await createTopicVia(a.client, room.id, 'Topic title SecretTopic');
    await b.client.post('/api/topics/join', { topic_id: topic.id });
    await sendMessage(a.client, topic.id, 'alpha says SecretWordOne');
    await sendMessage(b.client, topic.id, 'bravo says SecretWordTwo');
    await run();
    clock.advance(11 * 60_000);
    await run();

    const sent = { a: pushService.to(devices.a.name).map((r) => r.payload), b: pushService.to(devices.b.name).map((r) => r.payload) };
    const mails = await ctx.db.selectFrom('mails').select(['to', 'subject', 'text', 'headers']).where('to', 'in', [a.user.email, b.user.email]).execute();
    const digests = mails.filter((m) => m.subject.includes('unread conversations')).map(({ subject, text, headers }) => ({ subject, text, headers }));
    // Each got what it should: the join and the other's message as pushes, one digest each.
    expect(sent.a).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Someone joined your topic in Late Night Talks' })]));
    expect(sent.b).toEqual([expect.objectContaining({ title: 'You have a new message in Late Night Talks' })]);
    expect(digests).toHaveLength(2);

    const everything = JSON.stringify([sent, digests]);
    for (const who of [a.user, b.user]) {
      for (const secret of [who.name, who.email, `Surname${who.name.slice(4, 9)}Secret`]) expect(everything).not.toContain(secret);
      expect(everything).not.toMatch(new RegExp(`"(user_id|userId|sender_id|senderId|owner_id)":${who.id}[,}]`));
    }
    for (const secret of ['55501111', '55502222', 'Quiet Harbour', 'Silver Lantern', 'SecretWordOne', 'SecretWordTwo', 'SecretTopic'])
      expect(everything).not.toContain(secret);
  });
});
