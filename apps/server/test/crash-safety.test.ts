import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSettings } from '../src/modules/reference/settings.service.js';
import { checkoutBody } from '../src/modules/deposits/deposits.test-support.js';
import { getCompanionWorker } from '../src/modules/companion/companion.routes.js';
import { createTopicVia } from './chat.js';
import { createRoom, createSignedInUser } from './factories.js';
import { createTestContext, dialects, expectLedgerConsistent, type TestContext } from './harness.js';
import { startAiTopic } from './ws-client.js';

const here = dirname(fileURLToPath(import.meta.url));

/** One server process on the test database; `kill()` is SIGKILL, no shutdown hooks run. */
interface ServerProcess {
  base: string;
  child: ChildProcess;
  kill(): Promise<void>;
}

async function startServer(database: unknown, dataDir: string, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const child = fork(join(here, 'crash-server.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, CRASH_DATABASE: JSON.stringify(database), DATA_DIR: dataDir, ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server child did not start in 45 s')), 45_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve((message as { port: number }).port);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server child exited early with ${code}`));
    });
  });
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

interface Reply<T> {
  status: number;
  body: { status: string; payload: T; [key: string]: unknown };
}

async function api<T>(base: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply<T>> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Reply<T>['body'] };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const SENDERS = 4;
const REQUESTS_PER_SENDER = 60;
/** The kill comes after this many acknowledged sends in all: well inside the load. */
const KILL_AFTER_ACKS = 50;
/** The companion answers this many seconds after the last user message: after the kill, before the restart is done. */
const REPLY_DELAY_S = 15;
const TOP_UP_AMOUNT = 10;

describe.each(dialects)('crash safety: SIGKILL under send load on %s', (dialect) => {
  let ctx: TestContext;
  let failingHook: Server;
  let hookCalls = 0;
  const servers: ServerProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-crash-'));

  beforeAll(async () => {
    // The test process only prepares data: its own companion worker must not answer anything.
    ctx = await createTestContext(dialect, { env: { DATA_DIR: dataDir } });
    failingHook = createServer((request, response) => {
      hookCalls += 1;
      request.resume();
      request.on('end', () => response.writeHead(503).end());
    });
    await new Promise<void>((resolve) => failingHook.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const server of servers) await server.kill();
    await new Promise((resolve) => failingHook.close(resolve));
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged message, every coin, the pending companion reply and the pending webhook credit', async () => {
    const { db } = ctx;
    await saveSettings(db, { bot_reply_delay_enabled: true, bot_reply_interval_min: REPLY_DELAY_S, bot_reply_interval_max: REPLY_DELAY_S });

    // Senders talk in pairs (a topic seats two); tokens come from /api/login (sessions live in the database).
    const room = await createRoom(db);
    const senders: { id: number; token: string; topicId: number }[] = [];
    for (let i = 0; i < SENDERS; i++) {
      const { user, client } = await createSignedInUser(ctx.app, { coins: 100_000 });
      let topicId = senders[i - 1]?.topicId ?? 0;
      if (i % 2 === 0) topicId = (await createTopicVia(client, room.id)).id;
      else expect((await client.post('/api/topics/join', { topic_id: topicId })).body.status).toBe('OK');
      const login = await client.login(user.email, 'Secret123pass');
      senders.push({ id: user.id, token: (login.body.payload as { token: string }).token, topicId });
    }
    const loadTopics = [...new Set(senders.map((s) => s.topicId))];
    const aiUser = await createSignedInUser(ctx.app, { coins: 5000 });
    const aiToken = ((await aiUser.client.login(aiUser.user.email, 'Secret123pass')).body.payload as { token: string }).token;
    const payer = await createSignedInUser(ctx.app);
    const payerToken = ((await payer.client.login(payer.user.email, 'Secret123pass')).body.payload as { token: string }).token;

    const hookUrl = `http://127.0.0.1:${(failingHook.address() as AddressInfo).port}/hook`;
    const first = await startServer(ctx.database, dataDir, { CRASH_OUTBOX_TARGET: hookUrl });
    servers.push(first);

    // Pending companion reply: a user message in an ai-mode topic, answered REPLY_DELAY_S later.
    const aiTopic = await api<{ topic: { id: number } }>(first.base, aiToken, 'GET', '/api/topics/random?chat_mode=ai');
    expect(aiTopic.body.status, JSON.stringify(aiTopic.body)).toBe('OK');
    const aiTopicId = aiTopic.body.payload.topic.id;
    const aiSent = await api<{ message: { id: number } }>(first.base, aiToken, 'POST', '/api/messages/create', {
      topic_id: aiTopicId,
      content: 'Hello! I love sailing on the lake',
    });
    expect(aiSent.body.status).toBe('OK');
    const repliesOf = () => db.selectFrom('companion_replies').selectAll().where('topic_id', '=', aiTopicId).execute();
    const companionMessages = () => db.selectFrom('messages').selectAll().where('topic_id', '=', aiTopicId).where('sender_kind', '=', 'companion').execute();
    await waitFor(
      repliesOf,
      (rows) => rows.some((r) => r.status === 'pending' && r.last_user_message_id === aiSent.body.payload.message.id),
      'pending reply',
      10_000,
    );

    // Pending webhook credit: a paid sandbox checkout whose first delivery failed (503).
    const checkout = await api<{ deposit: { id: number } }>(first.base, payerToken, 'POST', '/api/deposit/checkout', checkoutBody({ amount: TOP_UP_AMOUNT }));
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const depositId = checkout.body.payload.deposit.id;
    const paid = await fetch(`${first.base}${new URL(String(checkout.body.redirect_url)).pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ card_number: '4242424242424242', expiry: '12 / 30', cvc: '123', holder: 'Ada Lovelace' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const delivery = async () =>
      (await db.selectFrom('jobs').selectAll().where('kind', '=', 'sandbox.webhook').execute()).find(
        (job) =>
          (JSON.parse((JSON.parse(job.payload) as { payload: string }).payload) as { data: { reference: string } }).data.reference === `deposit:${depositId}`,
      );
    await waitFor(delivery, (r) => r?.status === 'pending' && r.last_error === 'HTTP 503', 'a failed first delivery', 10_000);
    expect(hookCalls).toBeGreaterThanOrEqual(1);

    // The send load, killed part-way.
    const startBalances = await db
      .selectFrom('users')
      .select(['id', 'balance'])
      .where(
        'id',
        'in',
        senders.map((s) => s.id),
      )
      .execute();
    const firstLoadId = Number(
      (
        await db
          .selectFrom('messages')
          .select((eb) => eb.fn.max('id').as('max'))
          .executeTakeFirst()
      )?.max ?? 0,
    );
    const acknowledged: { id: number; senderId: number; content: string; cost: number }[] = [];
    let failures = 0;
    let killing: Promise<void> | undefined;
    await Promise.all(
      senders.map(async (sender, s) => {
        for (let r = 0; r < REQUESTS_PER_SENDER; r++) {
          const content = `load s${s} r${r} ${dialect}`;
          try {
            const sent = await api<{ message: { id: number; content: string; cost: number } }>(first.base, sender.token, 'POST', '/api/messages/create', {
              topic_id: sender.topicId,
              content,
            });
            if (sent.status === 200 && sent.body.payload?.message) {
              const { id, cost } = sent.body.payload.message;
              acknowledged.push({ id, senderId: sender.id, content, cost });
            }
          } catch {
            failures += 1;
            return; // the server is gone
          }
          if (acknowledged.length >= KILL_AFTER_ACKS) killing ??= first.kill();
        }
      }),
    );
    await killing;
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(acknowledged.length).toBeLessThan(SENDERS * REQUESTS_PER_SENDER); // killed mid-load
    expect(failures).toBeGreaterThan(0);

    // At the kill: the reply and the credit were still pending.
    expect(await companionMessages()).toEqual([]);
    expect((await repliesOf()).map((r) => r.status)).toEqual(['pending']);
    expect((await delivery())?.status).toBe('pending');
    expect((await db.selectFrom('deposits').select('status').where('id', '=', depositId).executeTakeFirstOrThrow()).status).toBe('pending');

    const second = await startServer(ctx.database, dataDir);
    servers.push(second);

    // Every acknowledged message is there, once, as acknowledged.
    const stored = await db
      .selectFrom('messages')
      .select(['id', 'sender_id', 'content', 'cost'])
      .where('topic_id', 'in', loadTopics)
      .where('id', '>', firstLoadId)
      .execute();
    const byId = new Map(stored.map((m) => [m.id, m]));
    for (const ack of acknowledged) expect(byId.get(ack.id)).toEqual({ id: ack.id, sender_id: ack.senderId, content: ack.content, cost: ack.cost });
    const contents = stored.map((m) => m.content);
    expect(new Set(contents).size).toBe(contents.length);

    // No coin lost or created: what the senders hold plus what their stored messages cost is what they started with.
    const endBalances = await db
      .selectFrom('users')
      .select(['id', 'balance'])
      .where(
        'id',
        'in',
        senders.map((s) => s.id),
      )
      .execute();
    const spent = stored.reduce((sum, m) => sum + m.cost, 0);
    const total = (rows: { balance: number }[]) => rows.reduce((sum, r) => sum + Number(r.balance), 0);
    expect(total(endBalances) + spent).toBe(total(startBalances));
    await expectLedgerConsistent(db);

    // The pending reply is sent exactly once by the restarted server.
    await waitFor(repliesOf, (rows) => rows.every((r) => r.status === 'sent'), 'the companion reply', REPLY_DELAY_S * 1000 + 15_000);
    // The pending delivery is retried (after its backoff) against the restarted server's own webhook and credits once.
    await waitFor(delivery, (r) => r?.status === 'done', 'the webhook delivery', 40_000);
    await waitFor(
      () => db.selectFrom('deposits').select('status').where('id', '=', depositId).executeTakeFirstOrThrow(),
      (r) => r.status === 'success',
      'the deposit credited',
      5000,
    );
    // Its receipt is numbered by the restarted server's job worker after the credit.
    const receiptOf = () =>
      db.selectFrom('receipts').select(['id', 'number']).where('source_type', '=', 'deposit').where('source_id', '=', depositId).execute();
    await waitFor(receiptOf, (rows) => rows.length > 0, 'the receipt', 5000);
    await new Promise((r) => setTimeout(r, 1500)); // a second reply, credit or receipt would show up by now
    expect(await companionMessages()).toHaveLength(1);
    expect((await repliesOf()).map((r) => r.status)).toEqual(['sent']);
    const credits = await db.selectFrom('ledger_entries').select(['amount', 'kind']).where('user_id', '=', payer.user.id).execute();
    expect(credits).toEqual([{ amount: TOP_UP_AMOUNT * 100, kind: 'top_up' }]);
    expect((await db.selectFrom('users').select('balance').where('id', '=', payer.user.id).executeTakeFirstOrThrow()).balance).toBe(TOP_UP_AMOUNT * 100);
    const [receipt, ...more] = await receiptOf();
    expect(more).toEqual([]);
    expect(
      await db.selectFrom('jobs').select('id').where('kind', '=', 'receipts.mail').where('dedupe_key', '=', `receipt:${receipt!.id}`).execute(),
    ).toHaveLength(1);

    // The restarted server keeps taking paid messages on the same data.
    const after = await api<{ message: { id: number }; balance: number }>(second.base, senders[0]!.token, 'POST', '/api/messages/create', {
      topic_id: senders[0]!.topicId,
      content: 'after the restart',
    });
    expect(after.status).toBe(200);
    await second.kill();
    await expectLedgerConsistent(db);
  }, 120_000);

  it('answers an acknowledged ai-mode message whose reply was not yet scheduled when the process died', async () => {
    const { db } = ctx;
    await saveSettings(db, { bot_reply_delay_enabled: true, bot_reply_interval_min: 1, bot_reply_interval_max: 1 });
    const { client } = await createSignedInUser(ctx.app, { coins: 5000 });
    const topicId = await startAiTopic(client);
    // A kill right after the commit and the 200, before the worker reacted to the event: no reply row yet.
    await getCompanionWorker(ctx.app).stop();
    const sent = await client.post<{ message: { id: number } }>('/api/messages/create', { topic_id: topicId, content: 'Anyone here? I like chess' });
    expect(sent.statusCode).toBe(200);
    const repliesOf = () => db.selectFrom('companion_replies').selectAll().where('topic_id', '=', topicId).execute();
    expect(await repliesOf()).toEqual([]);

    const server = await startServer(ctx.database, dataDir);
    servers.push(server);
    const replies = await waitFor(repliesOf, (rows) => rows.length > 0 && rows.every((r) => r.status === 'sent'), 'the recovered reply', 20_000);
    expect(replies.map((r) => r.last_user_message_id)).toEqual([sent.body.payload.message.id]);
    await new Promise((r) => setTimeout(r, 1500));
    const companion = await db.selectFrom('messages').select('id').where('topic_id', '=', topicId).where('sender_kind', '=', 'companion').execute();
    expect(companion).toHaveLength(1);
    await server.kill();
  }, 60_000);
});
