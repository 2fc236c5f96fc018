import { type Topic } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatContextOptions, createChatPair } from '../../../test/chat.js';
import { type TestClient } from '../../../test/client.js';
import { createRoom, createSignedInUser, createUser } from '../../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';
import { addParticipant, insertTopic } from './topics.repository.js';
import { defaultTerms } from './topics.service.js';

/**
 * The topics index in pages (issue 38): every open topic of the room exactly once across the pages,
 * highlighted topics of active channel owners first, then newest first; blocked owners' topics never,
 * closed ones and other rooms' never; each entry the same as the topic's own view.
 */
describe.each(dialects)('topics index pages on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions());
  });
  afterAll(() => ctx.close());

  const openTopic = async (roomId: number, userId: number, values: { highlighted?: boolean; closed?: boolean } = {}) => {
    const now = new Date().toISOString();
    const topic = await insertTopic(ctx.db, {
      room_id: roomId,
      user_id: userId,
      title: `Topic ${Math.random().toString(36).slice(2, 8)}`,
      chat_mode: 'human',
      companion_name: 'Ava',
      is_highlighted: values.highlighted ? 1 : 0,
      highlight_color: values.highlighted ? '#ff0000' : null,
      text_look: values.highlighted ? 'bold' : 'normal',
      color: values.highlighted ? '#ff0000' : null,
      is_closed: values.closed ? 1 : 0,
      terms_title: defaultTerms.title,
      terms_description: defaultTerms.description,
      terms_rules: JSON.stringify(defaultTerms.rules),
      participants_count: 1,
      waiting_since: now,
      created_at: now,
      updated_at: now,
    });
    await addParticipant(ctx.db, topic.id, userId, now, 0);
    return topic.id;
  };

  /** Every page of the index, following next_cursor. */
  const walk = async (client: TestClient, query: string) => {
    const pages: number[][] = [];
    let cursor: string | null = null;
    do {
      const response: { statusCode: number; body: { payload: Topic[] } } = await client.get<Topic[]>(
        `/api/topics/index?${query}${cursor === null ? '' : `&cursor=${cursor}`}`,
      );
      expect(response.statusCode).toBe(200);
      pages.push(response.body.payload.map((t) => t.id));
      cursor = (response.body as unknown as { next_cursor: string | null }).next_cursor;
    } while (cursor !== null && pages.length < 50);
    return pages;
  };

  it('walks every open topic of a room once, highlighted topics of active channel owners first, and never a blocked owner’s', async () => {
    const room = await createRoom(ctx.db);
    const other = await createRoom(ctx.db);
    const { user: viewer, client } = await createSignedInUser(ctx.app);
    const plain = await createUser(ctx.db);
    const channel = await createUser(ctx.db, { channelUntil: new Date(Date.now() + 86_400_000) });
    const lapsed = await createUser(ctx.db, { channelUntil: new Date(Date.now() - 86_400_000) });
    const blocker = await createUser(ctx.db);
    const blocked = await createUser(ctx.db);
    const at = new Date().toISOString();
    await ctx.db
      .insertInto('blocks')
      .values([
        { blocker_id: blocker.id, blocked_id: viewer.id, topic_id: null, blocked_chat_name: 'x', created_at: at },
        { blocker_id: viewer.id, blocked_id: blocked.id, topic_id: null, blocked_chat_name: 'y', created_at: at },
      ])
      .execute();

    const plainIds: number[] = [];
    const highlightedIds: number[] = [];
    for (let i = 0; i < 3; i++) plainIds.push(await openTopic(room.id, plain.id));
    highlightedIds.push(await openTopic(room.id, channel.id, { highlighted: true }));
    plainIds.push(await openTopic(room.id, lapsed.id, { highlighted: true }));
    await openTopic(room.id, blocker.id);
    await openTopic(room.id, blocked.id);
    await openTopic(room.id, plain.id, { closed: true });
    await openTopic(other.id, plain.id);
    for (let i = 0; i < 3; i++) plainIds.push(await openTopic(room.id, plain.id));
    highlightedIds.push(await openTopic(room.id, channel.id, { highlighted: true }));
    plainIds.push(await openTopic(room.id, viewer.id));

    const expected = [...highlightedIds.sort((a, b) => b - a), ...plainIds.sort((a, b) => b - a)];
    for (const size of [1, 2, 3, 5, 100]) {
      const pages = await walk(client, `room_id=${room.id}&page_size=${size}`);
      expect(pages.flat()).toEqual(expected);
      expect(pages.every((p) => p.length <= size)).toBe(true);
      // No empty last page: next_cursor is null once the last topic was given.
      expect(pages.at(-1)!.length).toBeGreaterThan(0);
    }
    // The default page is the documented size, and "All" has this room's topics in the same order.
    const first = await client.get<Topic[]>(`/api/topics/index?room_id=${room.id}`);
    expect(first.body.payload.map((t) => t.id)).toEqual(expected);
    const all = (await walk(client, 'page_size=7')).flat();
    expect(all.filter((id) => expected.includes(id))).toEqual(expected);
    expect(first.body.payload.slice(0, 2).every((t) => t.is_highlighted)).toBe(true);
    expect(first.body.payload.slice(2).some((t) => t.is_highlighted)).toBe(false);
  });

  it('refuses a malformed cursor or page size, and reads a cursor past the id range as the first page', async () => {
    const { client } = await createSignedInUser(ctx.app);
    for (const query of ['cursor=abc', 'cursor=0', 'cursor=h', 'page_size=0', 'page_size=101'])
      expect((await client.get(`/api/topics/index?${query}`)).statusCode, query).toBe(422);
    const first = await client.get<Topic[]>('/api/topics/index?page_size=3');
    for (const cursor of ['9999999999', 'h9999999999']) {
      const far = await client.get<Topic[]>(`/api/topics/index?page_size=3&cursor=${cursor}`);
      expect(far.statusCode, cursor).toBe(200);
      if (cursor.startsWith('h')) expect(far.body.payload).toEqual(first.body.payload);
    }
  });

  it('shows each topic as the topic’s own view shows it, to its owner, its partner and an outsider', async () => {
    const { owner, guest, topic, room } = await createChatPair(ctx.app);
    const outsider = await createSignedInUser(ctx.app);
    for (const client of [owner.client, guest.client]) {
      const listed = (await client.get<Topic[]>(`/api/topics/index?room_id=${room.id}`)).body.payload.find((t) => t.id === topic.id);
      const own = (await client.get<{ topic: Topic }>(`/api/topics/topic?topic_id=${topic.id}`)).body.payload.topic;
      expect(listed).toEqual(own);
    }
    const seen = (await outsider.client.get<Topic[]>(`/api/topics/index?room_id=${room.id}`)).body.payload.find((t) => t.id === topic.id);
    expect(seen).toMatchObject({ is_member: false, is_owner: false, user_id: null, guest_id: null, participants_count: 2 });
  });
});
