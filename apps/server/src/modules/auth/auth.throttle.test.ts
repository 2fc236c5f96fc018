import { cookieNames, texts, xsrfHeader } from '@parley/contracts';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createSignedInUser, createUser, DEFAULT_PASSWORD, enableTestTwoFactor, signUpBody, totpCode } from '../../../test/factories.js';
import { createTestContext, dialects, FakeClock, type TestContext } from '../../../test/harness.js';
import { PrivateRedis } from '../../../test/redis-server.js';
import * as password from '../../lib/password.js';
import { xsrfTokenFor } from '../../plugins/session.js';
import { knownDeviceCookie } from './sign-in-throttle.js';

// A spy around the real argon2 hashing (it still hashes): which work a request did, not how long it took.
vi.mock('../../lib/password.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/password.js')>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

describe.each(dialects)('sign-up work on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: object, ip: string) => {
    const xsrf = xsrfTokenFor(ctx.config);
    return ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip, cookies: { [cookieNames.xsrf]: xsrf }, headers: { [xsrfHeader]: xsrf } });
  };

  it('sign-up does the same argon2 work whether or not the address is taken', async () => {
    const taken = await createUser(ctx.db);
    const body = (email: string) => signUpBody(email, { name: 'Eve', accept_terms: true });
    const hash = vi.mocked(password.hashPassword);
    hash.mockClear();
    const fresh = await post('/api/register', body(`new-${Date.now()}@example.com`), '10.2.0.1');
    const existing = await post('/api/register', body(taken.email), '10.2.0.2');
    expect(fresh.json()).toMatchObject({ status: 'VERIFY' });
    expect(existing.json()).toMatchObject({ status: 'VERIFY' });
    expect(hash.mock.calls.map((call) => call[0])).toEqual(['Sunshine42x', 'Sunshine42x']);
  });
});

describe.each(dialects)('two-factor code checks in account settings on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: { RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_AUTH_WINDOW_S: '900' } });
  });
  afterAll(() => ctx.close());

  it('are limited per account as well as per address: a session guessing codes from many addresses is stopped', async () => {
    const { client } = await createSignedInUser(ctx.app, { twoFactor: true });
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      client.address = `10.3.0.${i}`;
      statuses.push((await client.post('/api/user/two-factor/recovery-codes', { code: '000000' })).statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 429]);
    // Disabling and enabling share the account's budget.
    client.address = '10.3.0.9';
    const disable = await client.post('/api/user/two-factor/disable', { password: DEFAULT_PASSWORD, code: await totpCode(ctx.app) });
    expect(disable.statusCode).toBe(429);
    expect(disable.body.message).toBe(texts.common.rateLimited);
    // Another account is not affected.
    const { client: other } = await createSignedInUser(ctx.app, { twoFactor: true });
    other.address = '10.3.0.10';
    expect((await other.post('/api/user/two-factor/recovery-codes', { code: '000000' })).statusCode).toBe(422);
  });
});

/**
 * Sign-in throttling per account (issue 31 finding 1, decision 028): only failures count, strangers
 * fill a bucket of their own, waits grow, the owner hears of a burst once.
 */
