import { type Message } from '@parley/contracts';
import { type FastifyInstance } from 'fastify';
import { Kysely, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatContextOptions, createChatPair } from '../../../test/chat.js';
import { TestClient } from '../../../test/client.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';
import { type Database } from '../../db/database.js';
import { invalidationsOf } from '../../db/write-invalidations.js';
import { type TopicAccess } from '../topics/topics.access.js';
import { gunzipSync } from 'node:zlib';
import { TopicCache } from '../../lib/topic-cache.js';
import { PageCache } from './page-cache.js';
import { AccessCache, QUIET_MS } from './poll-cache.js';

const access = (topicId: number, active: number[]): TopicAccess =>
  ({
    topic: { id: topicId },
    isMember: true,
    active: active.map((user_id) => ({ user_id, joined_at: '', is_contributor: 0 })),
    participations: [],
  }) as unknown as TopicAccess;

describe('topic cache: what it keeps', () => {
  const shows = (topicId: number, users: number[]) => ({ topicId, users });

  it('keeps a read only when it started after the quiet period of every change announced for its topic', () => {
    const cache = new AccessCache();
    cache.apply({ kind: 'topic', topicId: 1 }, 1_000);
    expect(cache.keep(1, 10, access(1, [10, 11]), 1_000 + QUIET_MS - 1)).toBe(false);
    expect(cache.keep(1, 10, access(1, [10, 11]), 1_000 + QUIET_MS + 1)).toBe(true);
    expect(cache.find(1, 10)?.topic.id).toBe(1);
    // Another topic's change does not matter; a change of this one drops it.
    cache.apply({ kind: 'topic', topicId: 2 }, 6_000);
    expect(cache.find(1, 10)).toBeDefined();
    cache.apply({ kind: 'topic', topicId: 1 }, 6_000);
    expect(cache.find(1, 10)).toBeUndefined();
  });

  it('a change to a user drops every entry that shows them, and no other', () => {
    const cache = new TopicCache<string>({ maxWeight: 100 });
    cache.set('page-1', 'a', shows(1, [10, 42]), 0);
    cache.set('page-2', 'b', shows(2, [20, 21]), 0);
    cache.apply({ kind: 'user', userId: 42 }, 100);
    expect(cache.get('page-1')).toBeUndefined();
    expect(cache.get('page-2')).toBe('b');
    // A read showing that user started before the change's quiet period ended is not kept; one after it is.
    expect(cache.set('page-1', 'a', shows(1, [10, 42]), 50)).toBe(false);
    expect(cache.set('page-1', 'a', shows(1, [10, 42]), 100 + QUIET_MS + 1)).toBe(true);
  });

  it('keeps an unchanged entry however long ago it was read: only the bus drops it (no time limit)', () => {
    const cache = new TopicCache<string>({ maxWeight: 100 });
    cache.set('page', 'a', shows(1, [10]), 0);
    cache.apply({ kind: 'topic', topicId: 2 }, 24 * 3_600_000);
    cache.apply({ kind: 'settings' }, 24 * 3_600_000);
    expect(cache.get('page')).toBe('a');
  });

  it('is bounded by weight, dropping the least recently used first', () => {
    const cache = new TopicCache<string>({ maxWeight: 10, weigh: (v) => v.length });
    cache.set('a', 'xxx', shows(1, []), 0);
    cache.set('b', 'xxx', shows(2, []), 0);
    cache.set('c', 'xxx', shows(3, []), 0);
    expect(cache.get('a')).toBe('xxx');
    cache.set('d', 'xxx', shows(4, []), 0);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual(['xxx', 'xxx', 'xxx']);
    expect(cache.totalWeight).toBe(9);
    // Growing an entry (a gzipped copy beside it) counts too: the least recently used ('a', read first above) goes.
    cache.grow('d', 3);
    expect(cache.get('a')).toBeUndefined();
    expect([cache.get('c'), cache.get('d'), cache.totalWeight]).toEqual(['xxx', 'xxx', 9]);
  });

  it('keeps nothing while the bus is not listening, and reads again what an earlier bus epoch kept', () => {
    let epoch = 1;
    const cache = new AccessCache(() => epoch);
    cache.keep(1, 10, access(1, [10]), 0);
    epoch = -1;
    expect(cache.find(1, 10)).toBeUndefined();
    expect(cache.keep(1, 10, access(1, [10]), 0)).toBe(false);
    epoch = 2;
    expect(cache.keep(1, 10, access(1, [10]), 0)).toBe(true);
    epoch = 3;
    expect(cache.find(1, 10)).toBeUndefined();
  });

  it('the page cache gzips a page once and keeps the copy beside it, within its byte bound', async () => {
    const cache = new PageCache(undefined, 100_000);
    const page = { body: JSON.stringify({ status: 'OK', payload: 'x'.repeat(5_000) }) };
    cache.keep('etag', page, shows(1, [10]), 0);
    const gzipped = await cache.gzippedOf('etag', page);
    expect(gunzipSync(gzipped).toString()).toBe(page.body);
    expect(await cache.gzippedOf('etag', page)).toBe(gzipped);
    expect(cache.bytes).toBe(page.body.length + gzipped.length);
    cache.apply({ kind: 'topic', topicId: 1 }, 10);
    expect([cache.get('etag'), cache.bytes]).toEqual([undefined, 0]);
  });
});

