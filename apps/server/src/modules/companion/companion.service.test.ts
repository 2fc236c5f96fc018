import { companionUserId, type ChatEvent } from '@parley/contracts';
import { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeLlmServer } from '../../../test/fake-llm.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext, eventually } from '../../../test/harness.js';
import { sendMessage, startAiTopic } from '../../../test/ws-client.js';
import { type Db } from '../../db/database.js';
import { saveSettings } from '../reference/settings.service.js';
import { getCompanionWorker } from './companion.routes.js';

const companionMessages = (db: Db, topicId: number) =>
  db.selectFrom('messages').selectAll().where('topic_id', '=', topicId).where('sender_kind', '=', 'companion').orderBy('id').execute();
const repliesOf = (db: Db, topicId: number) => db.selectFrom('companion_replies').selectAll().where('topic_id', '=', topicId).orderBy('id').execute();
const pendingFor = (db: Db, topicId: number, lastId: number) => async () =>
  (await repliesOf(db, topicId)).find((r) => r.status === 'pending' && r.last_user_message_id === lastId);

function recordEvents(app: FastifyInstance) {
  const events: ChatEvent[] = [];
  const off = app.bus.subscribe((event) => events.push(event));
  return { events, off };
}

// Delays in [2, 6] s with random 0.5 → every reply is due 4 s after the last user message.
const DELAY_MS = 4000;

