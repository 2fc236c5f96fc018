import { cookieNames, texts, xsrfHeader } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createUser, DEFAULT_PASSWORD } from '../../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';

const profile = { name: 'Mallory', surname: 'X', phone: '+37251234567', avatar_color: 'teal-blue' };

describe.each(dialects)('CSRF token bound to the session on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx.close());

  const xsrfCookieOf = (response: { headers: Record<string, unknown> }) => /XSRF-TOKEN=([^;]+)/.exec(String(response.headers['set-cookie']))?.[1];

  it('csrf-cookie never adopts a value the client supplied', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/sanctum/csrf-cookie', cookies: { [cookieNames.xsrf]: 'attacker-chosen-value' } });
    expect(response.statusCode).toBe(204);
    const issued = xsrfCookieOf(response);
    expect(issued).toBeDefined();
    expect(issued).not.toBe('attacker-chosen-value');
  });

  it('a token the client made up (cookie and header alike) is refused, even without a session', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@example.com', password: 'whatever123A' },
      cookies: { [cookieNames.xsrf]: 'planted' },
      headers: { [xsrfHeader]: 'planted' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: texts.common.csrfMismatch });
  });

  it('a cookie session accepts only its own token: a planted cookie echoed in the header, or another session’s token, is refused', async () => {
    const victim = await createUser(ctx.db);
    const attacker = await createUser(ctx.db);
    const victimClient = new TestClient(ctx.app);
    await victimClient.login(victim.email, DEFAULT_PASSWORD);
    const attackerClient = new TestClient(ctx.app);
    await attackerClient.login(attacker.email, DEFAULT_PASSWORD);
    const session = victimClient.cookies.get(cookieNames.session)!;

    for (const token of ['planted', attackerClient.cookies.get(cookieNames.xsrf)!]) {
      const forged = await ctx.app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        payload: profile,
        cookies: { [cookieNames.session]: session, [cookieNames.xsrf]: token },
        headers: { [xsrfHeader]: token },
      });
      expect(forged.statusCode).toBe(403);
    }
    expect((await ctx.db.selectFrom('users').select('name').where('id', '=', victim.id).executeTakeFirstOrThrow()).name).toBe(victim.name);

    // The victim's own client (its bound token, set at sign-in) still works.
    expect((await victimClient.put('/api/user/profile', profile)).statusCode).toBe(200);
  });
});