describe('cache-writes: which writes name which cache entries', () => {
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  afterAll(() => db.destroy());
  const of = (query: { toOperationNode(): unknown }) => invalidationsOf(query.toOperationNode() as Parameters<typeof invalidationsOf>[0]);

  it('names the topic of a topic, participant or message write; all topics when it cannot tell', () => {
    expect(of(db.updateTable('topics').set({ last_seq: 3 }).where('id', '=', 7))).toEqual([{ kind: 'topic', topicId: 7 }]);
    expect(of(db.updateTable('topic_participants').set({ left_at: 'now' }).where('topic_id', '=', 7).where('user_id', '=', 3))).toEqual([
      { kind: 'topic', topicId: 7 },
    ]);
    const participant = { topic_id: 8, user_id: 3, joined_at: 'now', left_at: null, from_seq: 0, to_seq: null };
    expect(
      of(
        db
          .insertInto('topic_participants')
          .values(participant)
          .onConflict((oc) => oc.columns(['topic_id', 'user_id']).doNothing()),
      ),
    ).toEqual([{ kind: 'topic', topicId: 8 }]);
    const message = { topic_id: 9, seq: 1, sender_id: 3, sender_kind: 'user' as const, content: 'hi', cost: 0, look: null, client_id: null, created_at: 'now' };
    expect(of(db.insertInto('messages').values([message, { ...message, topic_id: 10 }]))).toEqual([
      { kind: 'topic', topicId: 9 },
      { kind: 'topic', topicId: 10 },
    ]);
    expect(of(db.deleteFrom('messages').where('id', '=', 5))).toEqual([{ kind: 'topics' }]);
    expect(of(db.updateTable('topics').set({ is_closed: 1 }).where('user_id', '=', 3))).toEqual([{ kind: 'topics' }]);
    expect(of(db.insertInto('topics').values({ title: 'x' } as never))).toEqual([]);
  });

  it('names the user of an equipped-skin write (their look); every look for a product write or when it cannot tell', () => {
    const row = { user_id: 4, kind: 'bubble_color' as const, product_id: 2, updated_at: 'now' };
    expect(of(db.insertInto('equipped_skins').values(row))).toEqual([{ kind: 'look', userId: 4 }]);
    expect(of(db.deleteFrom('equipped_skins').where('user_id', '=', 4).where('kind', '=', 'bubble_color'))).toEqual([{ kind: 'look', userId: 4 }]);
    expect(of(db.deleteFrom('equipped_skins').where('product_id', '=', 2))).toEqual([{ kind: 'looks' }]);
    expect(of(db.updateTable('products').set({ look: 'mint' }).where('id', '=', 2))).toEqual([{ kind: 'looks' }]);
  });

  it('names the user of a user row change, except a balance move; reads name nothing', () => {
    expect(of(db.updateTable('users').set({ chat_name: 'New' }).where('id', '=', 4))).toEqual([{ kind: 'user', userId: 4 }]);
    expect(of(db.updateTable('users').set({ balance: 5 }).where('id', '=', 4))).toEqual([]);
    expect(of(db.selectFrom('topics').selectAll().where('id', '=', 1))).toEqual([]);
  });
});

