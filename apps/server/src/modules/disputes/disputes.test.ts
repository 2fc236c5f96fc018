import { type Deposit } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { chatContextOptions, createChatPair } from '../../../test/chat.js';
import { balanceOf, listenLocally, sandboxCard, submitForm, waitFor } from '../../../test/money.js';
import { startTopUp } from '../deposits/deposits.test-support.js';

type Dashboard = { figures: { open_disputes: number } };
type DisputeRow = { source: string; source_id: number; status: string; coins_held: number };

describe.each(dialects)('card disputes through the sandbox hosted page on %s', (dialect) => {
  let ctx: TestContext;
  let base: string;
  let admin: TestClient;
  const clock = new FakeClock(new Date('2030-04-01T10:00:00.000Z'));

  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions({ infra: { clock } }));
    base = await listenLocally(ctx.app);
    admin = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
  });
  afterAll(() => ctx.close());

  async function paidDeposit(buyer?: Awaited<ReturnType<typeof createSignedInUser>>) {
    buyer ??= await createSignedInUser(ctx.app);
    const { redirectUrl, deposit } = await startTopUp(buyer.client, { amount: 10 });
    await submitForm(base, redirectUrl, sandboxCard);
    await waitFor(
      () => statusOf(buyer.client, deposit.id),
      (s) => s === 'success',
    );
    return { ...buyer, deposit, redirectUrl };
  }
  const statusOf = async (client: TestClient, id: number) => (await client.get<Deposit>(`/api/deposit/status/${id}`)).body.payload.status;
  const openDisputes = async () => (await admin.get<Dashboard>('/api/admin/dashboard')).body.payload.figures.open_disputes;
  const disputesOf = async (id: number) => (await admin.get<DisputeRow[]>('/api/admin/disputes')).body.payload.filter((d) => d.source_id === id);

  it('a dispute opened on the sandbox page holds the coins and marks the deposit Disputed; lost keeps them debited for good', async () => {
    const { user, client, deposit, redirectUrl } = await paidDeposit();
    expect(await balanceOf(ctx.app, user.id)).toBe(1000);
    const before = await openDisputes();
    expect(await (await fetch(`${base}${redirectUrl}`)).text()).toContain('Open a dispute');

    // Clicked twice: one dispute, one hold.
    await Promise.all([submitForm(base, `${redirectUrl}/dispute`, { action: 'open' }), submitForm(base, `${redirectUrl}/dispute`, { action: 'open' })]);
    expect(
      await waitFor(
        () => statusOf(client, deposit.id),
        (s) => s === 'disputed',
      ),
    ).toBe('disputed');
    expect(await balanceOf(ctx.app, user.id)).toBe(0);
    expect(await openDisputes()).toBe(before + 1);
    expect(await disputesOf(deposit.id)).toMatchObject([{ source: 'deposit', status: 'open', coins_held: 1000 }]);
    const notice = await ctx.db.selectFrom('notifications').selectAll().where('user_id', '=', user.id).where('kind', '=', 'deposit.disputed').execute();
    expect(notice).toHaveLength(1);

    await submitForm(base, `${redirectUrl}/dispute`, { action: 'lost' });
    await waitFor(
      async () => (await disputesOf(deposit.id))[0]!.status,
      (s) => s === 'lost',
    );
    expect(await statusOf(client, deposit.id)).toBe('disputed');
    expect(await balanceOf(ctx.app, user.id)).toBe(0);
    expect(await openDisputes()).toBe(before);
    await expectLedgerConsistent(ctx.db);
  });

  it('a won dispute releases the held coins; the hold never exceeds what the user has left', async () => {
    const { user, client, deposit, redirectUrl } = await paidDeposit();
    // 1000 coins bought, channel status spent: 0 left... buy twice, spend one status (1000).
    expect((await client.post('/api/user/become-channel')).statusCode).toBe(200);
    expect(await balanceOf(ctx.app, user.id)).toBe(0);
    const second = await startTopUp(client, { amount: 5 });
    await submitForm(base, second.redirectUrl, sandboxCard);
    await waitFor(
      () => statusOf(client, second.deposit.id),
      (s) => s === 'success',
    );
    expect(await balanceOf(ctx.app, user.id)).toBe(500);

    await submitForm(base, `${redirectUrl}/dispute`, { action: 'open' });
    await waitFor(
      async () => (await disputesOf(deposit.id)).length,
      (n) => n === 1,
    );
    expect(await disputesOf(deposit.id)).toMatchObject([{ status: 'open', coins_held: 500 }]);
    expect(await balanceOf(ctx.app, user.id)).toBe(0);

    await submitForm(base, `${redirectUrl}/dispute`, { action: 'won' });
    expect(
      await waitFor(
        () => statusOf(client, deposit.id),
        (s) => s === 'success',
      ),
    ).toBe('success');
    expect(await balanceOf(ctx.app, user.id)).toBe(500);
    expect(await (await fetch(`${base}${redirectUrl}`)).text()).toContain('closed in the merchant&#39;s favour');
    await expectLedgerConsistent(ctx.db);
  });

  it("a lost dispute after the payer spent the coins in chat takes the contributor's share back, pending earnings first", async () => {
    const { owner: payer, guest: contributor, topic } = await createChatPair(ctx.app, { coins: 100 }, { contributor: true });
    expect(await balanceOf(ctx.app, payer.user.id)).toBe(50); // the topic cost 50
    const { deposit, redirectUrl } = await paidDeposit(payer);
    expect(await balanceOf(ctx.app, payer.user.id)).toBe(1050);
    const sent = await payer.client.post('/api/messages/create', { topic_id: topic.id, content: 'x'.repeat(400) });
    expect(sent.statusCode, JSON.stringify(sent.body)).toBe(200);
    expect(await balanceOf(ctx.app, payer.user.id)).toBe(650);
    expect(await balanceOf(ctx.app, contributor.user.id)).toBe(200);

    await submitForm(base, `${redirectUrl}/dispute`, { action: 'open' });
    await waitFor(
      async () => (await disputesOf(deposit.id)).length,
      (n) => n === 1,
    );
    expect(await disputesOf(deposit.id)).toMatchObject([{ coins_held: 650 }]);
    await submitForm(base, `${redirectUrl}/dispute`, { action: 'lost' });
    await waitFor(
      async () => (await disputesOf(deposit.id))[0]!.status,
      (s) => s === 'lost',
    );
    // 350 of the disputed coins had been spent; the contributor's 50 % of them (175) is reversed.
    expect(await balanceOf(ctx.app, payer.user.id)).toBe(0);
    expect(await balanceOf(ctx.app, contributor.user.id)).toBe(25);
    const reversal = await ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', contributor.user.id)
      .where('kind', '=', 'earning_reversal')
      .execute();
    expect(reversal.map((r) => r.amount)).toEqual([-175]);
    await expectLedgerConsistent(ctx.db);
  });

  it("a lost dispute after the payer tipped takes the tip's share back too (issue 35 §4)", async () => {
    const { owner: payer, guest: contributor, topic } = await createChatPair(ctx.app, { coins: 100 }, { contributor: true });
    const { deposit, redirectUrl } = await paidDeposit(payer);
    expect(await balanceOf(ctx.app, payer.user.id)).toBe(1050);
    const tipped = await payer.client.post(`/api/topics/${topic.id}/tips`, { amount: 400, key: 'dispute-tip-1' });
    expect(tipped.statusCode, JSON.stringify(tipped.body)).toBe(200);
    expect(await balanceOf(ctx.app, contributor.user.id)).toBe(200);

    await submitForm(base, `${redirectUrl}/dispute`, { action: 'open' });
    await waitFor(
      async () => (await disputesOf(deposit.id)).length,
      (n) => n === 1,
    );
    await submitForm(base, `${redirectUrl}/dispute`, { action: 'lost' });
    await waitFor(
      async () => (await disputesOf(deposit.id))[0]!.status,
      (s) => s === 'lost',
    );
    // 350 of the disputed coins had been spent (on the tip): 175 of the contributor's share is reversed.
    expect(await balanceOf(ctx.app, contributor.user.id)).toBe(25);
    await expectLedgerConsistent(ctx.db);
  });
});
