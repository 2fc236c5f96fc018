import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floorStatements, type FloorRoute } from '../../../bench/floor-sql.js';
import { connectDatabase } from '../src/db/connect.js';
import { TestClient } from './client.js';
import { createRoom, createSignedInUser } from './factories.js';
import { postSandboxEvent, startTopUp } from '../src/modules/deposits/deposits.test-support.js';
import { chatContextOptions, createChatPair } from './chat.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from './harness.js';
import { startServer } from '../../../bench/server.js';

/**
 * The floor server (bench/floor.ts, issue 38) runs the same SQL as the routes it stands beside: this runs
 * each route on a fresh session (nothing in the session cache, as for a crowd of rotating sessions) and
 * compares the statements it sent with the floor's text as a multiset: a route may issue statements in parallel
 * (the rooms index reads its page and its count at once), and on PostgreSQL they finish — and are logged — in
 * either order. A route whose SQL changes fails here until bench/floor-sql.ts follows (FLOOR_SQL_PRINT=<file>
 * writes what the routes ran). The last case starts the floor server on the test database and checks that its
 * routes do the work the app's do (a 304, a stored and charged send, a credit once however often it arrives).
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
    for (const route of ['isAuth', 'rooms', 'topics', 'firstPage'] as const)
      expect(sorted(seen[route]), route).toEqual(sorted(floorStatements(dialect, 2, 1)[route]));
  });

  it('a poll (304 and with news), a send and a webhook credit', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    await guest.client.post('/api/messages/create', { topic_id: topic.id, content: 'Warm up' });
    await (await fresh(owner.user.id)).post('/api/messages/create', { topic_id: topic.id, content: 'Warm up too' });
    const url = `/api/messages/index?topic_id=${topic.id}&page=1&page_size=20&order_by=id&order_dir=desc`;
    // The validator as the other instance names it: the counting instance has not read the guest's access yet.
    const etag = String((await guest.client.get(url)).headers.etag);
    await capture('poll304', async () =>
      expect((await (await fresh(guest.user.id)).request('GET', url, { headers: { 'if-none-match': etag } })).statusCode).toBe(304),
    );
    await capture('send', async () =>
      expect((await (await fresh(owner.user.id)).post('/api/messages/create', { topic_id: topic.id, content: 'Hello again' })).body.status).toBe('OK'),
    );
    await capture('poll', async () =>
      expect((await (await fresh(guest.user.id)).request('GET', url, { headers: { 'if-none-match': etag } })).statusCode).toBe(200),
    );
    const { client } = await createSignedInUser(ctx.app);
    const warm = await startTopUp(client);
    const started = await startTopUp(client);
    const ref = async (id: number) => {
      const row = await ctx.db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return { id, sessionId: row.gateway_session_id!, totalCents: row.total_cents };
    };
    expect((await postSandboxEvent(counted, clock, await ref(warm.deposit.id), 'succeeded')).statusCode).toBe(200);
    const target = await ref(started.deposit.id);
    await capture('webhookCredit', async () => expect((await postSandboxEvent(counted, clock, target, 'succeeded')).statusCode).toBe(200));
    // The poll with news reads the page of the three messages sent so far.
    for (const route of ['poll304', 'poll', 'send', 'webhookCredit'] as const)
      expect(sorted(seen[route]), route).toEqual(sorted(floorStatements(dialect, 2, 3)[route]));
  });

  it('the floor server itself answers them: a poll and its 304, a paid send, a webhook credit once', async () => {
    const floor = await startServer(ctx.database, {}, 'floor.ts');
    try {
      const { guest, topic } = await createChatPair(ctx.app);
      const token = async (userId: number) => (await fresh(userId)).cookies.get('parley_session')!;
      const auth = { authorization: `Bearer ${await token(guest.user.id)}` };
      const url = `${floor.url}/api/messages/index?topic_id=${topic.id}&page=1&page_size=20&order_by=id&order_dir=desc`;
      const sent = await fetch(`${floor.url}/api/messages/create`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ topic_id: topic.id, content: 'From the floor' }),
      });
      expect(sent.status).toBe(200);
      const stored = await ctx.db.selectFrom('messages').select(['content', 'cost', 'sender_id']).where('topic_id', '=', topic.id).execute();
      expect(stored).toEqual([{ content: 'From the floor', cost: expect.any(Number), sender_id: guest.user.id }]);
      await expectLedgerConsistent(ctx.db);
      const page = await fetch(url, { headers: auth });
      expect(page.status).toBe(200);
      const etag = page.headers.get('etag')!;
      expect((await fetch(url, { headers: { ...auth, 'if-none-match': etag } })).status).toBe(304);

      const { client } = await createSignedInUser(ctx.app);
      const started = await startTopUp(client);
      const row = await ctx.db.selectFrom('deposits').selectAll().where('id', '=', started.deposit.id).executeTakeFirstOrThrow();
      const event = JSON.stringify({
        id: `evt_floor_${row.id}`,
        type: 'payment.succeeded',
        created: Math.floor(Date.now() / 1000),
        data: { session_id: row.gateway_session_id, reference: `deposit:${row.id}`, amount_cents: row.total_cents, currency: 'EUR' },
      });
      for (let i = 0; i < 2; i++)
        expect(
          (await fetch(`${floor.url}/api/payments/webhook/sandbox`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: event })).status,
        ).toBe(200);
      const credits = await ctx.db.selectFrom('ledger_entries').selectAll().where('idempotency_key', '=', `deposit:${row.id}`).execute();
      expect(credits.map((c) => c.amount)).toEqual([row.points]);
      expect((await ctx.db.selectFrom('deposits').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()).status).toBe('success');
      await expectLedgerConsistent(ctx.db);
    } finally {
      await floor.stop();
    }
  });
});
