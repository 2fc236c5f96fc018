import { cookieNames, texts, type TwoFactorSetup, type TwoFactorStatus, type UserProfile } from '@parley/contracts';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createSignedInUser, createUser, DEFAULT_PASSWORD, totpCode } from '../../../test/factories.js';
import { createTestContext, dialects, FakeClock, type TestContext } from '../../../test/harness.js';
import { creditEarnings, estoniaId, payoutBody } from '../payouts/payouts.test-support.js';

describe.each(dialects)('two-factor sign-in (issue 15) on %s', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock();
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock } });
  });
  afterAll(() => ctx.close());

  const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  const nextStep = () => clock.advance(30_000);
  const login = (email: string, code?: string) =>
    new TestClient(ctx.app).post<{ user?: UserProfile; two_factor?: boolean }>('/api/login', { email, password: DEFAULT_PASSWORD, code });

  /** Enrols through the API as a user would: password, QR, first code. */
  async function enrol(client: TestClient) {
    const setup = await client.post<TwoFactorSetup>('/api/user/two-factor/setup', { password: DEFAULT_PASSWORD });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.body.payload;
    const enabled = await client.post<{ recovery_codes: string[] }>('/api/user/two-factor/enable', { code: await codeFor(secret) });
    expect(enabled.statusCode).toBe(200);
    return { secret, setup: setup.body.payload, recoveryCodes: enabled.body.payload.recovery_codes };
  }

  it('enrols with the password, a QR code and a first code; sign-in then asks for a code after the password', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const other = new TestClient(ctx.app);
    await other.login(user.email, DEFAULT_PASSWORD);

    expect((await client.post('/api/user/two-factor/setup', { password: 'wrong' })).statusCode).toBe(422);
    const { secret, setup, recoveryCodes } = await enrol(client);
    expect(setup.otpauth_url).toBe(`otpauth://totp/Parley:${encodeURIComponent(user.email)}?secret=${secret}&issuer=Parley`);
    expect(setup.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // The secret is sealed at rest, and the recovery codes are stored as hashes.
    const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);
    const stored = await ctx.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
    // The session that enrolled goes on; one signed in with the password alone ends.
    expect((await client.get<UserProfile>('/api/user/profile')).body.payload.two_factor_enabled).toBe(true);
    expect((await other.get('/api/user/profile')).statusCode).toBe(401);
    expect((await client.get<TwoFactorStatus>('/api/user/two-factor')).body.payload).toEqual({ enabled: true, recovery_codes_left: 10, required: false });

    // The password alone: asked for the code, no session.
    nextStep();
    const guest = new TestClient(ctx.app);
    const first = await guest.post('/api/login', { email: user.email, password: DEFAULT_PASSWORD });
    expect(first.body).toMatchObject({ status: 'TWO_FACTOR', message: texts.twoFactor.codeRequired, payload: { two_factor: true } });
    expect(guest.cookies.has(cookieNames.session)).toBe(false);
    expect((await guest.get('/api/user/profile')).statusCode).toBe(401);
    const wrong = await login(user.email, '000000');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body.errors?.code).toEqual([texts.twoFactor.invalidCode]);
    // The wrong password never reaches the code question.
    const badPassword = await new TestClient(ctx.app).post('/api/login', { email: user.email, password: 'nope', code: await codeFor(secret) });
    expect(badPassword.statusCode).toBe(422);
    expect(badPassword.body.errors?.email).toEqual([texts.auth.invalidCredentials]);

    const code = await codeFor(secret);
    const ok = await login(user.email, code);
    expect(ok.body.status).toBe('OK');
    // A code is accepted once: someone who saw it cannot reuse it.
    expect((await login(user.email, code)).statusCode).toBe(422);
    nextStep();
    expect((await login(user.email, await codeFor(secret))).body.status).toBe('OK');
  });

  it('of two sign-ins racing with the same code, exactly one gets in', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const { secret } = await enrol(client);
    nextStep();
    const code = await codeFor(secret);
    const results = await Promise.all(Array.from({ length: 8 }, () => login(user.email, code)));
    expect(results.filter((r) => r.body.status === 'OK')).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(7);
  });

  it('a recovery code signs in once; new codes replace the old ones', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const { secret, recoveryCodes } = await enrol(client);
    const [a, b] = recoveryCodes;
    expect((await login(user.email, a!.toUpperCase())).body.status).toBe('OK');
    expect((await login(user.email, a)).statusCode).toBe(422);
    expect((await client.get<TwoFactorStatus>('/api/user/two-factor')).body.payload.recovery_codes_left).toBe(9);

    nextStep();
    const renewed = await client.post<{ recovery_codes: string[] }>('/api/user/two-factor/recovery-codes', { code: await codeFor(secret) });
    expect(renewed.body.payload.recovery_codes).toHaveLength(10);
    expect((await login(user.email, b)).statusCode).toBe(422);
    expect((await login(user.email, renewed.body.payload.recovery_codes[0])).body.status).toBe('OK');
  });

  it('turning it off takes the password and a code; admins must keep it', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const { secret } = await enrol(client);
    nextStep();
    expect((await client.post('/api/user/two-factor/disable', { password: 'wrong', code: await codeFor(secret) })).statusCode).toBe(422);
    expect((await client.post('/api/user/two-factor/disable', { password: DEFAULT_PASSWORD, code: '123456' })).statusCode).toBe(422);
    const off = await client.post('/api/user/two-factor/disable', { password: DEFAULT_PASSWORD, code: await codeFor(secret) });
    expect(off.body).toMatchObject({ status: 'OK', message: texts.twoFactor.disabled });
    expect((await login(user.email)).body.status).toBe('OK');
    expect(await ctx.db.selectFrom('recovery_codes').select('id').where('user_id', '=', user.id).execute()).toEqual([]);

    const admin = await createSignedInUser(ctx.app, { role: 'admin' });
    nextStep();
    const refused = await admin.client.post('/api/user/two-factor/disable', { password: DEFAULT_PASSWORD, code: await totpCode(ctx.app) });
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toBe(texts.twoFactor.adminMustKeep);
  });

  it('the admin console is shut to an admin without two factors, and open with them', async () => {
    const bare = await createUser(ctx.db, { role: 'admin' });
    const client = new TestClient(ctx.app);
    await client.login(bare.email, DEFAULT_PASSWORD);
    const shut = await client.get('/api/admin/users');
    expect(shut.statusCode).toBe(403);
    expect(shut.body).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', message: texts.twoFactor.requiredForAdmin });
    // They enrol from their account and the same session opens the console.
    await enrol(client);
    expect((await client.get('/api/admin/users')).statusCode).toBe(200);
  });

  it('support resets it for a user who lost their device and codes: audited, signed out, password alone signs in', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    await enrol(client);
    const admin = await createSignedInUser(ctx.app, { role: 'admin' });
    const reset = await admin.client.post(`/api/admin/users/${user.id}/two-factor/reset`);
    expect(reset.statusCode).toBe(200);
    expect((await client.get('/api/user/profile')).statusCode).toBe(401);
    expect((await login(user.email)).body.status).toBe('OK');
    expect(await ctx.db.selectFrom('recovery_codes').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_id', '=', String(user.id))
      .where('action', '=', 'user.reset_two_factor')
      .execute();
    expect(audit).toEqual([{ action: 'user.reset_two_factor', actor_id: admin.user.id }]);
    // Nothing to reset the second time.
    expect((await admin.client.post(`/api/admin/users/${user.id}/two-factor/reset`)).statusCode).toBe(409);
  });

  it('a payout request needs two-factor sign-in on', async () => {
    const { user, client } = await createSignedInUser(ctx.app, { contributor: true });
    await creditEarnings(ctx.db, user.id, 5000);
    const body = payoutBody(await estoniaId(ctx.db), 'sepa');
    const refused = await client.post('/api/payouts', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', message: texts.twoFactor.requiredForPayout });
    expect(await ctx.db.selectFrom('payouts').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    await enrol(client);
    expect((await client.post('/api/payouts', body)).statusCode).toBe(201);
  });

  it('setting up again while on, enabling without a setup, and bad codes are refused without changes', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const none = await client.post('/api/user/two-factor/enable', { code: '123456' });
    expect(none.statusCode).toBe(409);
    expect(none.body.message).toBe(texts.twoFactor.noSetup);
    const setup = await client.post<TwoFactorSetup>('/api/user/two-factor/setup', { password: DEFAULT_PASSWORD });
    expect((await client.post('/api/user/two-factor/enable', { code: '' })).statusCode).toBe(422);
    expect((await client.post('/api/user/two-factor/enable', { code: '999999' })).statusCode).toBe(422);
    const row = await ctx.db.selectFrom('users').select(['totp_enabled_at']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.totp_enabled_at).toBeNull();
    await client.post('/api/user/two-factor/enable', { code: await codeFor(setup.body.payload.secret) });
    expect((await client.post('/api/user/two-factor/setup', { password: DEFAULT_PASSWORD })).statusCode).toBe(409);
  });
});
