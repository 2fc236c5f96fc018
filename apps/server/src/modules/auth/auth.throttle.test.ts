import { cookieNames, texts, xsrfHeader } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, createUser, DEFAULT_PASSWORD, signUpBody, totpCode } from '../../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';
import * as password from '../../lib/password.js';
import { xsrfTokenFor } from '../../plugins/session.js';

// A spy around the real argon2 hashing (it still hashes): which work a request did, not how long it took.
vi.mock('../../lib/password.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/password.js')>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

describe.each(dialects)('sign-in throttling per account and sign-up work on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: { RATE_LIMIT_ACCOUNT_MAX: '3', RATE_LIMIT_ACCOUNT_WINDOW_S: '900' } });
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: object, ip: string) => {
    const xsrf = xsrfTokenFor(ctx.config);
    return ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip, cookies: { [cookieNames.xsrf]: xsrf }, headers: { [xsrfHeader]: xsrf } });
  };

  it('throttles guesses at one account spread over many addresses, and only that account', async () => {
    const target = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push((await post('/api/login', { email: target.email, password: `Guess${i}xx12` }, `10.1.0.${i}`)).statusCode);
    expect(statuses).toEqual([422, 422, 422, 429]);
    // Even the right password waits for the window now (the case-folded address is the same account).
    const right = await post('/api/login', { email: target.email.toUpperCase(), password: DEFAULT_PASSWORD }, '10.1.0.9');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ message: texts.common.rateLimited });
    expect((await post('/api/login', { email: other.email, password: DEFAULT_PASSWORD }, '10.1.0.1')).statusCode).toBe(200);
  });

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
