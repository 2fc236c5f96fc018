import { texts, type Block, type Topic } from '@parley/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatContextOptions, createChatPair, createTopicVia } from '../../../test/chat.js';
import { type TestClient } from '../../../test/client.js';
import { createRoom, createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';
import { sendMessage, startAiTopic } from '../../../test/ws-client.js';
import { publicChatName } from '../users/chat-name.js';
import { englishText } from '@parley/contracts/i18n';

describe.each(dialects)('blocking on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions());
  });
  afterAll(() => ctx.close());
  // Matching takes the oldest waiting topic: each test starts with none waiting but its own.
  beforeEach(async () => {
    await ctx.db.updateTable('topics').set({ is_closed: 1, waiting_since: null }).execute();
  });

  const chatNameOf = async (userId: number) => publicChatName(await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow());
  const listed = async (client: TestClient, roomId: number) => (await client.get<Topic[]>(`/api/topics/index?room_id=${roomId}`)).body.payload.map((t) => t.id);

  it('the owner blocks their partner: the partner is taken out, cannot write or come back, and is listed by chat name', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    await sendMessage(guest.client, topic.id, 'hello there');

    const blocked = await owner.client.post<{ block: Block }>('/api/blocks', { topic_id: topic.id });
    expect(blocked.statusCode).toBe(200);
    const name = await chatNameOf(guest.user.id);
    expect(blocked.body.payload.block).toMatchObject({ chat_name: name });
    expect(blocked.body.message).toBe(englishText('blocks.blocked', { name }));
    // Nothing in the answer identifies the blocked person beyond their chat name.
    expect(JSON.stringify(blocked.body)).not.toContain(guest.user.email);
    expect(Object.keys(blocked.body.payload.block).sort()).toEqual(['chat_name', 'created_at', 'id']);

    const write = await guest.client.post('/api/messages/create', { topic_id: topic.id, content: 'are you there?' });
    expect(write.statusCode).toBe(403);
    const rejoin = await guest.client.post('/api/topics/join', { topic_id: topic.id });
    expect(rejoin.statusCode).toBe(403);
    expect((await guest.client.get(`/api/topics/topic?topic_id=${topic.id}`)).statusCode).toBe(403);
    expect((await guest.client.get(`/api/topics/${topic.id}/check-terms`)).statusCode).toBe(403);

    // The owner's topic is theirs still, waiting for someone else.
    const row = await ctx.db.selectFrom('topics').selectAll().where('id', '=', topic.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_closed: 0, participants_count: 1 });
    expect(row.waiting_since).not.toBeNull();

    // Blocking again is the same block.
    const again = await owner.client.post<{ block: Block }>('/api/blocks', { topic_id: topic.id });
    expect(again.body.payload.block.id).toBe(blocked.body.payload.block.id);
    const list = await owner.client.get<{ blocks: Block[] }>('/api/blocks');
    expect(list.body.payload.blocks).toEqual([blocked.body.payload.block]);
    // The blocked person has no list entry and cannot see who blocked them.
    expect((await guest.client.get<{ blocks: Block[] }>('/api/blocks')).body.payload.blocks).toEqual([]);
  });

  it('a partner blocks the owner: the partner leaves, and the owner can no longer reach them', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const blocked = await guest.client.post<{ block: Block }>('/api/blocks', { topic_id: topic.id });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.body.payload.block.chat_name).toBe(await chatNameOf(owner.user.id));
    const row = await ctx.db.selectFrom('topics').select(['participants_count', 'is_closed']).where('id', '=', topic.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ participants_count: 1, is_closed: 0 });
    // The owner keeps writing into their own topic; nobody blocked reads it.
    await sendMessage(owner.client, topic.id, 'anyone?');
    expect((await guest.client.get(`/api/messages/index?topic_id=${topic.id}`)).statusCode).toBe(403);
  });

  it('is never matched again, in either direction, and neither sees the other’s topics', async () => {
    const room = await createRoom(ctx.db);
    const { owner: a, guest: b, topic: first } = await createChatPair(ctx.app);
    expect((await a.client.post('/api/blocks', { topic_id: first.id })).statusCode).toBe(200);
    await a.client.post('/api/topics/leave', { topic_id: first.id });

    // A's new topic waits alone: B's random chat does not find it, anyone else's does.
    const aTopic = await createTopicVia(a.client, room.id, 'Open to all');
    const bRandom = await b.client.get('/api/topics/random?chat_mode=human');
    expect(bRandom.statusCode).toBe(409);
    expect(bRandom.body.message).toBe(texts.topics.noAvailableChats);
    // Joining by id is refused too, and B's topic list does not show it.
    expect((await b.client.post('/api/topics/join', { topic_id: aTopic.id })).statusCode).toBe(403);
    expect(await listed(b.client, room.id)).not.toContain(aTopic.id);

    const c = await createSignedInUser(ctx.app, { coins: 1000 });
    expect(await listed(c.client, room.id)).toContain(aTopic.id);
    await a.client.post('/api/topics/leave', { topic_id: aTopic.id });

    // The other way: B's topic waits, A (the blocker) is not matched with it nor sees it.
    const bTopic = await createTopicVia(b.client, room.id, 'B waits');
    expect((await a.client.get('/api/topics/random?chat_mode=human')).statusCode).toBe(409);
    expect((await a.client.post('/api/topics/join', { topic_id: bTopic.id })).statusCode).toBe(403);
    expect(await listed(a.client, room.id)).not.toContain(bTopic.id);
    expect(await listed(c.client, room.id)).toContain(bTopic.id);
    const matched = await c.client.get<{ topic: Topic }>('/api/topics/random?chat_mode=human');
    expect(matched.body.payload.topic.id).toBe(bTopic.id);
  });

  it('unblocking lets them meet again; only the blocker can remove their block', async () => {
    const room = await createRoom(ctx.db);
    const { owner: a, guest: b, topic } = await createChatPair(ctx.app);
    const { body } = await a.client.post<{ block: Block }>('/api/blocks', { topic_id: topic.id });
    const blockId = body.payload.block.id;

    expect((await b.client.delete(`/api/blocks/${blockId}`)).statusCode).toBe(404);
    const stranger = await createSignedInUser(ctx.app);
    expect((await stranger.client.delete(`/api/blocks/${blockId}`)).statusCode).toBe(404);
    expect((await a.client.get<{ blocks: Block[] }>('/api/blocks')).body.payload.blocks).toHaveLength(1);

    expect((await a.client.delete(`/api/blocks/${blockId}`)).statusCode).toBe(200);
    expect((await a.client.delete(`/api/blocks/${blockId}`)).statusCode).toBe(404);
    expect((await a.client.get<{ blocks: Block[] }>('/api/blocks')).body.payload.blocks).toEqual([]);
    await a.client.post('/api/topics/leave', { topic_id: topic.id });
    const again = await createTopicVia(a.client, room.id);
    const matched = await b.client.get<{ topic: Topic }>('/api/topics/random?chat_mode=human');
    expect(matched.body.payload.topic.id).toBe(again.id);
  });

  it('refuses a conversation the user is not part of, and one with nobody to block', async () => {
    const { topic } = await createChatPair(ctx.app);
    const outsider = await createSignedInUser(ctx.app);
    const refused = await outsider.client.post('/api/blocks', { topic_id: topic.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toBe(texts.topics.noPermission);
    expect((await outsider.client.post('/api/blocks', { topic_id: 99_999_999 })).statusCode).toBe(404);

    const aiOwner = await createSignedInUser(ctx.app, { coins: 1000 });
    const aiTopic = await startAiTopic(aiOwner.client);
    const nobody = await aiOwner.client.post('/api/blocks', { topic_id: aiTopic });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.body.message).toBe(texts.blocks.nobodyToBlock);
    expect(await ctx.db.selectFrom('blocks').select('id').where('blocker_id', '=', outsider.user.id).execute()).toEqual([]);
  });

  it('two blocks at once from both sides leave each one block and the pair apart', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const [x, y] = await Promise.all([owner.client.post('/api/blocks', { topic_id: topic.id }), guest.client.post('/api/blocks', { topic_id: topic.id })]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    const rows = await ctx.db.selectFrom('blocks').selectAll().where('topic_id', '=', topic.id).execute();
    expect(rows).toHaveLength(2);
    const row = await ctx.db.selectFrom('topics').select('participants_count').where('id', '=', topic.id).executeTakeFirstOrThrow();
    expect(row.participants_count).toBe(1);
  });
});
