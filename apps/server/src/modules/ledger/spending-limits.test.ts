import { texts, type SpendingLimits } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatContextOptions, createTopicVia } from '../../../test/chat.js';
import { type TestClient } from '../../../test/client.js';
import { createRoom, createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { englishText } from '@parley/contracts/i18n';

const DAY = 24 * 3600_000;

describe.each(dialects)('personal spending limits on %s', (dialect) => {
  let ctx: TestContext;
  let clock: FakeClock;
  beforeAll(async () => {
    clock = new FakeClock();
    ctx = await createTestContext(dialect, chatContextOptions({ infra: { clock } }));
  });
  afterAll(() => ctx.close());

  const limitsOf = async (client: TestClient) => (await client.get<SpendingLimits>('/api/user/spending-limits')).body.payload;
  const put = (client: TestClient, body: unknown) => client.put<SpendingLimits>('/api/user/spending-limits', body);
  const send = (client: TestClient, topicId: number) => client.post<{ balance: number }>('/api/messages/create', { topic_id: topicId, content: 'same words' });
  const balance = async (userId: number) =>
    Number((await ctx.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow()).balance);
  const messageCount = async (topicId: number) => (await ctx.db.selectFrom('messages').select('id').where('topic_id', '=', topicId).execute()).length;

  /** A user alone in their own topic, and what one message costs them (the first one is sent). */
  async function spender(coins = 100_000) {
    const who = await createSignedInUser(ctx.app, { coins });
    const topic = await createTopicVia(who.client, (await createRoom(ctx.db)).id);
    clock.advance(DAY); // a fresh day: today's spending is this first message only
    const before = await balance(who.user.id);
    const first = await send(who.client, topic.id);
    expect(first.statusCode).toBe(200);
    const cost = before - first.body.payload.balance;
    expect(cost).toBeGreaterThan(0);
    return { ...who, topic, cost };
  }

  it('keeps the coin amount above which a spend asks first: 100 by default, the user sets it (issue 33 #13)', async () => {
    const { client } = await createSignedInUser(ctx.app);
    expect((await limitsOf(client)).confirm_above).toBe(100);
    const saved = await client.put<SpendingLimits>('/api/user/spend-confirmation', { confirm_above: 500 });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.payload.confirm_above).toBe(500);
    expect((await limitsOf(client)).confirm_above).toBe(500);
    // 0 confirms every spend; a negative or fractional amount is refused.
    expect((await client.put('/api/user/spend-confirmation', { confirm_above: 0 })).statusCode).toBe(200);
    expect((await client.put('/api/user/spend-confirmation', { confirm_above: -1 })).statusCode).toBe(422);
    expect((await client.put('/api/user/spend-confirmation', { confirm_above: 1.5 })).statusCode).toBe(422);
    // The limits form's save leaves it alone.
    expect((await put(client, { daily_limit: null, monthly_limit: null })).body.payload.confirm_above).toBe(0);
  });

  it('a lower limit applies at once; a send beyond it is refused with a clear message and charges nothing', async () => {
    const { client, user, topic, cost } = await spender();
    expect(await limitsOf(client)).toMatchObject({
      daily_limit: null,
      monthly_limit: null,
      pending: null,
      spent_today: cost,
      daily_left: null,
      warning: false,
    });

    const saved = await put(client, { daily_limit: cost * 5, monthly_limit: null });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.message).toBe(texts.spending.saved);
    expect(saved.body.payload).toMatchObject({ daily_limit: cost * 5, pending: null, daily_left: cost * 4, warning: false });

    for (let i = 0; i < 3; i++) expect((await send(client, topic.id)).statusCode).toBe(200);
    expect((await limitsOf(client)).warning).toBe(true); // 4 of 5: 80 %
    expect((await send(client, topic.id)).statusCode).toBe(200);
    expect((await limitsOf(client)).daily_left).toBe(0);

    const balanceBefore = await balance(user.id);
    const messagesBefore = await messageCount(topic.id);
    const refused = await send(client, topic.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toBe(englishText('spending.dailyReached', { limit: cost * 5 }));
    expect(await balance(user.id)).toBe(balanceBefore);
    expect(await messageCount(topic.id)).toBe(messagesBefore);
    await expectLedgerConsistent(ctx.db);
  });

  it('a raise waits 24 hours while a lowering applies at once; the monthly limit holds across days', async () => {
    const { client, topic, cost } = await spender();
    const month0 = (await limitsOf(client)).spent_this_month;
    await put(client, { daily_limit: cost * 2, monthly_limit: month0 + cost * 3 });
    const raised = await put(client, { daily_limit: cost * 3, monthly_limit: month0 + cost * 3 });
    expect(raised.body.payload).toMatchObject({ daily_limit: cost * 2, pending: { daily_limit: cost * 3, monthly_limit: month0 + cost * 3 } });
    expect(Date.parse(raised.body.payload.pending!.effective_at) - clock.now().getTime()).toBe(DAY);
    expect((await send(client, topic.id)).statusCode).toBe(200);
    expect((await send(client, topic.id)).body.message).toBe(englishText('spending.dailyReached', { limit: cost * 2 }));

    const monthBefore = clock.now().toISOString().slice(0, 7);
    clock.advance(DAY);
    expect(await limitsOf(client)).toMatchObject({ daily_limit: cost * 3, pending: null });
    if (clock.now().toISOString().slice(0, 7) === monthBefore) {
      // A new day, the same month: the month's limit stops the third send of the day, not the day's.
      expect((await send(client, topic.id)).statusCode).toBe(200);
      expect((await send(client, topic.id)).statusCode).toBe(200);
      const over = await send(client, topic.id);
      expect(over.statusCode).toBe(403);
      expect(over.body.message).toBe(englishText('spending.monthlyReached', { limit: month0 + cost * 3 }));
    }

    // Lowering cancels a waiting raise and applies now; removing a limit is a raise too.
    await put(client, { daily_limit: cost * 20, monthly_limit: null });
    const lowered = await put(client, { daily_limit: cost, monthly_limit: null });
    expect(lowered.body.payload).toMatchObject({ daily_limit: cost, monthly_limit: month0 + cost * 3, pending: { daily_limit: cost, monthly_limit: null } });
  });

  it('never lets 200 concurrent sends pass a limit', async () => {
    const { client, user, topic, cost } = await spender();
    clock.advance(DAY); // a fresh day: nothing spent yet
    const allowed = 37;
    await put(client, { daily_limit: cost * allowed, monthly_limit: null });
    const before = await balance(user.id);
    const messagesBefore = await messageCount(topic.id);
    const results = await Promise.all(Array.from({ length: 200 }, () => send(client, topic.id)));
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(allowed);
    expect(results.filter((r) => r.statusCode === 403).every((r) => r.body.message === englishText('spending.dailyReached', { limit: cost * allowed }))).toBe(
      true,
    );
    expect(await balance(user.id)).toBe(before - allowed * cost);
    expect(await messageCount(topic.id)).toBe(messagesBefore + allowed);
    expect((await limitsOf(client)).spent_today).toBe(allowed * cost);
    await expectLedgerConsistent(ctx.db);
  });

  it('refuses bad limits with a 4xx and changes nothing', async () => {
    const { client } = await spender();
    await put(client, { daily_limit: 100, monthly_limit: 1000 });
    for (const body of [
      { daily_limit: 0, monthly_limit: null },
      { daily_limit: 1.5, monthly_limit: null },
      { daily_limit: '50', monthly_limit: null },
      { daily_limit: 500, monthly_limit: 100 },
      { daily_limit: 100_000_000, monthly_limit: null },
    ]) {
      const response = await put(client, body);
      expect(response.statusCode).toBe(422);
    }
    expect((await put(client, { daily_limit: 500, monthly_limit: 100 })).body.message).toBe(texts.spending.dailyOverMonthly);
    expect(await limitsOf(client)).toMatchObject({ daily_limit: 100, monthly_limit: 1000, pending: null });
  });
});
