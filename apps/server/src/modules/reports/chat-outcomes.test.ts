import { type ChatEvent, type HeldMessage, type Topic } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatContextOptions, createChatPair, recordEvents } from '../../../test/chat.js';
import { type TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, FakeClock, type TestContext } from '../../../test/harness.js';
import { listenLocal, sendMessage, WsTestClient } from '../../../test/ws-client.js';

const ORIGIN = 'http://localhost:3000';

/**
 * What the people in a chat are told when something is decided about it (issue 33): a report's
 * reason reaches the moderators, a moderator's close and every balance it moves are pushed, a held
 * message's decision reaches its sender, and a closed topic says who closed it.
 */
describe.each(dialects)('chat outcomes pushed and explained (issue 33) on %s', (dialect) => {
  let ctx: TestContext;
  let admin: TestClient;
  let base: string;
  const sockets: WsTestClient[] = [];
  beforeAll(async () => {
    // A frozen clock keeps the companion quiet.
    ctx = await createTestContext(dialect, chatContextOptions({ env: { PUBLIC_URL: ORIGIN }, infra: { clock: new FakeClock(new Date()) } }));
    admin = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
    base = await listenLocal(ctx.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await ctx.close();
  });
  const socketOf = async (client: TestClient) => {
    const socket = await WsTestClient.connect(base, { cookieOf: client, origin: ORIGIN });
    sockets.push(socket);
    await socket.waitForFrame('ready');
    return socket;
  };
  const topicFor = async (client: TestClient, topicId: number) =>
    (await client.get<{ topic: Topic }>(`/api/topics/topic?topic_id=${topicId}`)).body.payload.topic;

  it('a report carries a reason and the reporter’s words, which moderators see in the reports list', async () => {
    const { guest, topic } = await createChatPair(ctx.app);
    const made = await guest.client.post<{ report: { id: number } }>('/api/reports/create', {
      topic_id: topic.id,
      type: 'user',
      reason: 'harassment',
      details: '  Kept insulting me after I asked to stop.  ',
    });
    expect(made.statusCode).toBe(200);
    const list = await admin.get<{ items: { id: number; reason: string | null; details: string | null }[] }>('/api/admin/reports?status=open');
    expect(list.body.payload.items.find((r) => r.id === made.body.payload.report.id)).toMatchObject({
      reason: 'harassment',
      details: 'Kept insulting me after I asked to stop.',
    });
    // An unknown reason is refused; words beyond the limit too.
    expect((await guest.client.post('/api/reports/create', { topic_id: topic.id, type: 'user', reason: 'boring' })).statusCode).toBe(422);
    expect((await guest.client.post('/api/reports/create', { topic_id: topic.id, type: 'user', reason: 'other', details: 'x'.repeat(1001) })).statusCode).toBe(
      422,
    );
  });

  it('an upheld report closes the topic as a moderator’s close for both sides and pushes both changed balances', async () => {
    // The owner pays; the partner is an interlocutor who earns a share, reported by the owner.
    const { owner, guest, topic } = await createChatPair(ctx.app, { coins: 1000 }, { coins: 0, contributor: true });
    await sendMessage(owner.client, topic.id, 'you keep being rude to me');
    const report = await owner.client.post<{ report: { id: number } }>('/api/reports/create', { topic_id: topic.id, type: 'user', reason: 'harassment' });
    const recorded = recordEvents(ctx.app);
    const decided = await admin.post<{ refunded: number; reversed: number }>(`/api/admin/reports/${report.body.payload.report.id}/decide`, {
      action: 'close_topic',
      note: 'Insults.',
    });
    recorded.stop();
    expect(decided.statusCode).toBe(200);
    expect(decided.body.payload.refunded).toBeGreaterThan(0);
    expect(decided.body.payload.reversed).toBeGreaterThan(0);
    const events: ChatEvent[] = recorded.events;
    expect(events).toContainEqual({ type: 'topic.closed', topicId: topic.id, by: 'moderator' });
    const balanceOf = (userId: number) => events.find((e) => e.type === 'balance' && e.userId === userId);
    const stored = async (userId: number) => (await ctx.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow()).balance;
    expect(balanceOf(guest.user.id)).toMatchObject({ balance: await stored(guest.user.id) });
    expect(balanceOf(owner.user.id)).toMatchObject({ balance: await stored(owner.user.id) });
    for (const side of [owner, guest]) expect(await topicFor(side.client, topic.id)).toMatchObject({ is_closed: true, closed_by: 'moderator' });
  });

  it('an owner who leaves closes the topic as the owner’s close', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const recorded = recordEvents(ctx.app);
    await owner.client.post('/api/topics/leave', { topic_id: topic.id });
    recorded.stop();
    expect(recorded.events).toContainEqual({ type: 'topic.closed', topicId: topic.id, by: 'owner' });
    expect(await topicFor(guest.client, topic.id)).toMatchObject({ is_closed: true, closed_by: 'owner' });
  });

  it('a held message’s decision is pushed to its sender alone, approved or rejected', async () => {
    await admin.post('/api/admin/content-rules', { kind: 'word', pattern: 'meet offline', action: 'hold' });
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const [ownerSocket, guestSocket] = [await socketOf(owner.client), await socketOf(guest.client)];
    const heldIds: number[] = [];
    for (const text of ['shall we meet offline?', 'or meet offline later?']) {
      const sent = await owner.client.post<{ held?: HeldMessage }>('/api/messages/create', { topic_id: topic.id, content: text });
      heldIds.push(sent.body.payload.held!.id);
    }
    expect((await admin.post(`/api/admin/held-messages/${heldIds[0]}/decide`, { decision: 'approve' })).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/held-messages/${heldIds[1]}/decide`, { decision: 'reject' })).statusCode).toBe(200);
    for (const [heldId, decision] of [
      [heldIds[0]!, 'approved'],
      [heldIds[1]!, 'rejected'],
    ] as const)
      await ownerSocket.waitFor(
        () => ownerSocket.events().find((e) => e.type === 'message.held_decided' && e.heldId === heldId && e.decision === decision),
        5000,
        `held ${decision}`,
      );
    // The partner saw the approved message arrive, never the decisions about the sender's messages.
    await guestSocket.subscribe(topic.id);
    expect(guestSocket.events().some((e) => e.type === 'message.held_decided')).toBe(false);
  });
});