describe.each(dialects)('AI companion with an OpenAI-compatible endpoint (%s)', (dialect) => {
  let ctx: TestContext;
  let llm: FakeLlmServer;
  const clock = new FakeClock();

  beforeAll(async () => {
    llm = new FakeLlmServer();
    const baseUrl = await llm.start();
    ctx = await createTestContext(dialect, {
      infra: { clock, random: { next: () => 0.5 } },
      config: {
        llm: { baseUrl, apiKey: 'test-key', model: 'test-model', timeoutMs: 300, retries: 2, backoffMs: 10 },
        jobs: { pollMs: 3_600_000 },
      },
    });
    // The human-like delay is opt-in (issue 34): these tests are about how it behaves where it is on.
    await saveSettings(ctx.db, { bot_reply_delay_enabled: true, bot_reply_interval_min: 2, bot_reply_interval_max: 6, bot_conversation_history_limit: 3 });
  });
  afterEach(() => {
    llm.requests.length = 0;
  });
  afterAll(async () => {
    await ctx.close();
    await llm.stop();
  });

  it('answers a burst once, after the delay, with exactly the last N messages and the streamed text assembled', async () => {
    llm.script = [{ kind: 'stream', chunks: ['Hello ', 'there, ', 'Ann ', '- I am an AI.'] }];
    const { user, client } = await createSignedInUser(ctx.app, { coins: 5000, name: 'Ann' });
    const topicId = await startAiTopic(client);
    const recorder = recordEvents(ctx.app);
    const ids: number[] = [];
    for (const text of ['first', 'second', 'third', 'fourth', 'fifth']) ids.push(await sendMessage(client, topicId, text));
    await eventually(pendingFor(ctx.db, topicId, ids[4]!), 'the pending reply to cover the burst');
    expect(await repliesOf(ctx.db, topicId)).toHaveLength(1);
    const balanceBefore = (await ctx.db.selectFrom('users').select('balance').where('id', '=', user.id).executeTakeFirstOrThrow()).balance;

    clock.advance(DELAY_MS - 500);
    await getCompanionWorker(ctx.app).runNow();
    expect(llm.requests).toHaveLength(0);
    expect(recorder.events).toContainEqual({ type: 'typing', topicId, userId: companionUserId, name: 'Mia', isTyping: true });

    clock.advance(1000);
    await getCompanionWorker(ctx.app).runNow();
    recorder.off();
    expect(llm.requests).toHaveLength(1);
    const request = llm.requests[0]!;
    expect(request.headers.authorization).toBe('Bearer test-key');
    expect(request.body).toMatchObject({ model: 'test-model', stream: true });
    expect(request.body.messages.map((m) => [m.role, m.content])).toEqual([
      ['system', expect.stringContaining('You are Mia')],
      ['user', 'third'],
      ['user', 'fourth'],
      ['user', 'fifth'],
    ]);
    const system = request.body.messages[0]!.content;
    expect(system).toContain('Chat with Mia');
    expect(system).toMatch(/you are an AI companion/i);

    const replies = await companionMessages(ctx.db, topicId);
    expect(replies.map((m) => [m.content, m.cost, m.sender_id])).toEqual([['Hello there, Ann - I am an AI.', 0, null]]);
    const balanceAfter = (await ctx.db.selectFrom('users').select('balance').where('id', '=', user.id).executeTakeFirstOrThrow()).balance;
    expect(balanceAfter).toBe(balanceBefore);
    expect((await repliesOf(ctx.db, topicId)).map((r) => r.status)).toEqual(['sent']);
    // 'Writing...' ends after the reply is out.
    const created = recorder.events.findIndex((e) => e.type === 'message.created' && e.message.sender_kind === 'companion');
    const stopped = recorder.events.findIndex((e) => e.type === 'typing' && e.userId === companionUserId && !e.isTyping);
    expect(created).toBeGreaterThanOrEqual(0);
    expect(stopped).toBeGreaterThan(created);

    // The next prompt holds the companion's turn as the assistant, still exactly N messages.
    llm.script = [{ kind: 'stream', chunks: ['Second answer'] }];
    await sendMessage(client, topicId, 'sixth');
    await eventually(async () => (await repliesOf(ctx.db, topicId)).some((r) => r.status === 'pending'), 'a new pending reply');
    clock.advance(DELAY_MS);
    await getCompanionWorker(ctx.app).runNow();
    expect(
      llm.requests
        .at(-1)!
        .body.messages.slice(1)
        .map((m) => [m.role, m.content]),
    ).toEqual([
      ['user', 'fifth'],
      ['assistant', 'Hello there, Ann - I am an AI.'],
      ['user', 'sixth'],
    ]);
    expect((await companionMessages(ctx.db, topicId)).map((m) => m.content)).toEqual(['Hello there, Ann - I am an AI.', 'Second answer']);
    await expectLedgerConsistent(ctx.db);
  });

  it('does not let a user who keeps writing postpone the reply forever (at most twice the longest delay)', async () => {
    llm.script = [{ kind: 'stream', chunks: ['Finally'] }];
    const { client } = await createSignedInUser(ctx.app, { coins: 5000 });
    const topicId = await startAiTopic(client);
    let last = 0;
    for (let i = 0; i < 4; i++) {
      if (i > 0) clock.advance(3500);
      last = await sendMessage(client, topicId, `still typing ${i}`);
      await eventually(pendingFor(ctx.db, topicId, last), `pending reply ${i}`);
    }
    // Sent at 0, 3.5, 7 and 10.5 s: the last would be due at 14.5 s, the cap makes it 12 s.
    clock.advance(1400);
    await getCompanionWorker(ctx.app).runNow();
    expect(await companionMessages(ctx.db, topicId)).toEqual([]);
    clock.advance(200);
    await getCompanionWorker(ctx.app).runNow();
    expect((await companionMessages(ctx.db, topicId)).map((m) => m.content)).toEqual(['Finally']);
  });

  it('retries 5xx and timeouts with back-off, then gives up without posting anything (4xx: no retry)', async () => {
    const { client } = await createSignedInUser(ctx.app, { coins: 5000 });
    for (const [script, label, attempts, error] of [
      [[{ kind: 'status', status: 503 }], '5xx', 3, /503/],
      [[{ kind: 'hang' }], 'timeout', 3, /timed out/],
      // A client error (bad key, unknown model) is not retried.
      [[{ kind: 'status', status: 401 }], '4xx', 1, /401/],
    ] as const) {
      llm.requests.length = 0;
      llm.script = [...script];
      const topicId = await startAiTopic(client);
      const recorder = recordEvents(ctx.app);
      const id = await sendMessage(client, topicId, `provider ${label}`);
      await eventually(pendingFor(ctx.db, topicId, id), 'pending reply');
      clock.advance(DELAY_MS);
      await getCompanionWorker(ctx.app).runNow();
      recorder.off();
      expect(llm.requests, label).toHaveLength(attempts);
      expect(await companionMessages(ctx.db, topicId), label).toEqual([]);
      const [row] = await repliesOf(ctx.db, topicId);
      expect(row).toMatchObject({ status: 'failed' });
      expect(row!.error).toMatch(error);
      expect(recorder.events.filter((e) => e.type === 'typing' && e.userId === companionUserId).at(-1)).toMatchObject({ isTyping: false });
      await client.post('/api/topics/leave', { topic_id: topicId });
    }
  });

  it('recovers when a retry succeeds', async () => {
    llm.script = [{ kind: 'status', status: 500 }, { kind: 'hang' }, { kind: 'stream', chunks: ['Third ', 'time lucky'] }];
    const { client } = await createSignedInUser(ctx.app, { coins: 5000 });
    const topicId = await startAiTopic(client);
    const id = await sendMessage(client, topicId, 'are you there?');
    await eventually(pendingFor(ctx.db, topicId, id), 'pending reply');
    clock.advance(DELAY_MS);
    await getCompanionWorker(ctx.app).runNow();
    expect(llm.requests).toHaveLength(3);
    expect((await companionMessages(ctx.db, topicId)).map((m) => m.content)).toEqual(['Third time lucky']);
  });

  it('cancels the pending reply when the user leaves, or the topic leaves ai mode; switching back to ai replies again', async () => {
    llm.script = [{ kind: 'stream', chunks: ['Back again'] }];
    const { client } = await createSignedInUser(ctx.app, { coins: 5000 });
    const left = await startAiTopic(client);
    const id = await sendMessage(client, left, 'bye soon');
    await eventually(pendingFor(ctx.db, left, id), 'pending reply');
    expect((await client.post('/api/topics/leave', { topic_id: left })).body.status).toBe('OK');
    await eventually(async () => (await repliesOf(ctx.db, left))[0]?.status === 'cancelled', 'cancellation on leave');

    const switched = await startAiTopic(client);
    const first = await sendMessage(client, switched, 'switching soon');
    await eventually(pendingFor(ctx.db, switched, first), 'pending reply');
    expect((await client.post('/api/topics/update-chat-mode', { topic_id: switched, chat_mode: 'human' })).body.status).toBe('OK');
    await eventually(async () => (await repliesOf(ctx.db, switched))[0]?.status === 'cancelled', 'cancellation on mode change');

    clock.advance(DELAY_MS);
    await getCompanionWorker(ctx.app).runNow();
    expect(llm.requests).toHaveLength(0);
    expect(await companionMessages(ctx.db, left)).toEqual([]);
    expect(await companionMessages(ctx.db, switched)).toEqual([]);

    expect((await client.post('/api/topics/update-chat-mode', { topic_id: switched, chat_mode: 'ai' })).body.status).toBe('OK');
    const again = await sendMessage(client, switched, 'back to you');
    await eventually(pendingFor(ctx.db, switched, again), 'pending reply after switching back');
    clock.advance(DELAY_MS);
    await getCompanionWorker(ctx.app).runNow();
    expect((await companionMessages(ctx.db, switched)).map((m) => m.content)).toEqual(['Back again']);
  });
});

