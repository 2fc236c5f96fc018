import { texts, type UserProfile } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { saveSettings } from '../reference/settings.service.js';

const WEEK_MS = 7 * 24 * 3600_000;

describe.each(dialects)('channel status on %s', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock();
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock } });
    await saveSettings(ctx.db, { channel_status_cost: 10, channel_status_duration: 1 });
  });
  afterAll(() => ctx.close());

  const userRow = (id: number) => ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('200 concurrent purchases against a balance that covers 100: exactly 100 pass, balance 0, 100 weeks added', async () => {
    const { user, client } = await createSignedInUser(ctx.app, { coins: 1000 });
    const responses = await Promise.all(Array.from({ length: 200 }, () => client.post<UserProfile>('/api/user/become-channel')));
    const ok = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(100);
    expect(refused).toHaveLength(100);
    for (const r of refused) expect(r.body).toMatchObject({ status: 'ERROR', message: texts.account.notEnoughPoints });
    const row = await userRow(user.id);
    expect(row.balance).toBe(0);
    expect(row.channel_expire_at).toBe(new Date(clock.now().getTime() + 100 * WEEK_MS).toISOString());
    const debits = await ctx.db.selectFrom('ledger_entries').selectAll().where('user_id', '=', user.id).where('kind', '=', 'channel_status').execute();
    expect(debits).toHaveLength(100);
    expect(debits.every((d) => d.amount === -10)).toBe(true);
    expect(new Set(debits.map((d) => d.balance_after)).size).toBe(100);
    await expectLedgerConsistent(ctx.db);
  });

  it('starts now, extends an active status by the duration, restarts after expiry, and returns the new profile fields', async () => {
    const { user, client } = await createSignedInUser(ctx.app, { coins: 35 });
    const first = await client.post<UserProfile>('/api/user/become-channel');
    expect(first.body).toMatchObject({ status: 'OK', message: texts.account.channelPurchased });
    const start = clock.now().getTime();
    expect(first.body.payload).toMatchObject({ is_channel: true, balance: 25, points: 25, channel_expire_at: new Date(start + WEEK_MS).toISOString() });
    clock.advance(3 * 24 * 3600_000);
    const second = await client.post<UserProfile>('/api/user/become-channel');
    expect(second.body.payload.channel_expire_at).toBe(new Date(start + 2 * WEEK_MS).toISOString());
    clock.advance(12 * 24 * 3600_000); // day 15: expired on day 14
    const third = await client.post<UserProfile>('/api/user/become-channel');
    expect(third.body.payload.channel_expire_at).toBe(new Date(clock.now().getTime() + WEEK_MS).toISOString());
    expect(third.body.payload.balance).toBe(5);
    expect((await client.get<UserProfile>('/api/user/profile')).body.payload).toMatchObject({ is_channel: true, balance: 5 });
    await expectLedgerConsistent(ctx.db);
    void user;
  });

  it("'Not enough points' changes nothing", async () => {
    const { user, client } = await createSignedInUser(ctx.app, { coins: 9 });
    const response = await client.post('/api/user/become-channel');
    expect(response.statusCode).toBe(402);
    expect(response.body).toMatchObject({ status: 'ERROR', message: texts.account.notEnoughPoints });
    const row = await userRow(user.id);
    expect(row).toMatchObject({ balance: 9, channel_expire_at: null });
    await expectLedgerConsistent(ctx.db);
  });

  it('a retried request with the same Idempotency-Key is charged and extended once', async () => {
    const { user, client } = await createSignedInUser(ctx.app, { coins: 100 });
    const key = `retry-${dialect}-${Date.now()}`;
    const responses = await Promise.all(Array.from({ length: 5 }, () => client.post<UserProfile>('/api/user/become-channel', {}, { 'idempotency-key': key })));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const row = await userRow(user.id);
    expect(row.balance).toBe(90);
    expect(row.channel_expire_at).toBe(new Date(clock.now().getTime() + WEEK_MS).toISOString());
    await expectLedgerConsistent(ctx.db);
  });
});
