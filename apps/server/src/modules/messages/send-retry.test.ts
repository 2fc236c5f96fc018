import { chatEventSchema, texts, type Message } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, chatContextOptions, createChatPair, recordEvents } from '../../../test/chat.js';
import { createTestContext, dialects, expectLedgerConsistent, type TestContext } from '../../../test/harness.js';
import { postEntry } from '../ledger/ledger.service.js';
import { eventFor } from '../realtime/realtime.privacy.js';

type Sent = { message: Message; balance: number };

/**
 * Issue 34 §2: the web client shows a message at once (local echo) and retries a send whose answer was
 * lost with the same client_id. However often and however concurrently it retries, the server stores one
 * message and charges it once, and every way the message reaches its sender carries that client_id.
 */
describe.each(dialects)('send retries on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions());
  });
  afterAll(() => ctx.close());

  const rowsWith = (senderId: number, clientId: string) =>
    ctx.db.selectFrom('messages').select(['id', 'content']).where('sender_id', '=', senderId).where('client_id', '=', clientId).execute();
  const debitsOf = (userId: number) =>
    ctx.db.selectFrom('ledger_entries').select(['amount', 'kind']).where('user_id', '=', userId).where('kind', '=', 'message').execute();

  it('a retry after a lost answer gets the stored message back: one message, one debit, the same client_id', async () => {
    const { guest, topic } = await createChatPair(ctx.app);
    const before = await balanceOf(ctx.app, guest.user.id);
    const body = { topic_id: topic.id, content: 'lost answer', client_id: 'echo-lost-1' };
    const first = await guest.client.post<Sent>('/api/messages/create', body);
    // The answer never reached the browser; the person presses Retry.
    const retry = await guest.client.post<Sent>('/api/messages/create', body);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.body.payload.message).toEqual(first.body.payload.message);
    expect(retry.body.payload.message).toMatchObject({ client_id: 'echo-lost-1', is_mine: true, cost: 11 });
    expect(retry.body.payload.balance).toBe(before - 11);
    expect(await rowsWith(guest.user.id, 'echo-lost-1')).toHaveLength(1);
    expect(await debitsOf(guest.user.id)).toEqual([{ amount: -11, kind: 'message' }]);
    expect(await balanceOf(ctx.app, guest.user.id)).toBe(before - 11);
    await expectLedgerConsistent(ctx.db);
  });

  it('a retry of a send that spent the last coins is answered with it, not refused for coins', async () => {
    const { guest, topic } = await createChatPair(ctx.app, { coins: 1000 }, { coins: 5 });
    const body = { topic_id: topic.id, content: 'abcde', client_id: 'echo-last-coins' };
    expect((await guest.client.post<Sent>('/api/messages/create', body)).body.payload.balance).toBe(0);
    const retry = await guest.client.post<Sent>('/api/messages/create', body);
    expect(retry.statusCode).toBe(200);
    expect(retry.body.payload).toMatchObject({ balance: 0, message: { content: 'abcde', client_id: 'echo-last-coins' } });
    // A new message is refused: the coins really are gone.
    const other = await guest.client.post('/api/messages/create', { topic_id: topic.id, content: 'more', client_id: 'echo-last-coins-2' });
    expect(other.statusCode).toBe(402);
    expect(await debitsOf(guest.user.id)).toEqual([{ amount: -5, kind: 'message' }]);
    await expectLedgerConsistent(ctx.db);
  });

  it('a refused send keeps its client_id free: retried after a top-up it stores and charges once', async () => {
    const { guest, topic } = await createChatPair(ctx.app, { coins: 1000 }, { coins: 3 });
    const body = { topic_id: topic.id, content: 'too dear', client_id: 'echo-refused' };
    const refused = await guest.client.post('/api/messages/create', body);
    expect(refused.statusCode).toBe(402);
    expect(refused.body.message).toBe(texts.chat.notEnoughCoins.replace('{cost}', '8'));
    expect(await rowsWith(guest.user.id, 'echo-refused')).toHaveLength(0);
    await ctx.db
      .transaction()
      .execute((trx) =>
        postEntry(trx, ctx.app.clock, { userId: guest.user.id, amount: 100, kind: 'admin_adjustment', idempotencyKey: `t:echo:${guest.user.id}` }),
      );
    const retries = await Promise.all([1, 2, 3].map(() => guest.client.post<Sent>('/api/messages/create', body)));
    expect(retries.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(retries.map((r) => r.body.payload.message.id)).size).toBe(1);
    expect(await rowsWith(guest.user.id, 'echo-refused')).toHaveLength(1);
    expect(await debitsOf(guest.user.id)).toEqual([{ amount: -8, kind: 'message' }]);
    expect(await balanceOf(ctx.app, guest.user.id)).toBe(103 - 8);
    await expectLedgerConsistent(ctx.db);
  });

  it('concurrent sends with their own retries: one message and one debit per client_id', async () => {
    const { guest, topic } = await createChatPair(ctx.app);
    const before = await balanceOf(ctx.app, guest.user.id);
    const ids = ['echo-c-1', 'echo-c-2', 'echo-c-3'];
    const sends = ids.flatMap((id) => [1, 2, 3].map(() => guest.client.post<Sent>('/api/messages/create', { topic_id: topic.id, content: id, client_id: id })));
    const results = await Promise.all(sends);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    for (const id of ids) {
      const answered = new Set(results.filter((r) => r.body.payload.message.client_id === id).map((r) => r.body.payload.message.id));
      expect(answered.size).toBe(1);
      expect(await rowsWith(guest.user.id, id)).toHaveLength(1);
    }
    expect(await debitsOf(guest.user.id)).toHaveLength(3);
    expect(await balanceOf(ctx.app, guest.user.id)).toBe(before - 3 * 8);
    await expectLedgerConsistent(ctx.db);
  });

  it('the client_id reaches only its sender: on the push to their sockets and on their page, never on the partner’s', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const { events, stop } = recordEvents(ctx.app);
    await guest.client.post<Sent>('/api/messages/create', { topic_id: topic.id, content: 'whose id?', client_id: 'echo-push' });
    stop();
    const created = events.find((e) => e.type === 'message.created');
    if (created?.type !== 'message.created') throw new Error('no message.created');
    expect(created.message.client_id).toBeNull();
    // Between instances the event goes through Redis and is parsed with the shared schema: the id survives it.
    expect(chatEventSchema.parse(JSON.parse(JSON.stringify(created)))).toMatchObject({ clientId: 'echo-push', senderId: guest.user.id });
    expect(eventFor(created, guest.user.id)).toMatchObject({ message: { client_id: 'echo-push', is_mine: true } });
    const forPartner = eventFor(created, owner.user.id);
    expect(forPartner).not.toHaveProperty('clientId');
    expect(forPartner).toMatchObject({ message: { client_id: null, is_mine: false } });
    expect(JSON.stringify(forPartner)).not.toContain('echo-push');

    const page = (client: typeof owner.client) =>
      client.get<{ data: Message[] }>(`/api/messages/index?topic_id=${topic.id}&page=1&page_size=20&order_by=id&order_dir=desc`);
    expect((await page(guest.client)).body.payload.data[0]).toMatchObject({ content: 'whose id?', client_id: 'echo-push' });
    const seen = (await page(owner.client)).body.payload.data[0];
    expect(seen).toMatchObject({ content: 'whose id?', client_id: null });
  });
});
