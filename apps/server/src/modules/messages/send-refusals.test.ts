import { texts } from '@parley/contracts';
import { englishText } from '@parley/contracts/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, chatContextOptions, createChatPair } from '../../../test/chat.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, type TestContext } from '../../../test/harness.js';

/**
 * A refused send leaves the conversation exactly as it was: no message, no seq taken (the seqs of a topic
 * have no gaps: a viewer's count is a difference of seqs), no coins. On PostgreSQL the send reads the access
 * in the statement that stores the message and charges it, and a refusal rolls it back
 * (messages.service#insertIfSender, ledger.service#postForRow).
 */
describe.each(dialects)('refused sends on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions());
  });
  afterAll(() => ctx.close());

  const lastSeq = async (topicId: number) =>
    (await ctx.db.selectFrom('topics').select('last_seq').where('id', '=', topicId).executeTakeFirstOrThrow()).last_seq;
  const seqs = async (topicId: number) =>
    (await ctx.db.selectFrom('messages').select('seq').where('topic_id', '=', topicId).orderBy('seq').execute()).map((m) => m.seq);

  it('an outsider, a member not confirmed adult and a member of a closed topic store nothing and take no seq', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    expect((await owner.client.post('/api/messages/create', { topic_id: topic.id, content: 'First' })).statusCode).toBe(200);
    const before = await lastSeq(topic.id);
    const guestCoins = await balanceOf(ctx.app, guest.user.id);

    const outsider = await createSignedInUser(ctx.app, { coins: 500 });
    const fromOutsider = await outsider.client.post('/api/messages/create', { topic_id: topic.id, content: 'Let me in' });
    expect(fromOutsider.statusCode).toBe(403);
    expect(fromOutsider.body.message).toBe(texts.topics.noPermission);

    await ctx.db.updateTable('users').set({ adult_confirmed_at: null }).where('id', '=', guest.user.id).execute();
    const fromMinor = await guest.client.post('/api/messages/create', { topic_id: topic.id, content: 'Hi' });
    expect(fromMinor.statusCode).toBe(403);
    expect(fromMinor.body.code).toBe('ADULT_REQUIRED');
    await guest.client.post('/api/user/confirm-adult', { confirm: true });

    const unknown = await owner.client.post('/api/messages/create', { topic_id: topic.id + 100_000, content: 'Anyone?' });
    expect(unknown.statusCode).toBe(404);
    expect(await lastSeq(topic.id)).toBe(before);

    // The next message takes the very next seq.
    expect((await guest.client.post('/api/messages/create', { topic_id: topic.id, content: 'Now I can' })).statusCode).toBe(200);
    expect(await seqs(topic.id)).toEqual(Array.from({ length: before + 1 }, (_, i) => i + 1));

    expect((await owner.client.post('/api/topics/leave', { topic_id: topic.id })).statusCode).toBe(200);
    const closedAt = await lastSeq(topic.id);
    const toClosed = await guest.client.post('/api/messages/create', { topic_id: topic.id, content: 'Still there?' });
    expect(toClosed.statusCode).toBe(409);
    expect(toClosed.body.message).toBe(texts.topics.closedByOwner);
    expect(await lastSeq(topic.id)).toBe(closedAt);
    expect(
      await ctx.db
        .selectFrom('messages')
        .select('content')
        .where('topic_id', '=', topic.id)
        .where('content', 'in', ['Let me in', 'Hi', 'Still there?'])
        .execute(),
    ).toEqual([]);
    // The guest paid for their one delivered message only.
    const paid = (await ctx.db.selectFrom('messages').select('cost').where('sender_id', '=', guest.user.id).execute()).reduce((n, m) => n + m.cost, 0);
    expect(await balanceOf(ctx.app, guest.user.id)).toBe(guestCoins - paid);
    await expectLedgerConsistent(ctx.db);
  });

  const entriesOf = async (userId: number) =>
    await ctx.db
      .selectFrom('ledger_entries')
      .select(['amount', 'kind', 'idempotency_key', 'reference_type', 'reference_id', 'balance_after'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  it('a send the sender cannot pay for, or that passes their daily limit, stores nothing, takes no seq and charges nothing', async () => {
    const { owner, topic } = await createChatPair(ctx.app, { coins: 1000 });
    const start = await balanceOf(ctx.app, owner.user.id);
    const first = await owner.client.post<{ balance: number }>('/api/messages/create', { topic_id: topic.id, content: 'Hello' });
    expect(first.statusCode).toBe(200);
    const cost = start - first.body.payload.balance;
    expect(cost).toBeGreaterThan(0);

    // A daily limit that leaves room for one more such message: a longer one would pass it (the balance covers it).
    const spent = (await owner.client.get<{ spent_today: number }>('/api/user/spending-limits')).body.payload.spent_today;
    const limit = spent + cost;
    expect((await owner.client.put('/api/user/spending-limits', { daily_limit: limit, monthly_limit: null })).statusCode).toBe(200);
    const before = { seq: await lastSeq(topic.id), balance: await balanceOf(ctx.app, owner.user.id), entries: await entriesOf(owner.user.id) };
    const overLimit = await owner.client.post('/api/messages/create', { topic_id: topic.id, content: 'Hello, hello' });
    expect(overLimit.statusCode).toBe(403);
    expect(overLimit.body.message).toBe(englishText('spending.dailyReached', { limit }));
    expect(overLimit.body.limit).toBe('daily');
    expect({ seq: await lastSeq(topic.id), balance: await balanceOf(ctx.app, owner.user.id), entries: await entriesOf(owner.user.id) }).toEqual(before);

    // More than the balance: refused for the coins, whatever the limit.
    const long = 'x'.repeat(4000);
    const tooDear = await owner.client.post('/api/messages/create', { topic_id: topic.id, content: long });
    expect(tooDear.statusCode).toBe(402);
    expect(tooDear.body.code).toBe('INSUFFICIENT_FUNDS');
    expect({ seq: await lastSeq(topic.id), balance: await balanceOf(ctx.app, owner.user.id), entries: await entriesOf(owner.user.id) }).toEqual(before);
    expect(await ctx.db.selectFrom('messages').select('id').where('content', 'in', [long, 'Hello, hello']).execute()).toEqual([]);

    // The next message takes the next seq and posts one entry, keyed by and referring to that message.
    const next = await owner.client.post<{ balance: number; message: { id: number } }>('/api/messages/create', { topic_id: topic.id, content: 'Hello' });
    expect(next.statusCode).toBe(200);
    expect(await lastSeq(topic.id)).toBe(before.seq + 1);
    const id = next.body.payload.message.id;
    expect(await entriesOf(owner.user.id)).toEqual([
      ...before.entries,
      {
        amount: -cost,
        kind: 'message',
        idempotency_key: `message:${id}`,
        reference_type: 'message',
        reference_id: String(id),
        balance_after: before.balance - cost,
      },
    ]);
    expect(next.body.payload.balance).toBe(before.balance - cost);
    await expectLedgerConsistent(ctx.db);
  });
});
