import { AsyncLocalStorage } from 'node:async_hooks';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.js';
import { postSandboxEvent, startTopUp } from '../src/modules/deposits/deposits.test-support.js';
import { TestClient } from './client.js';
import { createSignedInUser } from './factories.js';
import { chatContextOptions, createChatPair } from './chat.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from './harness.js';
import { QUIET_MS } from '../src/modules/messages/poll-cache.js';

/**
 * Statements per request on the hot paths (issue 18), counted through Kysely's log hook on a second
 * app instance over the same database: BEGIN and COMMIT count. Measured in steady state, after one
 * request of the same kind has warmed the caches. Only statements caused by the request count (an async
 * context marks them; background sweeps do not), including what its events set off in this instance.
 * A path that drifts back to more round trips fails here.
 */
// webhookCredit: begin, payment event, deposit settles (and is marked waiting for its receipt), balance move,
// ledger entry, commit. The receipt is numbered and mailed by the job worker afterwards, in batches (decision 023).
// On PostgreSQL each balance move and its ledger entry are one statement (a data-modifying CTE), and a send's
// topic access, seq, message, debit and ledger entry are one: a send is 3 statements and a credit 5 there. The sender's look comes from memory (modules/store/look-cache.ts)
// once they sent lately.
const budgets = {
  sqlite: { poll: 3, send: 7, isAuth: 1, webhookCredit: 6 },
  postgres: { poll: 3, send: 3, isAuth: 1, webhookCredit: 5 },
};

describe.each(dialects)('statements per hot request on %s', (dialect) => {
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
    ctx = await createTestContext(dialect, chatContextOptions({ infra: { clock }, seedDemo: true }));
    const db = connectDatabase(ctx.database, { log: (event) => request.getStore() && statements.push(event.query.sql) });
    counted = await ctx.buildAnother({ infra: { clock, db }, migrate: false });
  });
  afterAll(() => ctx.close());

  /** A client of the counting instance, signed in with the same session as `client`. */
  const onCounted = (client: TestClient) => client.on(counted);

  it(`is-auth reads at most ${budget.isAuth} statement`, async () => {
    const { client } = await createSignedInUser(ctx.app);
    const c = onCounted(client);
    await c.get('/api/is-auth');
    const sqls = await count(async () => expect((await c.get('/api/is-auth')).body).toMatchObject({ authenticated: true }));
    expect(sqls.length, sqls.join('\n')).toBeLessThanOrEqual(budget.isAuth);
  });

  it(`a poll with nothing new (If-None-Match, 304) runs at most ${budget.poll} statements`, async () => {
    const { owner, topic } = await createChatPair(ctx.app);
    const c = onCounted(owner.client);
    await c.post('/api/messages/create', { topic_id: topic.id, content: 'Hello there' });
    const url = `/api/messages/index?topic_id=${topic.id}&page=1&page_size=20&order_by=id&order_dir=desc`;
    const etag = String((await c.get(url)).headers.etag);
    const sqls = await count(async () => expect((await c.request('GET', url, { headers: { 'if-none-match': etag } })).statusCode).toBe(304));
    expect(sqls.length, sqls.join('\n')).toBeLessThanOrEqual(budget.poll);
  });

  it(`a poll of messages/index with news runs at most ${budget.poll} statements`, async () => {
    const { owner, topic } = await createChatPair(ctx.app);
    const c = onCounted(owner.client);
    await c.post('/api/messages/create', { topic_id: topic.id, content: 'Hello there' });
    const url = `/api/messages/index?topic_id=${topic.id}&page=1&page_size=20&order_by=id&order_dir=desc`;
    await c.get(url);
    const sqls = await count(async () => expect((await c.get(url)).body.status).toBe('OK'));
    expect(sqls.length, sqls.join('\n')).toBeLessThanOrEqual(budget.poll);
  });

  it('a poll of a conversation where nothing changed since this instance last answered it runs no statement', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    await onCounted(guest.client).post('/api/messages/create', { topic_id: topic.id, content: 'Hello there' });
    // A read that starts right after a change is served but not kept (the writer may not have committed yet).
    await new Promise((r) => setTimeout(r, QUIET_MS + 50));
    const c = onCounted(owner.client);
    const url = `/api/messages/index?topic_id=${topic.id}&page=1&page_size=20&order_by=id&order_dir=desc`;
    const first = await c.get(url);
    const sqls = await count(async () => {
      const again = await c.get(url);
      expect(again.raw.body).toBe(first.raw.body);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect((await c.request('GET', url, { headers: { 'if-none-match': String(first.headers.etag) } })).statusCode).toBe(304);
    });
    expect(sqls, sqls.join('\n')).toEqual([]);
  });

  it(`messages/create runs at most ${budget.send} statements, BEGIN and COMMIT included`, async () => {
    const { owner, topic } = await createChatPair(ctx.app);
    const c = onCounted(owner.client);
    await c.post('/api/messages/create', { topic_id: topic.id, content: 'First' });
    const sqls = await count(async () => expect((await c.post('/api/messages/create', { topic_id: topic.id, content: 'Second' })).body.status).toBe('OK'));
    expect(sqls.length, sqls.join('\n')).toBeLessThanOrEqual(budget.send);
    await expectLedgerConsistent(ctx.db);
  });

  it('sends from different users arriving together share transactions (group commit): fewer BEGINs than sends, every one stored and charged', async () => {
    const pairs = await Promise.all(Array.from({ length: 8 }, () => createChatPair(ctx.app)));
    const clients = pairs.map((p) => onCounted(p.owner.client));
    await Promise.all(clients.map((c, i) => c.post('/api/messages/create', { topic_id: pairs[i]!.topic.id, content: 'Warm up' })));
    const sqls = await count(async () => {
      const answers = await Promise.all(clients.map((c, i) => c.post('/api/messages/create', { topic_id: pairs[i]!.topic.id, content: `Together ${i}` })));
      for (const answer of answers) expect(answer.body.status).toBe('OK');
    });
    const begins = sqls.filter((q) => /^begin/i.test(q));
    const commits = sqls.filter((q) => /^commit/i.test(q));
    expect(begins.length).toBeGreaterThan(0);
    expect(begins.length).toBeLessThan(clients.length);
    expect(commits.length).toBe(begins.length);
    for (const [i, pair] of pairs.entries()) {
      const stored = await ctx.db
        .selectFrom('messages')
        .select('content')
        .where('topic_id', '=', pair.topic.id)
        .where('content', '=', `Together ${i}`)
        .execute();
      expect(stored).toHaveLength(1);
    }
    await expectLedgerConsistent(ctx.db);
  });

  it(`a webhook credit runs at most ${budget.webhookCredit} statements`, async () => {
    const { client } = await createSignedInUser(ctx.app);
    const warm = await startTopUp(client);
    const started = await startTopUp(client);
    const ref = async (id: number) => {
      const row = await ctx.db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return { id, sessionId: row.gateway_session_id!, totalCents: row.total_cents };
    };
    expect((await postSandboxEvent(counted, clock, await ref(warm.deposit.id), 'succeeded')).statusCode).toBe(200);
    const target = await ref(started.deposit.id);
    const sqls = await count(async () => expect((await postSandboxEvent(counted, clock, target, 'succeeded')).statusCode).toBe(200));
    expect(sqls.length, sqls.join('\n')).toBeLessThanOrEqual(budget.webhookCredit);
    const row = await ctx.db.selectFrom('deposits').select('status').where('id', '=', started.deposit.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('success');
    await expectLedgerConsistent(ctx.db);
  });
});
