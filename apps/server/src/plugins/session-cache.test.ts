import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/client.js';
import { createSignedInUser, DEFAULT_PASSWORD } from '../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../test/harness.js';
import { PrivateRedis } from '../../test/redis-server.js';
import { createInProcessBus } from '../lib/event-bus.js';

/**
 * Sessions are cached in memory per instance. Whatever ends or changes a session on one instance
 * takes effect on the other one too: logout, a password change, a ban, an update of the user row.
 * Two instances on one database, over Redis when REDIS_URL is set (PostgreSQL), else one in-process bus.
 */
describe.each(dialects)('session cache across two instances on %s', (dialect) => {
  const redisUrl = process.env.REDIS_URL;
  let ctx: TestContext;
  let other: FastifyInstance;

  beforeAll(async () => {
    const bus = redisUrl && dialect === 'postgres' ? undefined : createInProcessBus();
    ctx = await createTestContext(dialect, { env: bus ? {} : { REDIS_URL: redisUrl! }, infra: bus ? { bus } : {} });
    other = await ctx.buildAnother({ migrate: false });
  });
  afterAll(() => ctx.close());

  /** The same signed-in browser, talking to the other instance. */
  const onOther = (client: TestClient) => client.on(other);
  const authenticated = async (client: TestClient) => (await client.get<{ authenticated: boolean }>('/api/is-auth')).body.payload.authenticated;
  /** Both instances have resolved (and cached) the session. */
  const warm = async (...clients: TestClient[]) => {
    for (const c of clients) for (let i = 0; i < 2; i++) expect(await authenticated(c)).toBe(true);
  };

  it('a logout on one instance signs the session out on the other', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const elsewhere = onOther(client);
    await warm(client, elsewhere);
    expect((await client.post('/api/logout')).statusCode).toBe(200);
    await expect.poll(() => authenticated(elsewhere)).toBe(false);
    expect((await elsewhere.get('/api/user/profile')).statusCode).toBe(401);
  });

  it('a password change on one instance ends the other sessions on the other instance', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const { email } = (await client.get<{ email: string }>('/api/user/profile')).body.payload;
    const second = new TestClient(other);
    await second.login(email, DEFAULT_PASSWORD);
    await warm(second);
    const changed = await client.post('/api/user/change-password', {
      current_password: DEFAULT_PASSWORD,
      password: 'Another123pass',
      password_confirmation: 'Another123pass',
    });
    expect(changed.statusCode).toBe(200);
    await expect.poll(() => authenticated(second)).toBe(false);
    expect(await authenticated(client)).toBe(true);
  });

  it('a ban on one instance locks the user out of the other at once', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const elsewhere = onOther(client);
    await warm(client, elsewhere);
    const { client: admin } = await createSignedInUser(ctx.app, { role: 'admin' });
    expect((await admin.post(`/api/admin/users/${user.id}/ban`, { reason: 'spam' })).statusCode).toBe(200);
    await expect.poll(() => authenticated(elsewhere)).toBe(false);
    expect(await authenticated(client)).toBe(false);
  });

  it('an update of the user row (a demoted admin) reaches the cached session on the other instance', async () => {
    const { user, client } = await createSignedInUser(ctx.app, { role: 'admin' });
    const elsewhere = onOther(client);
    await warm(client, elsewhere);
    const adminPage = async () => (await elsewhere.get('/api/admin/settings')).statusCode;
    expect(await adminPage()).toBe(200);
    // Any write to the user's row is seen by the database plugin, whichever feature makes it.
    await ctx.app.db.updateTable('users').set({ role: 'user' }).where('id', '=', user.id).execute();
    await expect.poll(adminPage).toBe(403);
  });
});

/**
 * Redis down: the instances no longer hear each other's invalidations. A session ended on one is not
 * served from the other's cache for up to its TTL: while its bus is not listening an instance reads
 * sessions from the database (issue 31, finding 6). A private Redis, stopped by the test.
 */
describe.each(dialects)('session cache while Redis is down on %s', (dialect) => {
  let redis: PrivateRedis;
  let ctx: TestContext;
  let other: FastifyInstance;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    ctx = await createTestContext(dialect, { env: { REDIS_URL: redis.url } });
    other = await ctx.buildAnother({ migrate: false });
  });
  afterAll(async () => {
    await ctx.close();
    await redis.down();
  });

  const authenticated = async (client: TestClient) => (await client.get<{ authenticated: boolean }>('/api/is-auth')).body.payload.authenticated;

  it('a logout on one instance signs the session out on the other at its next request', async () => {
    await expect.poll(() => other.bus.epoch() >= 0 && ctx.app.bus.epoch() >= 0).toBe(true);
    const { client } = await createSignedInUser(ctx.app);
    const elsewhere = client.on(other);
    for (let i = 0; i < 2; i++) expect(await authenticated(elsewhere)).toBe(true);
    await redis.down();
    await expect.poll(() => other.bus.epoch(), { timeout: 5000 }).toBeLessThan(0);
    expect((await client.post('/api/logout')).statusCode).toBe(200);
    expect(await authenticated(elsewhere)).toBe(false);
    // Back up, so the instances close cleanly.
    await redis.up();
    await expect.poll(() => other.bus.epoch() >= 0 && ctx.app.bus.epoch() >= 0, { timeout: 10_000 }).toBe(true);
  });
});
