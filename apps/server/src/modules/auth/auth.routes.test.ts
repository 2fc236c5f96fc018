import { cookieNames, texts } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createUser, DEFAULT_PASSWORD, signUpBody } from '../../../test/factories.js';
import { createTestContext, dialects, FakeClock, type TestContext } from '../../../test/harness.js';
import { saveSettings } from '../reference/settings.service.js';

const signUp = signUpBody;

async function latestMailLink(ctx: TestContext, to: string, path: string) {
  // Mail leaves through the outbox (the job worker), right after the request.
  await ctx.app.jobs.runDue();
  const mail = await ctx.db.selectFrom('mails').selectAll().where('to', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const match = mail.text.match(new RegExp(`https?://\\S+${path}\\S+`));
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return new URL(match[0]);
}

describe.each(dialects)('auth on %s', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock();
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock } });
  });
  afterAll(() => ctx.close());

  it('signs up, verifies through the mailbox link, signs in with a cookie session and a bearer token', async () => {
    const client = new TestClient(ctx.app);
    const registered = await client.post('/api/register', signUp('alice@example.com'));
    expect(registered.statusCode).toBe(200);
    expect(registered.body).toMatchObject({ status: 'VERIFY', payload: { email: 'alice@example.com' } });

    const early = await client.post('/api/login', { email: 'alice@example.com', password: 'Sunshine42x' });
    expect(early.body.status).toBe('VERIFY');
    expect(client.cookies.has(cookieNames.session)).toBe(false);

    const link = await latestMailLink(ctx, 'alice@example.com', '/email-verification');
    const verified = await client.post('/api/email/verify', { id: Number(link.searchParams.get('id')), token: link.searchParams.get('token') });
    expect(verified.body).toMatchObject({ status: 'OK', message: texts.auth.emailVerified });

    const login = await client.post<{ user: { balance: number; email: string } }>('/api/login', { email: 'ALICE@example.com', password: 'Sunshine42x' });
    expect(login.body.status).toBe('OK');
    expect(login.body.payload.user.email).toBe('alice@example.com');
    expect(login.body.payload.user.balance).toBe(200); // initial_points, through the ledger
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/parley_session=.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    expect((await client.get('/api/is-auth')).body).toMatchObject({ authenticated: true, emailVerified: true });

    const api = new TestClient(ctx.app);
    api.bearer = String(login.body.token);
    const profile = await api.get<{ email: string }>('/api/user/profile');
    expect(profile.body.payload.email).toBe('alice@example.com');
    const entries = await ctx.db.selectFrom('ledger_entries').selectAll().where('kind', '=', 'signup_bonus').execute();
    expect(entries).toHaveLength(1);
  });

  it('reports sign-up field errors with the spec messages and writes nothing', async () => {
    const client = new TestClient(ctx.app);
    const before = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const bad = await client.post('/api/register', signUp('not-an-email', { name: ' ', password: 'abc', password_confirmation: 'abd', phone: '+49123' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.body.errors?.name).toEqual([texts.auth.nameRequired]);
    expect(bad.body.errors?.email).toEqual([texts.auth.invalidEmail]);
    expect(bad.body.errors?.password).toContain(texts.auth.passwordUppercase);
    const mismatch = await client.post('/api/register', signUp('bob@example.com', { password_confirmation: 'Different42x' }));
    expect(mismatch.body.errors?.password_confirmation).toEqual([texts.auth.passwordsDoNotMatch]);
    const phone = await client.post('/api/register', signUp('bob@example.com', { phone: '+49123', nationalNumber: '123' }));
    expect(phone.body.errors?.phone).toEqual([texts.auth.validPhoneRequired]);
    const after = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('does not reveal whether an email is registered (sign-up and reset answer the same)', async () => {
    const existing = await createUser(ctx.db);
    const client = new TestClient(ctx.app);
    const taken = await client.post('/api/register', signUp(existing.email));
    const fresh = await client.post('/api/register', signUp('newcomer@example.com'));
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body.status).toBe(fresh.body.status);
    expect(taken.body.message).toBe(fresh.body.message);

    const known = await client.post('/api/user/request-password-reset', { email: existing.email });
    const unknown = await client.post('/api/user/request-password-reset', { email: 'nobody@example.com' });
    expect(known.body).toEqual(unknown.body);
    expect(known.statusCode).toBe(unknown.statusCode);
  });

  it('resets a password with a single-use token that expires after 60 minutes', async () => {
    const user = await createUser(ctx.db);
    const client = new TestClient(ctx.app);
    await client.post('/api/user/request-password-reset', { email: user.email });
    const link = await latestMailLink(ctx, user.email, '/reset-password');
    const token = link.searchParams.get('token')!;
    const body = { token, email: user.email, password: 'Brandnew99x', password_confirmation: 'Brandnew99x' };
    expect((await client.post('/api/user/password-reset', body)).body.status).toBe('OK');
    const reuse = await client.post('/api/user/password-reset', body);
    expect(reuse.statusCode).toBe(422);
    expect(reuse.body.message).toBe(texts.auth.invalidResetToken);
    await client.login(user.email, 'Brandnew99x');

    await client.post('/api/user/request-password-reset', { email: user.email });
    const second = (await latestMailLink(ctx, user.email, '/reset-password')).searchParams.get('token')!;
    clock.advance(61 * 60_000);
    const expired = await client.post('/api/user/password-reset', { ...body, token: second });
    expect(expired.statusCode).toBe(422);
  });

  it('refuses cookie-authenticated unsafe requests without the CSRF header, but not bearer ones', async () => {
    const user = await createUser(ctx.db);
    const client = new TestClient(ctx.app);
    const login = await client.login(user.email, DEFAULT_PASSWORD);
    client.csrf = false;
    const refused = await client.request('PUT', '/api/user/profile', {
      body: { name: 'X', surname: 'Y', phone: '+37251234567', avatar_color: 'teal-blue' },
      headers: { 'x-xsrf-token': 'forged' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toBe(texts.common.csrfMismatch);
    const unchanged = await ctx.db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(unchanged.name).toBe(user.name);

    const api = new TestClient(ctx.app);
    api.bearer = String(login.body.token);
    const ok = await api.put('/api/user/profile', { name: 'Xena', surname: 'Young', phone: '+37251234567', avatar_color: 'teal-blue' });
    expect(ok.body).toMatchObject({ status: 'OK', message: texts.profile.updated, payload: { name: 'Xena', avatar_color: 'teal-blue' } });
  });

  it('validates profile updates with the spec messages', async () => {
    const user = await createUser(ctx.db);
    const client = new TestClient(ctx.app);
    await client.login(user.email, DEFAULT_PASSWORD);
    const bad = await client.put('/api/user/profile', { name: '', surname: '', phone: '', avatar_color: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body.errors).toMatchObject({
      name: [texts.profile.firstNameRequired],
      surname: [texts.profile.lastNameRequired],
      phone: [texts.auth.validPhoneRequired],
      avatar_color: [texts.profile.avatarColorRequired],
    });
  });

  it('expires sessions, and logout ends the session', async () => {
    const user = await createUser(ctx.db);
    const client = new TestClient(ctx.app);
    await client.login(user.email, DEFAULT_PASSWORD);
    expect((await client.get('/api/user/profile')).statusCode).toBe(200);
    await client.post('/api/logout');
    expect((await client.get('/api/user/profile')).statusCode).toBe(401);

    await client.login(user.email, DEFAULT_PASSWORD);
    clock.advance(ctx.config.sessionTtlMs + 1000);
    expect((await client.get('/api/user/profile')).statusCode).toBe(401);
    expect((await client.get('/api/is-auth')).body).toMatchObject({ authenticated: false });
  });

  it('changes the password with the current one and signs out other sessions', async () => {
    const user = await createUser(ctx.db);
    const a = new TestClient(ctx.app);
    const b = new TestClient(ctx.app);
    await a.login(user.email, DEFAULT_PASSWORD);
    await b.login(user.email, DEFAULT_PASSWORD);
    const wrong = await a.post('/api/user/change-password', { current_password: 'nope', password: 'Another77x', password_confirmation: 'Another77x' });
    expect(wrong.body.errors?.current_password).toEqual([texts.auth.currentPasswordWrong]);
    const ok = await a.post('/api/user/change-password', { current_password: DEFAULT_PASSWORD, password: 'Another77x', password_confirmation: 'Another77x' });
    expect(ok.body.status).toBe('OK');
    expect((await a.get('/api/user/profile')).statusCode).toBe(200);
    expect((await b.get('/api/user/profile')).statusCode).toBe(401);
  });

  it('refuses sign-up when registration is disabled', async () => {
    await saveSettings(ctx.db, { is_reg_enabled: false });
    const response = await new TestClient(ctx.app).post('/api/register', signUp('late@example.com'));
    expect(response.statusCode).toBe(403);
    expect(response.body.message).toBe(texts.auth.registrationDisabled);
    await saveSettings(ctx.db, { is_reg_enabled: true });
  });

  it('answers malformed JSON, unknown routes and wrong types with a 4xx envelope', async () => {
    const client = new TestClient(ctx.app);
    const malformed = await client.request('POST', '/api/login', { payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body.status).toBe('ERROR');
    const types = await client.post('/api/login', { email: 42, password: ['x'] });
    expect(types.statusCode).toBe(422);
    const unknown = await client.get('/api/does-not-exist');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.status).toBe('ERROR');
  });
});

describe('auth rate limit', () => {
  it('throttles repeated sign-in attempts with 429 and the spec message', async () => {
    const ctx = await createTestContext('sqlite', { env: { RATE_LIMIT_AUTH_MAX: '3' } });
    try {
      const client = new TestClient(ctx.app);
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await client.post('/api/login', { email: 'x@example.com', password: 'wrong' })).statusCode);
      expect(codes.slice(0, 3)).toEqual([422, 422, 422]);
      const last = await client.post('/api/login', { email: 'x@example.com', password: 'wrong' });
      expect(last.statusCode).toBe(429);
      expect(last.body.message).toBe(texts.common.rateLimited);
    } finally {
      await ctx.close();
    }
  });
});
