import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieNames, xsrfHeader, type ChatEvent } from '@parley/contracts';
import { xsrfTokenFor } from '../src/plugins/session.js';
import { TestClient } from './client.js';
import { createTestContext, dialects, type TestContext } from './harness.js';
import { PrivateRedis } from './redis-server.js';

const badLogin = { email: 'nobody@example.com', password: 'Wrong12345x' };

describe.each(dialects)('Redis as a dependency that can fail, on %s', (dialect) => {
  let redis: PrivateRedis;
  let ctx: TestContext;
  beforeAll(async () => {
    redis = await PrivateRedis.start();
    ctx = await createTestContext(dialect, { env: { REDIS_URL: redis.url, RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_AUTH_WINDOW_S: '3600' } });
    await ctx.app.ready();
  });
  afterAll(async () => {
    redis.thaw();
    await ctx.close();
    await redis.down();
  });

  const ready = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    return { statusCode: response.statusCode, body: response.json<{ message?: string; errors?: Record<string, string[]>; payload: unknown }>() };
  };
  /** A failed sign-in from one client address (each test its own, so counts do not carry over). */
  const login = async (app: TestContext['app'], ip: string, xsrf = xsrfTokenFor(ctx.config)) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: badLogin,
        remoteAddress: ip,
        cookies: { [cookieNames.xsrf]: xsrf },
        headers: { [xsrfHeader]: xsrf },
      })
    ).statusCode;

  it('is ready while the database and Redis answer', async () => {
    await expect.poll(async () => (await ready()).body.payload).toEqual({ database: 'up', migrations: 'applied', redis: 'up' });
    expect((await ready()).statusCode).toBe(200);
  });

  it('Redis down: requests still answer, auth limits count per process, fan-out reaches this instance, /api/ready stays 200 saying redis is down', async () => {
    await redis.down();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push(await login(ctx.app, '10.0.0.1'));
    expect(statuses).toEqual([422, 422, 422, 429]);
    expect((await new TestClient(ctx.app).get('/api/is-auth')).statusCode).toBe(200);

    const heard: ChatEvent[] = [];
    const unsubscribe = ctx.app.bus.subscribe((event) => heard.push(event));
    await ctx.app.bus.publish({ type: 'topic.closed', topicId: 42 });
    unsubscribe();
    expect(heard).toEqual([{ type: 'topic.closed', topicId: 42 }]);

    // Degraded, not unready (decision 030): a proxy health-checking /api/ready keeps every instance.
    const answer = await ready();
    expect(answer.statusCode).toBe(200);
    expect(answer.body.payload).toEqual({ database: 'up', migrations: 'applied', redis: 'down' });
    expect(answer.body.message).toBe('Degraded: redis');
  });

  it('Redis hung (accepts, never answers): requests still answer instead of waiting for it', async () => {
    await redis.up();
    await expect.poll(async () => (await ready()).body.payload, { timeout: 10_000 }).toMatchObject({ redis: 'up' });
    redis.freeze();
    try {
      expect((await new TestClient(ctx.app).get('/api/is-auth')).statusCode).toBe(200);
      expect(await login(ctx.app, '10.0.0.2')).toBe(422);
      const answer = await ready();
      expect(answer.statusCode).toBe(200);
      expect(answer.body.payload).toMatchObject({ redis: 'down' });
    } finally {
      redis.thaw();
    }
  });

  it('recovers by itself: redis up again, and limits are shared by instances through Redis again', async () => {
    await expect.poll(async () => (await ready()).body.payload, { timeout: 10_000 }).toMatchObject({ redis: 'up' });
    const other = await ctx.buildAnother();
    await other.ready();
    await expect.poll(() => other.redis!.status, { timeout: 10_000 }).toBe('ready');
    const statuses: number[] = [];
    // The same client address on two instances: one budget of 3 between them.
    for (const app of [ctx.app, other, ctx.app, other]) statuses.push(await login(app, '10.0.0.3'));
    expect(statuses).toEqual([422, 422, 422, 429]);

    // Push resumes across instances: the first instance's subscriber came back with Redis and hears the other.
    const heard: ChatEvent[] = [];
    const unsubscribe = ctx.app.bus.subscribe((event) => heard.push(event));
    try {
      await expect
        .poll(
          async () => {
            await other.bus.publish({ type: 'topic.closed', topicId: 43 });
            return heard.some((event) => event.type === 'topic.closed' && event.topicId === 43);
          },
          { timeout: 10_000 },
        )
        .toBe(true);
    } finally {
      unsubscribe();
    }
  });
});
