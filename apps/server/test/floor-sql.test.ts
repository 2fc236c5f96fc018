import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floorStatements, type FloorRoute } from '../../../bench/floor-sql.js';
import { connectDatabase } from '../src/db/connect.js';
import { TestClient } from './client.js';
import { createRoom } from './factories.js';
import { chatContextOptions, createChatPair } from './chat.js';
import { createTestContext, dialects, FakeClock, type TestContext } from './harness.js';

/**
 * The floor server (bench/floor.ts, issue 38) runs the same SQL as the routes it stands beside: this runs
 * each route on a fresh session (nothing in the session cache, as for a crowd of rotating sessions) and
 * compares the statements it sent with the floor's text as a multiset: a route may issue statements in parallel
 * (the rooms index reads its page and its count at once), and on PostgreSQL they finish — and are logged — in
 * either order. A route whose SQL changes fails here until bench/floor-sql.ts follows (FLOOR_SQL_PRINT=<file>
 * writes what the routes ran).
 */
const sorted = (statements: readonly string[] | undefined) => [...(statements ?? [])].sort();

describe.each(dialects)('the floor server runs the routes’ SQL on %s', (dialect) => {
  let ctx: TestContext;
  let counted: FastifyInstance;
  const clock = new FakeClock(new Date());
  const statements: string[] = [];
  const request = new AsyncLocalStorage<true>();
  const seen: Partial<Record<FloorRoute, string[]>> = {};
  const capture = async (route: FloorRoute, run: () => Promise<unknown>) => {
    statements.length = 0;
    await request.run(true, run);
    seen[route] = [...statements];
    return seen[route];
  };

  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions({ infra: { clock } }));
    const db = connectDatabase(ctx.database, { log: (event) => request.getStore() && statements.push(event.query.sql) });
    counted = await ctx.buildAnother({ infra: { clock, db }, migrate: false });
  });
  afterAll(async () => {
    if (process.env.FLOOR_SQL_PRINT) writeFileSync(`${process.env.FLOOR_SQL_PRINT}.${dialect}.json`, JSON.stringify(seen, null, 2));
    await ctx.close();
  });

  /** A client of the counting instance with a session it has never seen (written as bench/dataset.ts writes them). */
  let sessions = 0;
  const fresh = async (userId: number) => {
    const token = `floor-${dialect}-${++sessions}-${Date.now()}`;
    const at = new Date();
    await ctx.db
      .insertInto('sessions')
      .values({
        id: createHash('sha256').update(token).digest('hex'),
        user_id: userId,
        created_at: at.toISOString(),
        last_seen_at: at.toISOString(),
        expires_at: new Date(at.getTime() + 86_400_000).toISOString(),
        user_agent: 'floor',
        ip: '127.0.0.1',
      })
      .execute();
    const client = new TestClient(counted);
    client.cookies.set('parley_session', token);
    return client;
  };

  it('is-auth, the rooms index, the topics index and a chat’s first page', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    await owner.client.post('/api/messages/create', { topic_id: topic.id, content: 'Hello there' });
    const room = await createRoom(ctx.db);
    // Once through every route first: start-up work and what stays in memory (languages) are not a request's.
    for (const path of ['/api/is-auth', '/api/rooms/index?page=1', `/api/topics/index?room_id=${room.id}`]) await (await fresh(owner.user.id)).get(path);
    await capture('isAuth', async () => expect((await (await fresh(owner.user.id)).get('/api/is-auth')).statusCode).toBe(200));
    await capture('rooms', async () => expect((await (await fresh(owner.user.id)).get('/api/rooms/index?page=1')).statusCode).toBe(200));
    await capture('topics', async () => expect((await (await fresh(owner.user.id)).get(`/api/topics/index?room_id=${room.id}`)).statusCode).toBe(200));
    const url = `/api/messages/index?topic_id=${topic.id}&page=1&page_size=20&order_by=id&order_dir=desc`;
    await capture('firstPage', async () => expect((await (await fresh(guest.user.id)).get(url)).statusCode).toBe(200));
    for (const route of ['isAuth', 'rooms', 'topics', 'firstPage'] as const) expect(sorted(seen[route]), route).toEqual(sorted(floorStatements(dialect, 2, 1)[route]));
  });
});
