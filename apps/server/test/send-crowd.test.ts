import { Agent, request } from 'node:http';
import { type AddressInfo } from 'node:net';
import { cookieNames } from '@parley/contracts';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient } from './client.js';
import { chatContextOptions, createChatPair } from './chat.js';
import { createTestContext, dialects, expectLedgerConsistent, type TestContext } from './harness.js';

/**
 * Issue 38 §0: sends in a crowd's shape — both participants of many chats sending at once, in no order —
 * over a real HTTP server. On PostgreSQL the group committer runs several batches at once; when two of
 * them took the same topic (or user) rows in opposite orders, PostgreSQL broke the deadlock after a
 * second and the whole batch ran again one by one. Here no batch is rolled back (the server's log says
 * so), every send is acknowledged once, each topic's seqs have no gap, and the ledger is exact.
 */
describe.each(dialects)('sends from both participants of many chats at once on %s', (dialect) => {
  let ctx: TestContext;
  let server: FastifyInstance;
  let base: string;
  const logged: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions());
    // A second instance on the same database, listening on a port and logging what it warns about.
    server = await ctx.buildAnother({
      migrate: false,
      logger: true,
      logStream: { write: (line: string) => void logged.push(line) },
      config: { ...ctx.config, logLevel: 'warn' },
    });
    await server.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    agent.destroy();
    await ctx.close();
  });

  /** 50 keep-alive connections, as a crowd behind wrk -c50 would hold (one per request would pass the server's connection cap). */
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  const post = (url: string, headers: Record<string, string>, body: unknown) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers, agent }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
      });
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });

  /** What a browser sends: the session cookie and the CSRF header. */
  async function browserHeaders(client: TestClient) {
    await client.get('/api/sanctum/csrf-cookie');
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return { cookie, 'x-xsrf-token': client.cookies.get(cookieNames.xsrf) ?? '', 'content-type': 'application/json' };
  }

  it('no batch deadlocks or is rolled back, every send is acknowledged once, seqs have no gap, the ledger is exact', async () => {
    const TOPICS = 24;
    const ROUNDS = 3;
    const EACH = 4;
    const pairs = [];
    // Every other chat's guest is a contributor: a send to them credits a second user's row.
    for (let i = 0; i < TOPICS; i++) pairs.push(await createChatPair(ctx.app, { coins: 1000 }, { coins: 1000, contributor: i % 2 === 1 }));
    const senders = [];
    for (const pair of pairs)
      for (const who of [pair.owner, pair.guest]) senders.push({ topicId: pair.topic.id, user: who.user, headers: await browserHeaders(who.client) });

    // Every sender's sends, interleaved in a shuffled order, all at once; a few such bursts.
    const sends = senders.flatMap((s) => Array.from({ length: ROUNDS * EACH }, (_, n) => ({ ...s, clientId: `crowd-${s.user.id}-${n}` })));
    const responses = [];
    for (let round = 0; round < ROUNDS; round++) {
      const burst = sends.filter((_, i) => i % ROUNDS === round);
      shuffle(burst);
      responses.push(
        ...(await Promise.all(
          burst.map(async (s) => {
            const response = await post(`${base}/api/messages/create`, s.headers, {
              topic_id: s.topicId,
              content: `hello from ${s.clientId}`,
              client_id: s.clientId,
            });
            return { send: s, status: response.status, body: response.body as { status: string; payload: { message: { id: number; seq: number } } } };
          }),
        )),
      );
    }

    const failed = responses.filter((r) => r.status !== 200).map((r) => JSON.stringify(r.body));
    expect(failed, logged.join('')).toEqual([]);
    const ids = responses.map((r) => r.body.payload.message.id);
    expect(new Set(ids).size).toBe(sends.length);
    expect(logged.filter((line) => /deadlock|rolled back/i.test(line))).toEqual([]);

    // Each topic: exactly its 2 × ROUNDS × EACH messages, seqs 1…2·ROUNDS·EACH, each client id once.
    for (const pair of pairs) {
      const rows = await ctx.db.selectFrom('messages').select(['seq', 'client_id']).where('topic_id', '=', pair.topic.id).orderBy('seq').execute();
      expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 2 * ROUNDS * EACH }, (_, i) => i + 1));
      expect(new Set(rows.map((r) => r.client_id)).size).toBe(2 * ROUNDS * EACH);
    }
    // One charge per message, and every balance is what its entries say.
    const charges = await ctx.db
      .selectFrom('ledger_entries')
      .select(['reference_id'])
      .where('kind', '=', 'message')
      .where('reference_id', 'in', ids.map(String))
      .execute();
    const paid = await ctx.db.selectFrom('messages').select('id').where('id', 'in', ids).where('cost', '>', 0).execute();
    expect(paid.length).toBeGreaterThan(0);
    expect(charges.map((c) => Number(c.reference_id)).sort((a, b) => a - b)).toEqual(paid.map((m) => m.id).sort((a, b) => a - b));
    await expectLedgerConsistent(ctx.db);
    // Hundreds of requests through a real socket on a shared 2-core machine: no timing is asserted, only outcomes.
  }, 180_000);
});

/** Fisher–Yates, in place. */
function shuffle<T>(items: T[]) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}
