import {
  cookieNames,
  texts,
  type PasskeyAdded,
  type PasskeyList,
  type PasskeyRegistrationOptions,
  type PasskeySignInOptions,
  type UserProfile,
} from '@parley/contracts';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createSignedInUser, createUser, DEFAULT_PASSWORD, totpCode } from '../../../test/factories.js';
import { createTestContext, dialects, FakeClock, type TestContext } from '../../../test/harness.js';
import { SoftwareAuthenticator } from '../../../test/webauthn.js';
import { creditEarnings, estoniaId, payoutBody } from '../payouts/payouts.test-support.js';
import { CHALLENGE_TTL_MS } from './passkeys.service.js';

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string };

describe.each(dialects)('passkeys (issue 36 §3) on %s', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock();
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock } });
  });
  afterAll(() => ctx.close());

  const origin = () => ctx.config.passkeys.origins[0]!;
  const newAuthenticator = () => new SoftwareAuthenticator(origin());

  /** Adds a passkey as the web app does: password → options → the authenticator's answer. */
  async function addPasskey(client: TestClient, authenticator = newAuthenticator(), name?: string) {
    const started = await client.post<PasskeyRegistrationOptions>('/api/user/passkeys/options', { password: DEFAULT_PASSWORD });
    expect(started.statusCode).toBe(200);
    const options = started.body.payload.options as unknown as CreationOptions;
    const added = await client.post<PasskeyAdded>('/api/user/passkeys', { name, response: authenticator.register(options) });
    expect(added.statusCode).toBe(201);
    return { authenticator, added: added.body.payload, options };
  }

  /** Signs in with a passkey alone, in a fresh browser. */
  async function signInWith(authenticator: SoftwareAuthenticator, tweak: Parameters<SoftwareAuthenticator['authenticate']>[1] = {}) {
    const browser = new TestClient(ctx.app);
    const started = await browser.post<PasskeySignInOptions>('/api/passkey/sign-in/options');
    expect(started.statusCode).toBe(200);
    const { attempt, options } = started.body.payload;
    const response = await browser.post<{ user: UserProfile }>('/api/passkey/sign-in', {
      attempt,
      response: authenticator.authenticate(options as RequestOptions, tweak),
    });
    return { browser, response, attempt, options: options as RequestOptions };
  }

  it('adds a passkey after the password, then signs in with it alone (no e-mail, no password)', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const other = new TestClient(ctx.app);
    await other.login(user.email, DEFAULT_PASSWORD);

    expect((await client.post('/api/user/passkeys/options', { password: 'wrong' })).statusCode).toBe(422);
    const { authenticator, added, options } = await addPasskey(client, undefined, 'Laptop');
    expect(options.rp.id).toBe(ctx.config.passkeys.rpId);
    // The user handle names neither the account id nor the address.
    expect(Buffer.from(options.user.id, 'base64url').toString()).not.toContain(String(user.id));
    expect(added.passkey).toMatchObject({ name: 'Laptop', last_used_at: null });
    // The first second factor: ten recovery codes, and the password-only session elsewhere ends.
    expect(added.recovery_codes).toHaveLength(10);
    expect((await other.get('/api/user/profile')).statusCode).toBe(401);
    expect((await client.get<UserProfile>('/api/user/profile')).body.payload.two_factor_enabled).toBe(true);

    const { browser, response } = await signInWith(authenticator);
    expect(response.statusCode).toBe(200);
    expect(response.body.status).toBe('OK');
    expect(response.body.payload.user.email).toBe(user.email);
    expect(browser.cookies.has(cookieNames.session)).toBe(true);
    expect((await browser.get<UserProfile>('/api/user/profile')).body.payload.email).toBe(user.email);
    const listed = await browser.get<PasskeyList>('/api/user/passkeys');
    expect(listed.body.payload.passkeys).toEqual([expect.objectContaining({ id: added.passkey.id, name: 'Laptop', last_used_at: clock.now().toISOString() })]);
    const stored = await ctx.db.selectFrom('passkeys').select(['counter', 'credential_id']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ counter: 1, credential_id: authenticator.credentialId });

    const audit = await ctx.db.selectFrom('audit_log').select('action').where('actor_id', '=', user.id).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['passkey.add', 'passkey.sign_in']);
  });

  it('a challenge is used once, expires, and belongs to its own attempt or session', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const { authenticator } = await addPasskey(client);

    // Replaying a signed answer: the challenge is gone.
    const first = await signInWith(authenticator);
    expect(first.response.statusCode).toBe(200);
    const replay = await new TestClient(ctx.app).post('/api/passkey/sign-in', {
      attempt: first.attempt,
      response: authenticator.authenticate(first.options),
    });
    expect(replay.statusCode).toBe(422);
    expect(replay.body.message).toBe(texts.passkeys.challengeExpired);

    // Another attempt's secret does not finish this attempt's ceremony.
    const browser = new TestClient(ctx.app);
    const a = (await browser.post<PasskeySignInOptions>('/api/passkey/sign-in/options')).body.payload;
    const b = (await browser.post<PasskeySignInOptions>('/api/passkey/sign-in/options')).body.payload;
    const crossed = await browser.post('/api/passkey/sign-in', { attempt: b.attempt, response: authenticator.authenticate(a.options as RequestOptions) });
    expect(crossed.statusCode).toBe(422);
    expect(crossed.body.message).toBe(texts.passkeys.failed);

    // Too late.
    const late = (await browser.post<PasskeySignInOptions>('/api/passkey/sign-in/options')).body.payload;
    clock.advance(CHALLENGE_TTL_MS + 1000);
    const expired = await browser.post('/api/passkey/sign-in', { attempt: late.attempt, response: authenticator.authenticate(late.options as RequestOptions) });
    expect(expired.statusCode).toBe(422);
    expect(expired.body.message).toBe(texts.passkeys.challengeExpired);

    // A registration challenge is bound to the session that asked for it.
    const other = await createSignedInUser(ctx.app);
    const started = await client.post<PasskeyRegistrationOptions>('/api/user/passkeys/options', { password: DEFAULT_PASSWORD });
    const stolen = newAuthenticator().register(started.body.payload.options as unknown as CreationOptions);
    expect((await other.client.post('/api/user/passkeys', { response: stolen })).statusCode).toBe(422);
  });

  it('of 8 racing uses of one signed answer exactly one signs in (the challenge is taken once)', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const { authenticator } = await addPasskey(client);
    const browser = new TestClient(ctx.app);
    const { attempt, options } = (await browser.post<PasskeySignInOptions>('/api/passkey/sign-in/options')).body.payload;
    const response = authenticator.authenticate(options as RequestOptions);
    const results = await Promise.all(Array.from({ length: 8 }, () => new TestClient(ctx.app).post('/api/passkey/sign-in', { attempt, response })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(7);
    const sessions = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', (await client.get<UserProfile>('/api/user/profile')).body.payload.id)
      .execute();
    // The adding session and the one passkey sign-in.
    expect(sessions).toHaveLength(2);
  });

  it('refuses a counter that does not move forward, a signature without user verification, another origin and an unknown passkey', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const { authenticator } = await addPasskey(client);
    expect((await signInWith(authenticator)).response.statusCode).toBe(200);
    expect((await signInWith(authenticator)).response.statusCode).toBe(200);
    // A clone that still has an older counter.
    const cloned = await signInWith(authenticator, { counter: 1 });
    expect(cloned.response.statusCode).toBe(422);
    expect(cloned.response.body.message).toBe(texts.passkeys.failed);
    expect((await signInWith(authenticator, { verified: false })).response.statusCode).toBe(422);
    expect((await signInWith(authenticator, { rpId: 'evil.example' })).response.statusCode).toBe(422);

    const phishing = new SoftwareAuthenticator('https://evil.example');
    const { client: victim } = await createSignedInUser(ctx.app);
    const options = (await victim.post<PasskeyRegistrationOptions>('/api/user/passkeys/options', { password: DEFAULT_PASSWORD })).body.payload.options;
    expect((await victim.post('/api/user/passkeys', { response: phishing.register(options as unknown as CreationOptions) })).statusCode).toBe(422);

    const unknown = await signInWith(newAuthenticator());
    expect(unknown.response.statusCode).toBe(422);
    expect(unknown.response.body.message).toBe(texts.passkeys.unknownPasskey);
  });

  it('renames and removes (with the password); the same passkey twice is refused; the last one gone, the password alone signs in', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const { authenticator, added } = await addPasskey(client);
    expect(added.passkey.name).toBe('Passkey 1');
    const again = await client.post<PasskeyRegistrationOptions>('/api/user/passkeys/options', { password: DEFAULT_PASSWORD });
    const twice = await client.post('/api/user/passkeys', { response: authenticator.register(again.body.payload.options as unknown as CreationOptions) });
    expect(twice.statusCode).toBe(409);

    const renamed = await client.request<{ passkey: { name: string } }>('PATCH', `/api/user/passkeys/${added.passkey.id}`, { body: { name: '  Phone ' } });
    expect(renamed.body.payload.passkey.name).toBe('Phone');
    expect((await client.request('PATCH', `/api/user/passkeys/${added.passkey.id}`, { body: { name: '' } })).statusCode).toBe(422);
    const stranger = await createSignedInUser(ctx.app);
    expect((await stranger.client.request('PATCH', `/api/user/passkeys/${added.passkey.id}`, { body: { name: 'Mine' } })).statusCode).toBe(404);
    expect((await stranger.client.post(`/api/user/passkeys/${added.passkey.id}/remove`, { password: DEFAULT_PASSWORD })).statusCode).toBe(404);

    // While the passkey is there, the password alone is not enough.
    const asked = await new TestClient(ctx.app).post('/api/login', { email: user.email, password: DEFAULT_PASSWORD });
    expect(asked.body).toMatchObject({ status: 'TWO_FACTOR', payload: { two_factor: true, passkey: true } });

    expect((await client.post(`/api/user/passkeys/${added.passkey.id}/remove`, { password: 'wrong' })).statusCode).toBe(422);
    const removed = await client.post(`/api/user/passkeys/${added.passkey.id}/remove`, { password: DEFAULT_PASSWORD });
    expect(removed.body).toMatchObject({ status: 'OK', message: texts.passkeys.removed });
    expect((await client.get<PasskeyList>('/api/user/passkeys')).body.payload.passkeys).toEqual([]);
    expect(await ctx.db.selectFrom('recovery_codes').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await new TestClient(ctx.app).post('/api/login', { email: user.email, password: DEFAULT_PASSWORD })).body.status).toBe('OK');
    expect((await signInWith(authenticator)).response.statusCode).toBe(422);
    const audit = await ctx.db.selectFrom('audit_log').select('action').where('actor_id', '=', user.id).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['passkey.add', 'passkey.rename', 'passkey.remove']);
  });

  it('counts as the second factor: payouts and the admin console open, and a recovery code still signs in with the password', async () => {
    const { user, client } = await createSignedInUser(ctx.app, { contributor: true });
    await creditEarnings(ctx.db, user.id, 5000);
    const body = payoutBody(await estoniaId(ctx.db), 'sepa');
    const refused = await client.post('/api/payouts', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });

    const { authenticator, added } = await addPasskey(client);
    const { browser } = await signInWith(authenticator);
    expect((await browser.post('/api/payouts', body)).statusCode).toBe(201);

    // The passkey's recovery codes: with the password, each once.
    const [code] = added.recovery_codes!;
    const withCode = new TestClient(ctx.app);
    expect((await withCode.post('/api/login', { email: user.email, password: DEFAULT_PASSWORD, code })).body.status).toBe('OK');
    expect((await new TestClient(ctx.app).post('/api/login', { email: user.email, password: DEFAULT_PASSWORD, code })).statusCode).toBe(422);
    expect((await new TestClient(ctx.app).post('/api/login', { email: user.email, password: DEFAULT_PASSWORD, code: '123456' })).statusCode).toBe(422);

    // An admin without an authenticator app: the passkey opens the console, and the last one cannot be removed.
    const bare = await createUser(ctx.db, { role: 'admin' });
    const admin = new TestClient(ctx.app);
    await admin.login(bare.email, DEFAULT_PASSWORD);
    expect((await admin.get('/api/admin/users')).body).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    const adminKey = await addPasskey(admin);
    const signedIn = await signInWith(adminKey.authenticator);
    expect((await signedIn.browser.get('/api/admin/users')).statusCode).toBe(200);
    const keep = await signedIn.browser.post(`/api/user/passkeys/${adminKey.added.passkey.id}/remove`, { password: DEFAULT_PASSWORD });
    expect(keep.statusCode).toBe(403);
    expect(keep.body.message).toBe(texts.passkeys.adminMustKeep);
  });

  it('an account whose only second factor is a passkey makes new recovery codes, proved with the passkey or a recovery code', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const { authenticator, added } = await addPasskey(client);
    const { browser } = await signInWith(authenticator);
    const status = await browser.get<{ enabled: boolean; recovery_codes_left: number }>('/api/user/two-factor');
    expect(status.body.payload).toMatchObject({ enabled: false, recovery_codes_left: 10 });

    // With one of the account's passkeys: an attempt's challenge, signed.
    const started = await browser.post<PasskeySignInOptions>('/api/passkey/sign-in/options');
    const { attempt, options } = started.body.payload;
    const passkey = { attempt, response: authenticator.authenticate(options as RequestOptions) };
    const renewed = await browser.post<{ recovery_codes: string[] }>('/api/user/two-factor/recovery-codes', { passkey });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.body.payload.recovery_codes).toHaveLength(10);
    // The old codes stop working; the same signed answer is not taken twice.
    expect(
      (await new TestClient(ctx.app).post('/api/login', { email: user.email, password: DEFAULT_PASSWORD, code: added.recovery_codes![0] })).statusCode,
    ).toBe(422);
    expect((await browser.post('/api/user/two-factor/recovery-codes', { passkey })).statusCode).toBe(422);
    // Another account's passkey proves nothing here.
    const stranger = await createSignedInUser(ctx.app);
    const strangerKey = await addPasskey(stranger.client);
    const other = await browser.post<PasskeySignInOptions>('/api/passkey/sign-in/options');
    const foreign = { attempt: other.body.payload.attempt, response: strangerKey.authenticator.authenticate(other.body.payload.options as RequestOptions) };
    expect((await browser.post('/api/user/two-factor/recovery-codes', { passkey: foreign })).statusCode).toBe(422);

    // With a recovery code (no authenticator app), and nothing at all is refused.
    const again = await browser.post<{ recovery_codes: string[] }>('/api/user/two-factor/recovery-codes', { code: renewed.body.payload.recovery_codes[0] });
    expect(again.statusCode).toBe(200);
    expect((await browser.post('/api/user/two-factor/recovery-codes', {})).statusCode).toBe(422);
    // An account without any second factor has none to renew.
    const plain = await createSignedInUser(ctx.app);
    expect((await plain.client.post('/api/user/two-factor/recovery-codes', { code: '123456' })).statusCode).toBe(409);
  });

  it('a user with an authenticator app keeps its recovery codes and gets none new; a banned account cannot sign in with its passkey', async () => {
    const { user, client } = await createSignedInUser(ctx.app, { twoFactor: true });
    const { authenticator, added } = await addPasskey(client);
    expect(added.recovery_codes).toBeNull();
    expect((await signInWith(authenticator)).response.statusCode).toBe(200);
    clock.advance(30_000);
    expect(
      (await new TestClient(ctx.app).post('/api/login', { email: user.email, password: DEFAULT_PASSWORD, code: await totpCode(ctx.app) })).body.status,
    ).toBe('OK');

    await ctx.db.updateTable('users').set({ banned_at: clock.now().toISOString() }).where('id', '=', user.id).execute();
    const banned = await signInWith(authenticator);
    expect(banned.response.statusCode).toBe(403);
    expect(banned.browser.cookies.has(cookieNames.session)).toBe(false);
  });

  it('the account export lists the passkeys (names, no keys) and the deletion removes them', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const { added, authenticator } = await addPasskey(client, undefined, 'Tablet');
    const exported = await client.get('/api/user/export');
    expect(exported.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(exported.raw.rawPayload));
    const passkeys = JSON.parse(strFromU8(files['passkeys.json']!)) as Record<string, unknown>[];
    expect(passkeys).toEqual([expect.objectContaining({ name: 'Tablet', created_at: added.passkey.created_at })]);
    expect(JSON.stringify(passkeys)).not.toContain(authenticator.credentialId);

    const code = added.recovery_codes![0];
    const deleted = await client.post('/api/user/delete', { password: DEFAULT_PASSWORD, code });
    expect(deleted.statusCode).toBe(200);
    expect(await ctx.db.selectFrom('passkeys').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await signInWith(authenticator)).response.statusCode).toBe(422);
  });
});
