import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, chatContextOptions, createChatPair } from '../../../test/chat.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, type TestContext } from '../../../test/harness.js';
import { postEntry } from '../ledger/ledger.service.js';
import { contentFilterWork } from '../moderation/content-filter.js';

/**
 * Issue 31, finding 2: the content filter (with libphonenumber) is the send's dear step, so the cheap
 * refusals come first — topic, seat, adult, coins — and an unpaid or misaddressed send never reaches it.
 */
describe.each(dialects)('the send checks the cheap things first on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions());
  });
  afterAll(() => ctx.close());

  const flood = '1 '.repeat(2000);
  /** The filter's runs during `act`. */
  async function filterRunsDuring(act: () => Promise<unknown>) {
    const before = contentFilterWork.texts;
    await act();
    return contentFilterWork.texts - before;
  }

  it('a send to a topic that does not exist, or from a user without the coins, never runs the content filter', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app, { coins: 1000 }, { coins: 0 });
    let answer: Awaited<ReturnType<typeof owner.client.post>> | undefined;
    expect(
      await filterRunsDuring(async () => (answer = await owner.client.post('/api/messages/create', { topic_id: topic.id + 100_000, content: flood }))),
    ).toBe(0);
    expect(answer!.statusCode).toBe(404);

    expect(await filterRunsDuring(async () => (answer = await guest.client.post('/api/messages/create', { topic_id: topic.id, content: flood })))).toBe(0);
    expect(answer!.statusCode).toBe(402);
    expect(answer!.body.code).toBe('INSUFFICIENT_FUNDS');

    // A paid send in the topic is filtered, once.
    expect(await filterRunsDuring(async () => (answer = await owner.client.post('/api/messages/create', { topic_id: topic.id, content: 'Hello' })))).toBe(1);
    expect(answer!.statusCode).toBe(200);
    // And with the seat known, a send the coins do not cover still stops before the filter.
    expect(
      await filterRunsDuring(async () => (answer = await owner.client.post('/api/messages/create', { topic_id: topic.id, content: 'x'.repeat(4000) }))),
    ).toBe(0);
    expect(answer!.statusCode).toBe(402);
    await expectLedgerConsistent(ctx.db);
  });

  it('keeps the refusal order (access, adult, coins) for a sender without coins, and a top-up the session has not seen yet counts', async () => {
    const { guest, topic } = await createChatPair(ctx.app, { coins: 1000 }, { coins: 0 });
    const outsider = await createSignedInUser(ctx.app, { coins: 0 });
    const fromOutsider = await outsider.client.post('/api/messages/create', { topic_id: topic.id, content: flood });
    expect(fromOutsider.statusCode).toBe(403);

    await ctx.db.updateTable('users').set({ adult_confirmed_at: null }).where('id', '=', guest.user.id).execute();
    const fromMinor = await guest.client.post('/api/messages/create', { topic_id: topic.id, content: flood });
    expect(fromMinor.body.code).toBe('ADULT_REQUIRED');
    await guest.client.post('/api/user/confirm-adult', { confirm: true });
    expect((await guest.client.post('/api/messages/create', { topic_id: topic.id, content: 'Hi' })).body.code).toBe('INSUFFICIENT_FUNDS');

    // Coins that arrive are spendable at once: the pre-check asks the database before refusing.
    await ctx.db
      .transaction()
      .execute((trx) =>
        postEntry(trx, ctx.app.clock, { userId: guest.user.id, amount: 50, kind: 'admin_adjustment', idempotencyKey: `precheck:${guest.user.id}` }),
      );
    const paid = await guest.client.post<{ balance: number }>('/api/messages/create', { topic_id: topic.id, content: 'Hi' });
    expect(paid.statusCode).toBe(200);
    expect(paid.body.payload.balance).toBe(await balanceOf(ctx.app, guest.user.id));
    await expectLedgerConsistent(ctx.db);
  });
});