describe.each(dialects)('sign-in throttling per account on %s', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock();
  beforeAll(async () => {
    ctx = await createTestContext(dialect, {
      infra: { clock },
      env: { RATE_LIMIT_ACCOUNT_MAX: '5', RATE_LIMIT_ACCOUNT_WINDOW_S: '900', RATE_LIMIT_ACCOUNT_MAX_DELAY_S: '900', RATE_LIMIT_AUTH_MAX: '100' },
    });
  });
  afterAll(() => ctx.close());

  let addresses = 0;
  /** A browser nobody used before, at an address nobody used before. */
  const stranger = () => {
    const client = new TestClient(ctx.app);
    client.address = `10.${Math.floor(++addresses / 250) + 10}.0.${addresses % 250}`;
    return client;
  };
  const signIn = (client: TestClient, email: string, password: string, code?: string) => client.post('/api/login', { email, password, code });
  /** Eleven wrong passwords from eleven addresses. */
  const strangersGuess = async (email: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn(stranger(), email, `Guess${i}wrong1`)).statusCode);
    return statuses;
  };

  it('eleven successful sign-ins never lock the account', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 11; i++) expect((await signIn(stranger(), user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('strangers’ failures do not lock out the owner on a device that signed in before, nor at an address that did', async () => {
    const user = await createUser(ctx.db);
    const laptop = stranger();
    expect((await signIn(laptop, user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    expect(laptop.cookies.get(knownDeviceCookie)).toBeTruthy();
    const home = stranger();
    expect((await signIn(home, user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);

    expect(await strangersGuess(user.email.toUpperCase())).toEqual([422, 422, 422, 422, 422, 429, 429, 429, 429, 429, 429]);
    // Even the right password waits on a device and at an address the account has never seen.
    const fresh = await signIn(stranger(), user.email, DEFAULT_PASSWORD);
    expect(fresh.statusCode).toBe(429);
    expect(fresh.body.message).toBe(texts.common.rateLimited);

    // The laptop, taken to a café (an address never seen): its cookie gets it in.
    laptop.address = '192.0.2.77';
    laptop.cookies.delete(cookieNames.session);
    laptop.cookies.delete(cookieNames.xsrf);
    expect((await signIn(laptop, user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    // A new browser at home: the address signed in before.
    const homeBrowser = new TestClient(ctx.app);
    homeBrowser.address = home.address;
    expect((await signIn(homeBrowser, user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('the owner’s own failures slow only their device down, and a success there starts it afresh', async () => {
    const user = await createUser(ctx.db);
    const laptop = stranger();
    expect((await signIn(laptop, user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    const forgetful = async () => (await signIn(laptop, user.email, 'Wrong1password')).statusCode;
    for (let i = 0; i < 5; i++) expect(await forgetful()).toBe(422);
    expect(await forgetful()).toBe(429);
    // Strangers elsewhere are not held up by the owner's own bucket, nor the other way round.
    expect((await signIn(stranger(), user.email, 'Wrong1password')).statusCode).toBe(422);
    clock.advance(2000);
    expect((await signIn(laptop, user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect(await forgetful()).toBe(422);
  });

  it('the right password with a valid second factor gets an admin in from anywhere while strangers guess', async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    await enableTestTwoFactor(ctx.app, admin.id);
    await strangersGuess(admin.email);
    // The password alone answers like a wrong one: a stranger learns nothing while they wait.
    expect((await signIn(stranger(), admin.email, DEFAULT_PASSWORD)).statusCode).toBe(429);
    expect((await signIn(stranger(), admin.email, DEFAULT_PASSWORD, '000000')).statusCode).toBe(429);
    expect((await signIn(stranger(), admin.email, 'Wrong1password', await totpCode(ctx.app))).statusCode).toBe(429);
    const owner = await signIn(stranger(), admin.email, DEFAULT_PASSWORD, await totpCode(ctx.app));
    expect(owner.statusCode).toBe(200);
    expect(owner.body.status).toBe('OK');
  });

  it('a stranger who waits as told gets ever longer waits, answered with 429 and Retry-After', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 5; i++) expect((await signIn(stranger(), user.email, 'Wrong1password')).statusCode).toBe(422);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const refused = await signIn(stranger(), user.email, 'Wrong1password');
      expect(refused.statusCode).toBe(429);
      expect(refused.body.message).toBe(texts.common.rateLimited);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      clock.advance(wait * 1000);
      expect((await signIn(stranger(), user.email, 'Wrong1password')).statusCode).toBe(422);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32]);
  });

  it('the owner gets one mail per burst of failures, in their language, with no stranger’s data', async () => {
    const user = await createUser(ctx.db);
    await ctx.db
      .updateTable('users')
      .set({ language_id: (await ctx.db.selectFrom('languages').select('id').where('code', '=', 'de').executeTakeFirst())?.id ?? null })
      .where('id', '=', user.id)
      .execute();
    await strangersGuess(user.email);
    clock.advance(2000);
    await strangersGuess(user.email);
    await ctx.app.jobs.runDue();
    const mails = await ctx.db.selectFrom('mails').selectAll().where('to', '=', user.email).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Fehlgeschlagene Anmeldungen bei deinem Parley-Konto');
    expect(mails[0]!.text).not.toMatch(/10\.\d+\.0\./);
    expect(mails[0]!.text).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  });
});

/** The counters live in Redis: every instance sees the same failures (decision 028). A private Redis. */
describe.each(dialects)('sign-in throttling across instances over Redis on %s', (dialect) => {
  let redis: PrivateRedis;
  let ctx: TestContext;
  let other: FastifyInstance;
  beforeAll(async () => {
    redis = await PrivateRedis.start();
    ctx = await createTestContext(dialect, { env: { REDIS_URL: redis.url, RATE_LIMIT_ACCOUNT_MAX: '5', RATE_LIMIT_AUTH_MAX: '100' } });
    other = await ctx.buildAnother({ migrate: false });
  });
  afterAll(async () => {
    await ctx.close();
    await redis.down();
  });

  it('failures through one instance slow strangers down on the other; the owner’s device is known on both', async () => {
    await expect.poll(() => ctx.app.redis?.status).toBe('ready');
    const user = await createUser(ctx.db);
    const laptop = new TestClient(ctx.app);
    laptop.address = '10.50.0.1';
    expect((await laptop.post('/api/login', { email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      const guess = new TestClient(ctx.app);
      guess.address = `10.51.0.${i}`;
      expect((await guess.post('/api/login', { email: user.email, password: 'Wrong1password' })).statusCode).toBe(422);
    }
    const elsewhere = new TestClient(other);
    elsewhere.address = '10.52.0.1';
    const refused = await elsewhere.post('/api/login', { email: user.email, password: 'Wrong1password' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const owner = laptop.on(other);
    owner.address = '10.52.0.2';
    owner.cookies.delete(cookieNames.session);
    owner.cookies.delete(cookieNames.xsrf);
    expect((await owner.post('/api/login', { email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    // Nothing in Redis names the account's address.
    const keys = await ctx.app.redis!.keys('*');
    expect(keys.some((key) => key.startsWith('parley-signin:'))).toBe(true);
    expect(keys.join(' ')).not.toContain(user.email);
  });
});
