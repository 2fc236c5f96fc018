import { type ChatEvent, type Message, type MessagesPage, type Persona, type RegenerateReplyResult, type StopReplyResult } from '@parley/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeLlmServer } from '../../../test/fake-llm.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, eventually, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { type ConnectOptions, listenLocal, sendMessage, startAiTopic, WsTestClient } from '../../../test/ws-client.js';
import { saveSettings } from '../reference/settings.service.js';
import { getCompanionWorker } from './companion.routes.js';

const ORIGIN = 'http://localhost:3000';

type Delta = Extract<ChatEvent, { type: 'message.delta' }>;
const deltasOf = (events: ChatEvent[], topicId: number): Delta[] => events.filter((e): e is Delta => e.type === 'message.delta' && e.topicId === topicId);
/** What a client shows: every delta applied at its offset. */
const assemble = (deltas: Delta[]) => deltas.reduce((text, d) => text.slice(0, d.offset) + d.text, '');

/** Issue 34 §1: the companion answers at once (the human-like delay is opt-in), stops on request, regenerates for free. */
describe.each(dialects)('AI companion controls: no delay by default, stop, regenerate (%s)', (dialect) => {
  let ctx: TestContext;
  let llm: FakeLlmServer;
  let base: string;
  const clock = new FakeClock();
  const sockets: WsTestClient[] = [];

  beforeAll(async () => {
    llm = new FakeLlmServer();
    const baseUrl = await llm.start();
    ctx = await createTestContext(dialect, {
      env: { PUBLIC_URL: ORIGIN },
      infra: { clock, random: { next: () => 0.5 } },
      config: { llm: { baseUrl, apiKey: 'test-key', model: 'test-model', timeoutMs: 2000, retries: 0 }, jobs: { pollMs: 3_600_000 } },
    });
    // The shipped defaults (2–6 s) stay: they apply only where the delay is switched on.
    base = await listenLocal(ctx.app);
  });
  afterEach(async () => {
    llm.requests.length = 0;
    for (const socket of sockets.splice(0)) socket.close();
    await saveSettings(ctx.db, { bot_reply_delay_enabled: false });
  });
  afterAll(async () => {
    await ctx.close();
    await llm.stop();
  });

  const connect = async (client: NonNullable<ConnectOptions['cookieOf']>, topicId: number) => {
    const socket = await WsTestClient.connect(base, { cookieOf: client, origin: ORIGIN });
    sockets.push(socket);
    await socket.subscribe(topicId);
    return socket;
  };
  const replyRows = (topicId: number) => ctx.db.selectFrom('companion_replies').selectAll().where('topic_id', '=', topicId).orderBy('id').execute();
  const messagesOf = (topicId: number) => ctx.db.selectFrom('messages').selectAll().where('topic_id', '=', topicId).orderBy('id').execute();
  const ledgerOf = async (userId: number) => ({
    balance: (await ctx.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow()).balance,
    entries: (await ctx.db.selectFrom('ledger_entries').select('id').where('user_id', '=', userId).execute()).length,
  });
  const companionCreated = (socket: WsTestClient, after = 0) =>
    socket.waitFor(() =>
      socket
        .events()
        .slice(after)
        .find((e) => e.type === 'message.created' && e.message.sender_kind === 'companion'),
    );
  /** Sends, lets the companion answer the whole reply, and returns the stored reply. */
  const chatOnce = async (client: NonNullable<ConnectOptions['cookieOf']>, topicId: number, socket: WsTestClient, text: string) => {
    const before = socket.events().length;
    const countBefore = (await replyRows(topicId)).length;
    await sendMessage(client, topicId, text);
    // With no delay the worker may take the reply before this looks: any state of the new reply will do.
    await eventually(async () => (await replyRows(topicId)).length > countBefore, 'the pending reply');
    await getCompanionWorker(ctx.app).runNow();
    const created = await companionCreated(socket, before);
    return created.type === 'message.created' ? (created.message as unknown as Message) : undefined;
  };

  it('on the seeded defaults a reply is due at once and Writing… goes out when the message is stored; the delay applies only where switched on', async () => {
    const { client } = await createSignedInUser(ctx.app, { coins: 5000 });
    const topicId = await startAiTopic(client);
    const socket = await connect(client, topicId);
    await sendMessage(client, topicId, 'hello');
    const [row] = await eventually(async () => {
      const rows = await replyRows(topicId);
      return rows.length > 0 && rows;
    }, 'the reply row');
    expect(Date.parse(row!.due_at)).toBe(Date.parse(row!.created_at));
    await socket.waitFor(() => socket.events().find((e) => e.type === 'typing' && e.isTyping && e.name !== ''));
    await getCompanionWorker(ctx.app).runNow();
    await companionCreated(socket);

    // The operator switches the built-in companion's delay on: 2 + 0.5 × (6 − 2) = 4 s.
    await saveSettings(ctx.db, { bot_reply_delay_enabled: true });
    const other = await createSignedInUser(ctx.app, { coins: 5000 });
    const delayedTopic = await startAiTopic(other.client);
    await sendMessage(other.client, delayedTopic, 'hello');
    const [delayed] = await eventually(async () => {
      const rows = await replyRows(delayedTopic);
      return rows.length > 0 && rows;
    }, 'the delayed reply row');
    expect(Date.parse(delayed!.due_at) - Date.parse(delayed!.created_at)).toBe(4000);
  });

  it('a persona with the human-like delay switched on waits it', async () => {
    const admin = await createSignedInUser(ctx.app, { role: 'admin' });
    const persona = await admin.client.post<Persona>('/api/admin/personas', {
      name: 'Slowpoke',
      avatar_color: '#123456',
      system_prompt: 'You take your time.',
      temperature: 0.5,
      max_tokens: 100,
      room_ids: null,
      human_delay: true,
    });
    expect(persona.body.payload.human_delay).toBe(true);
    try {
      const { client } = await createSignedInUser(ctx.app, { coins: 5000 });
      const topicId = await startAiTopic(client);
      await sendMessage(client, topicId, 'hello');
      const [row] = await eventually(async () => {
        const rows = await replyRows(topicId);
        return rows.length > 0 && rows;
      }, 'the reply row');
      expect(Date.parse(row!.due_at) - Date.parse(row!.created_at)).toBe(4000);
      clock.advance(4000);
      await getCompanionWorker(ctx.app).runNow();
    } finally {
      await admin.client.delete(`/api/admin/personas/${persona.body.payload.id}`);
    }
  });

  it('Stop mid-stream: no text after it, the stored reply is exactly the text streamed, nothing charged', async () => {
    const chunks = ['One ', 'two ', 'three ', 'four ', 'five ', 'six ', 'seven ', 'eight ', 'nine ', 'ten.'];
    llm.script = [{ kind: 'stream', chunks, delayMs: 150 }];
    const { client, user } = await createSignedInUser(ctx.app, { coins: 5000 });
    const topicId = await startAiTopic(client);
    const socket = await connect(client, topicId);
    await sendMessage(client, topicId, 'count for me');
    // With no delay the worker may take the reply before this looks: any state of the new reply will do.
    await eventually(async () => (await replyRows(topicId)).length > 0, 'the pending reply');
    const afterSend = await ledgerOf(user.id);
    const running = getCompanionWorker(ctx.app).runNow();
    await socket.waitFor(() => assemble(deltasOf(socket.events(), topicId)).length >= 8 || undefined);

    const stop = await client.post<StopReplyResult>('/api/companion/stop', { topic_id: topicId });
    await running;
    expect(stop.statusCode).toBe(200);
    const stopped = await socket.waitFor(() => socket.events().find((e) => e.type === 'message.stopped'));
    const events = socket.events();
    const shown = assemble(deltasOf(events.slice(0, events.indexOf(stopped)), topicId));
    expect(shown.length).toBeGreaterThanOrEqual(8);
    expect(shown.length).toBeLessThan(chunks.join('').length);
    // What the user saw is what is stored, what the route answered and what the stopped event names.
    expect(stop.body.payload.message?.content).toBe(shown);
    const stored = (await messagesOf(topicId)).filter((m) => m.sender_kind === 'companion');
    expect(stored.map((m) => m.content)).toEqual([shown]);
    expect(stopped.type === 'message.stopped' && stopped.messageId).toBe(stored[0]!.id);
    // Nothing streamed after the stop.
    expect(deltasOf(events.slice(events.indexOf(stopped)), topicId)).toEqual([]);
    expect((await replyRows(topicId))[0]).toMatchObject({ status: 'sent', reply_message_id: stored[0]!.id });
    expect((await replyRows(topicId))[0]!.stopped_at).not.toBeNull();
    expect(await ledgerOf(user.id)).toEqual(afterSend);
    await expectLedgerConsistent(ctx.db);
    // The new frames and the answer name nobody (privacy: no account name, email or phone).
    const said = JSON.stringify([stop.body, events.filter((e) => e.type === 'message.stopped')]);
    for (const secret of [user.email, user.name, user.phone]) if (secret) expect(said).not.toContain(secret);

    // A reload after the stop shows the stored text, no stream.
    const reloaded = await connect(client, topicId);
    expect(deltasOf(reloaded.events(), topicId)).toEqual([]);
    // Nothing left to stop.
    const again = await client.post('/api/companion/stop', { topic_id: topicId });
    expect(again.statusCode).toBe(409);
  });

  it('Stop with what the client showed at the click: the stored reply is that much of the streamed text, never more than was streamed', async () => {
    const chunks = ['Alpha ', 'bravo ', 'charlie ', 'delta ', 'echo ', 'foxtrot ', 'golf ', 'hotel.'];
    llm.script = [{ kind: 'stream', chunks, delayMs: 150 }];
    const { client } = await createSignedInUser(ctx.app, { coins: 5000 });
    const topicId = await startAiTopic(client);
    const socket = await connect(client, topicId);
    await sendMessage(client, topicId, 'spell it');
    await eventually(async () => (await replyRows(topicId)).length > 0, 'the reply row');
    const running = getCompanionWorker(ctx.app).runNow();
    await socket.waitFor(() => assemble(deltasOf(socket.events(), topicId)).length >= 13 || undefined);
    // The client had shown 'Alpha bravo' (11 characters) when the user clicked; more may have arrived since.
    const stop = await client.post<StopReplyResult>('/api/companion/stop', { topic_id: topicId, shown_chars: 11 });
    await running;
    expect(stop.body.payload.message?.content).toBe('Alpha bravo');
    expect((await messagesOf(topicId)).filter((m) => m.sender_kind === 'companion').map((m) => m.content)).toEqual(['Alpha bravo']);
    // A client cannot make it store more than was streamed.
    llm.script = [{ kind: 'stream', chunks, delayMs: 150 }];
    await sendMessage(client, topicId, 'again');
    await eventually(async () => (await replyRows(topicId)).some((r) => r.status === 'pending'), 'the second reply');
    const before = socket.events().length;
    const second = getCompanionWorker(ctx.app).runNow();
    await socket.waitFor(() => assemble(deltasOf(socket.events().slice(before), topicId)).length >= 6 || undefined);
    const generous = await client.post<StopReplyResult>('/api/companion/stop', { topic_id: topicId, shown_chars: 4000 });
    await second;
    const stopped = await socket.waitFor(() =>
      socket
        .events()
        .slice(before)
        .find((e) => e.type === 'message.stopped'),
    );
    const events = socket.events().slice(before);
    expect(generous.body.payload.message?.content).toBe(assemble(deltasOf(events.slice(0, events.indexOf(stopped)), topicId)));
  });

  it('Stop while the reply waits (delay on): it is cancelled, the provider is never asked, nothing is stored or charged', async () => {
    await saveSettings(ctx.db, { bot_reply_delay_enabled: true });
    llm.script = [{ kind: 'stream', chunks: ['Too late.'] }];
    const { client, user } = await createSignedInUser(ctx.app, { coins: 5000 });
    const topicId = await startAiTopic(client);
    const socket = await connect(client, topicId);
    await sendMessage(client, topicId, 'hi');
    await eventually(async () => (await replyRows(topicId)).find((r) => r.status === 'pending'), 'the pending reply');
    const before = await ledgerOf(user.id);
    const stop = await client.post<StopReplyResult>('/api/companion/stop', { topic_id: topicId });
    expect(stop.statusCode).toBe(200);
    expect(stop.body.payload.message).toBeNull();
    clock.advance(10_000);
    await getCompanionWorker(ctx.app).runNow();
    await socket.waitFor(() => socket.events().find((e) => e.type === 'message.stopped'));
    await socket.waitFor(() => socket.events().find((e) => e.type === 'typing' && !e.isTyping));
    expect((await messagesOf(topicId)).filter((m) => m.sender_kind === 'companion')).toEqual([]);
    expect((await replyRows(topicId))[0]).toMatchObject({ status: 'cancelled', error: 'stopped' });
    expect(llm.requests).toHaveLength(0);
    expect(await ledgerOf(user.id)).toEqual(before);
  });

  it('Stop after the provider was asked but before its first text: no reply is stored, Writing… ends', async () => {
    llm.script = [{ kind: 'stream', chunks: ['Too ', 'late.'], firstTokenMs: 1500 }];
    const { client, user } = await createSignedInUser(ctx.app, { coins: 5000 });
    const topicId = await startAiTopic(client);
    const socket = await connect(client, topicId);
    await sendMessage(client, topicId, 'hi');
    await eventually(async () => (await replyRows(topicId)).length > 0, 'the reply row');
    const running = getCompanionWorker(ctx.app).runNow();
    await eventually(async () => llm.requests.length > 0, 'the provider asked');
    const before = await ledgerOf(user.id);
    const stop = await client.post<StopReplyResult>('/api/companion/stop', { topic_id: topicId });
    await running;
    expect(stop.statusCode).toBe(200);
    expect(stop.body.payload.message).toBeNull();
    await socket.waitFor(() => socket.events().find((e) => e.type === 'message.stopped' && e.messageId === null));
    expect(deltasOf(socket.events(), topicId)).toEqual([]);
    expect((await messagesOf(topicId)).filter((m) => m.sender_kind === 'companion')).toEqual([]);
    expect((await replyRows(topicId))[0]).toMatchObject({ status: 'cancelled', error: 'stopped' });
    expect(await ledgerOf(user.id)).toEqual(before);
  });

  it('Regenerate: a new reply to the same message replaces the shown one, the earlier stays as a sibling, free; 409 while one streams', async () => {
    llm.script = [{ kind: 'stream', chunks: ['First ', 'answer.'] }];
    const { client, user } = await createSignedInUser(ctx.app, { coins: 5000 });
    const topicId = await startAiTopic(client);
    const socket = await connect(client, topicId);
    const first = (await chatOnce(client, topicId, socket, 'tell me something'))!;
    expect(first.content).toBe('First answer.');
    const before = await ledgerOf(user.id);

    llm.script = [{ kind: 'stream', chunks: ['Second ', 'answer ', 'is ', 'slower.'], delayMs: 150 }];
    const eventsBefore = socket.events().length;
    const regenerate = await client.post<RegenerateReplyResult>('/api/companion/regenerate', { topic_id: topicId, message_id: first.id });
    expect(regenerate.statusCode).toBe(200);
    expect(regenerate.body.payload.variant_of).toBe(first.id);
    // Refused while a reply is waiting or being written: the second click, a stop-less double click.
    const twice = await client.post('/api/companion/regenerate', { topic_id: topicId, message_id: first.id });
    expect(twice.statusCode).toBe(409);
    const running = getCompanionWorker(ctx.app).runNow();
    await socket.waitFor(() => deltasOf(socket.events().slice(eventsBefore), topicId).length > 0 || undefined);
    expect((await client.post('/api/companion/regenerate', { topic_id: topicId, message_id: first.id })).statusCode).toBe(409);
    // A reload mid-regeneration gets the text so far.
    const reloaded = await connect(client, topicId);
    await running;
    const second = await companionCreated(socket, eventsBefore);
    expect(second.type === 'message.created' && second.message.content).toBe('Second answer is slower.');
    expect(second.type === 'message.created' && second.message.variant_of).toBe(first.id);
    expect(
      socket
        .events()
        .slice(eventsBefore)
        .find((e) => e.type === 'message.regenerating'),
    ).toMatchObject({ messageId: first.id, variantOf: first.id });
    await reloaded.waitFor(() => reloaded.events().find((e) => e.type === 'message.created' && e.message.sender_kind === 'companion'));
    expect(assemble(deltasOf(reloaded.events(), topicId))).toBe('Second answer is slower.');
    // The reloaded client also learns which reply the stream replaces, before the text so far.
    const replayed = reloaded.events();
    const regenerating = replayed.findIndex((e) => e.type === 'message.regenerating');
    expect(replayed[regenerating]).toMatchObject({ messageId: first.id, variantOf: first.id });
    expect(regenerating).toBeLessThan(replayed.findIndex((e) => e.type === 'message.delta'));

    // The provider was asked to answer the same message again, without the reply it replaces.
    const asked = llm.requests.at(-1)!.body.messages;
    expect(asked.at(-1)).toMatchObject({ role: 'user' });
    expect(asked.at(-1)!.content).toContain('tell me something');
    expect(asked.map((m) => m.content).join('\n')).not.toContain('First answer.');

    // Both versions are in the conversation; the new one names the group; free.
    const page = await client.get<MessagesPage>(`/api/messages/index?topic_id=${topicId}`);
    const replies = page.body.payload.data.filter((m) => m.sender_kind === 'companion').sort((a, b) => a.id - b.id);
    expect(replies.map((m) => [m.content, m.variant_of ?? null])).toEqual([
      ['First answer.', null],
      ['Second answer is slower.', first.id],
    ]);
    expect(await ledgerOf(user.id)).toEqual(before);
    await expectLedgerConsistent(ctx.db);

    // A third version joins the same group; only the last reply can be regenerated.
    llm.script = [{ kind: 'stream', chunks: ['Third.'] }];
    expect((await client.post('/api/companion/regenerate', { topic_id: topicId, message_id: first.id })).statusCode).toBe(409);
    const secondId = second.type === 'message.created' ? (second.message.id as number) : 0;
    const third = await client.post<RegenerateReplyResult>('/api/companion/regenerate', { topic_id: topicId, message_id: secondId });
    expect(third.body.payload.variant_of).toBe(first.id);
    await getCompanionWorker(ctx.app).runNow();
    await eventually(async () => (await messagesOf(topicId)).find((m) => m.content === 'Third.'), 'the third version');
    expect((await messagesOf(topicId)).filter((m) => m.sender_kind === 'companion').map((m) => m.variant_of)).toEqual([null, first.id, first.id]);
    expect(await ledgerOf(user.id)).toEqual(before);

    // The next answer continues from the newest version only.
    llm.script = [{ kind: 'stream', chunks: ['Fourth.'] }];
    await chatOnce(client, topicId, socket, 'and then?');
    const context = llm.requests
      .at(-1)!
      .body.messages.map((m) => m.content)
      .join('\n');
    expect(context).toContain('Third.');
    expect(context).not.toContain('Second answer is slower.');
  });

  it('a failed regeneration refunds nothing (the message was answered already)', async () => {
    llm.script = [{ kind: 'stream', chunks: ['Fine.'] }];
    const { client, user } = await createSignedInUser(ctx.app, { coins: 5000 });
    const topicId = await startAiTopic(client);
    const socket = await connect(client, topicId);
    const first = (await chatOnce(client, topicId, socket, 'hi'))!;
    const before = await ledgerOf(user.id);
    llm.script = [{ kind: 'status', status: 500 }];
    expect((await client.post('/api/companion/regenerate', { topic_id: topicId, message_id: first.id })).statusCode).toBe(200);
    await getCompanionWorker(ctx.app).runNow();
    await eventually(async () => (await replyRows(topicId)).find((r) => r.status === 'failed'), 'the failed regeneration');
    expect(await ledgerOf(user.id)).toEqual(before);
    await expectLedgerConsistent(ctx.db);
  });

  it('only the owner of the conversation may stop or regenerate', async () => {
    llm.script = [{ kind: 'stream', chunks: ['Mine.'] }];
    const { client } = await createSignedInUser(ctx.app, { coins: 5000 });
    const topicId = await startAiTopic(client);
    const socket = await connect(client, topicId);
    const first = (await chatOnce(client, topicId, socket, 'hi'))!;
    const stranger = await createSignedInUser(ctx.app, { coins: 5000 });
    expect((await stranger.client.post('/api/companion/regenerate', { topic_id: topicId, message_id: first.id })).statusCode).toBe(403);
    expect((await stranger.client.post('/api/companion/stop', { topic_id: topicId })).statusCode).toBe(403);
  });
});
