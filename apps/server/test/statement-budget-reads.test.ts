import { AsyncLocalStorage } from 'node:async_hooks';
import { type Topic } from '@parley/contracts';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.js';
import { TestClient } from './client.js';
import { createRoom, createSignedInUser, createUser } from './factories.js';
import { chatContextOptions, createChatPair } from './chat.js';
import { createTestContext, dialects, FakeClock, type TestContext } from './harness.js';

/**
 * Statements per request of the reads every visitor makes (issue 38), counted as statement-budget.test.ts
 * counts them: the topics index (however many topics the room has: a page is read in page order) and the
 * first page of a chat read without a validator (entering a chat, or a new message).
 */
// The topics index: its two page segments (highlighted topics of active channel owners, then the rest), the
// session from memory. The first page: the topic with its participants, the messages, their attachments.
const budgets = {
  sqlite: { topicsIndex: 2, firstPage: 3 },
  postgres: { topicsIndex: 2, firstPage: 3 },
};

describe.each(dialects)('statements per visitor read on %s', (dialect) => {
  const budget = budgets[dialect];
  let ctx: TestContext;
  let counted: FastifyInstance;
  const clock = new FakeClock(new Date());
  const statements: string[] = [];
  const request = new AsyncLocalStorage<true>();
  const count = async (run: () => Promise<unknown>) => {
    statements.length = 0;
    await request.run(true, run);
    return [...statements];
  };

  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions({ infra: { clock } }));
    const db = connectDatabase(ctx.database, { log: (event) => request.getStore() && statements.push(event.query.sql) });
    counted = await ctx.buildAnother({ infra: { clock, db }, migrate: false });
  });
  afterAll(() => ctx.close());

  const onCounted = (client: TestClient) => client.on(counted);

  it(`the topics index runs at most ${budget.topicsIndex} statements for a page, whatever the room holds`, async () => {
    const room = await createRoom(ctx.db);
    const owner = await createUser(ctx.db, { channelUntil: new Date(Date.now() + 86_400_000) });
    const at = new Date().toISOString();
    const topic = (i: number) => ({
      room_id: room.id,
      user_id: owner.id,
      title: `Topic ${i}`,
      chat_mode: 'human' as const,
      companion_name: 'Ava',
      is_highlighted: i % 10 === 0 ? 1 : 0,
      terms_title: 't',
      terms_description: 'd',
      terms_rules: '[]',
      participants_count: 1,
      waiting_since: at,
      created_at: at,
      updated_at: at,
    });
    await ctx.db
      .insertInto('topics')
      .values(Array.from({ length: 150 }, (_, i) => topic(i)))
      .execute();
    const { client } = await createSignedInUser(ctx.app);
    const c = onCounted(client);
    const url = `/api/topics/index?room_id=${room.id}&page_size=20`;
    await c.get(url);
    for (const query of [url, `${url}&cursor=h100`, `${url}&cursor=100`]) {
      const sqls = await count(async () => expect((await c.get<Topic[]>(query)).body.payload.length).toBe(20));
      expect(sqls.length, sqls.join('\n')).toBeLessThanOrEqual(budget.topicsIndex);
    }
  });

  it(`the first page of a chat, read without a validator, runs at most ${budget.firstPage} statements`, async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    await onCounted(owner.client).post('/api/messages/create', { topic_id: topic.id, content: 'Hello there' });
    const c = onCounted(guest.client);
    const url = `/api/messages/index?topic_id=${topic.id}&page=1&page_size=20&order_by=id&order_dir=desc`;
    await c.get('/api/is-auth');
    const sqls = await count(async () => expect((await c.get(url)).body.status).toBe('OK'));
    expect(sqls.length, sqls.join('\n')).toBeLessThanOrEqual(budget.firstPage);
  });
});