/**
 * Two instances on one database (over Redis on PostgreSQL when REDIS_URL is set): whatever changes a
 * conversation on one is seen by the next poll on the other, whose cache had the conversation.
 */
describe.each(dialects)('poll cache across two instances on %s', (dialect) => {
  const redisUrl = process.env.REDIS_URL;
  let ctx: TestContext;
  let other: FastifyInstance;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions({ env: redisUrl && dialect === 'postgres' ? { REDIS_URL: redisUrl } : {} }));
    other = await ctx.buildAnother({ migrate: false });
  });
  afterAll(() => ctx.close());

  const onOther = (client: TestClient) => client.on(other);
  const pageUrl = (topicId: number) => `/api/messages/index?topic_id=${topicId}&page=1&page_size=20&order_by=id&order_dir=desc`;
  const quiet = () => new Promise((r) => setTimeout(r, QUIET_MS + 50));
  /** Polls until `ok` holds (the other instance hears of a change within the bus's latency), at most 2 s. */
  async function pollUntil<T>(client: TestClient, url: string, ok: (response: Awaited<ReturnType<TestClient['get']>>) => T | false) {
    const deadline = Date.now() + 2_000;
    for (;;) {
      const response = await client.get<{ data: Message[] }>(url);
      const result = ok(response);
      if (result !== false || Date.now() > deadline) return { response, result };
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** A pair whose conversation the other instance has answered (and kept) for both. */
  async function warmPair() {
    const pair = await createChatPair(ctx.app);
    await pair.guest.client.post('/api/messages/create', { topic_id: pair.topic.id, content: 'First' });
    await quiet();
    const ownerThere = onOther(pair.owner.client);
    const guestThere = onOther(pair.guest.client);
    for (const c of [ownerThere, guestThere]) for (let i = 0; i < 2; i++) expect((await c.get(pageUrl(pair.topic.id))).statusCode).toBe(200);
    return { ...pair, ownerThere, guestThere };
  }

  it('a message sent on one instance is in the next poll on the other', async () => {
    const { topic, guest, ownerThere } = await warmPair();
    await guest.client.post('/api/messages/create', { topic_id: topic.id, content: 'Second' });
    const { result } = await pollUntil(ownerThere, pageUrl(topic.id), (r) => (r.body.payload as { data: Message[] }).data[0]?.content === 'Second');
    expect(result).toBe(true);
  });

  it("a new chat name shows in the other instance's next page", async () => {
    const { topic, guest, ownerThere } = await warmPair();
    await ctx.app.db.updateTable('users').set({ chat_name: 'Renamed Guest' }).where('id', '=', guest.user.id).execute();
    const { result } = await pollUntil(ownerThere, pageUrl(topic.id), (r) => (r.body.payload as { data: Message[] }).data[0]?.sender === 'Renamed Guest');
    expect(result).toBe(true);
  });

  it('a partner who left on one instance cannot read on the other', async () => {
    const { topic, guest, guestThere } = await warmPair();
    expect((await guest.client.post('/api/topics/leave', { topic_id: topic.id })).body.status).toBe('OK');
    const { response } = await pollUntil(guestThere, pageUrl(topic.id), (r) => r.statusCode === 403);
    expect(response.statusCode).toBe(403);
  });
});