describe.each(dialects)('AI companion durability (%s)', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock();

  beforeAll(async () => {
    // No LLM configured: the offline companion answers.
    ctx = await createTestContext(dialect, { infra: { clock, random: { next: () => 0.5 } }, config: { jobs: { pollMs: 3_600_000 } } });
    // With the human-like delay on, a reply stays pending until the fake clock moves: with no delay it is due at once
    // and the instance's own worker may take it before the test plays the instance that died (CI caught the race).
    await saveSettings(ctx.db, { bot_reply_delay_enabled: true, bot_reply_interval_min: 2, bot_reply_interval_max: 6 });
  });
  afterAll(async () => ctx.close());

  it('sends a reply that was pending at shutdown after the restart, exactly once across two instances', async () => {
    const first = await ctx.buildAnother();
    const { client } = await createSignedInUser(first, { coins: 5000 });
    const topicId = await startAiTopic(client);
    const id = await sendMessage(client, topicId, 'Hello! I love sailing on the lake');
    const pending = await eventually(pendingFor(ctx.db, topicId, id), 'pending reply');
    // The schedule is a durable job of the app's queue, committed with the reply row.
    const job = () => ctx.db.selectFrom('jobs').select(['status', 'kind']).where('dedupe_key', '=', `companion-reply:${pending.id}`).executeTakeFirst();
    expect(await job()).toEqual({ status: 'pending', kind: 'companion.reply' });
    await first.close();

    clock.advance(60_000);
    const [a, b] = [await ctx.buildAnother(), await ctx.buildAnother()];
    await Promise.all([a.ready(), b.ready()]);
    await Promise.all([getCompanionWorker(a).runNow(), getCompanionWorker(b).runNow(), getCompanionWorker(a).runNow(), getCompanionWorker(b).runNow()]);
    const replies = await companionMessages(ctx.db, topicId);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.content).toMatch(/demo AI companion/);
    expect((await repliesOf(ctx.db, topicId)).map((r) => r.status)).toEqual(['sent']);
    expect(await job()).toEqual({ status: 'done', kind: 'companion.reply' });
    await Promise.all([a.close(), b.close()]);
  });

  it('hands back a reply claimed by an instance that died, after its lease, and still replies once', async () => {
    const { client } = await createSignedInUser(ctx.app, { coins: 5000 });
    const topicId = await startAiTopic(client);
    const id = await sendMessage(client, topicId, 'Does anyone read this?');
    await eventually(pendingFor(ctx.db, topicId, id), 'pending reply');
    await ctx.db
      .updateTable('companion_replies')
      .set({ status: 'processing', claimed_by: 'dead-instance', claimed_at: clock.now().toISOString(), attempts: 1 })
      .where('topic_id', '=', topicId)
      .execute();
    await getCompanionWorker(ctx.app).runNow();
    expect(await companionMessages(ctx.db, topicId)).toEqual([]);
    clock.advance(121_000);
    await getCompanionWorker(ctx.app).runNow();
    await getCompanionWorker(ctx.app).runNow();
    expect(await companionMessages(ctx.db, topicId)).toHaveLength(1);
    expect((await repliesOf(ctx.db, topicId)).map((r) => r.status)).toEqual(['sent']);
  });
});
