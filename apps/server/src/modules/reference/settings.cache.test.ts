import { type Settings } from '@parley/contracts';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';
import { createInProcessBus } from '../../lib/event-bus.js';

/**
 * Settings are cached in memory per instance; an admin change on one instance reaches every other
 * one through the event bus (Redis pub/sub when REDIS_URL is set, else one in-process bus shared by both).
 */
describe.each(dialects)('settings cache across two instances on %s', (dialect) => {
  const redisUrl = process.env.REDIS_URL;
  let ctx: TestContext;
  let other: FastifyInstance;

  beforeAll(async () => {
    const bus = redisUrl && dialect === 'postgres' ? undefined : createInProcessBus();
    ctx = await createTestContext(dialect, { env: bus ? {} : { REDIS_URL: redisUrl! }, infra: bus ? { bus } : {}, seedDemo: true });
    other = await ctx.buildAnother({ migrate: false });
  });
  afterAll(() => ctx.close());

  const settingsOn = async (app: FastifyInstance) => (await new TestClient(app).get<Settings>('/api/settings')).body.payload;

  it('serves an admin change from every instance without a restart', async () => {
    const before = await settingsOn(other);
    expect(await settingsOn(other)).toEqual(before);
    const { client: admin } = await createSignedInUser(ctx.app, { role: 'admin' });
    const saved = await admin.put('/api/admin/settings', { message_symbol_cost: before.message_symbol_cost + 2, support_email: 'help@parley.chat' });
    expect(saved.statusCode).toBe(200);

    expect((await settingsOn(ctx.app)).message_symbol_cost).toBe(before.message_symbol_cost + 2);
    // Redis delivers the announcement asynchronously: the other instance serves the new value once it arrived.
    await expect.poll(async () => (await settingsOn(other)).support_email).toBe('help@parley.chat');
    expect((await settingsOn(other)).message_symbol_cost).toBe(before.message_symbol_cost + 2);
  });

  it('charges a message at the new price on the other instance right after the change', async () => {
    const { client: admin } = await createSignedInUser(ctx.app, { role: 'admin' });
    expect((await admin.put('/api/admin/settings', { message_symbol_cost: 3 })).statusCode).toBe(200);
    await expect.poll(async () => (await settingsOn(other)).message_symbol_cost).toBe(3);
    const costs = await new TestClient(other).get<{ message_symbol_cost: number }>('/api/messages/attachment-costs');
    expect(costs.statusCode).toBe(401);
    const { client } = await createSignedInUser(ctx.app);
    const onOther = client.on(other);
    expect((await onOther.get<{ message_symbol_cost: number }>('/api/messages/attachment-costs')).body.payload.message_symbol_cost).toBe(3);
  });
});
