import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createSignedInUser, createUser, enableTestTwoFactor } from '../../../test/factories.js';
import { createAdmin } from '../../cli/admin-create.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every registered route under /api/admin, from the app's own route list (onRoute), so a route added later is covered without editing this test. */
function collectAdminRoutes(app: FastifyInstance): { method: Method; url: string }[] {
  return app.routeList
    .filter((r) => r.url.startsWith('/api/admin') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => ({ method: r.method as Method, url: r.url.replace(/:id\b/g, '1').replace(/:key\b/g, 'some.key') }));
}

const bodyFor = (method: Method) => (method === 'GET' || method === 'DELETE' ? undefined : {});

describe.each(dialects)('admin API access on %s', (dialect) => {
  let ctx: TestContext;
  let routes: { method: Method; url: string }[];
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    routes = collectAdminRoutes(ctx.app);
  });
  afterAll(() => ctx.close());

  it('finds every admin route in the router', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    // A sample from each area, so a broken enumeration cannot pass silently.
    for (const expected of [
      'GET /api/admin/dashboard',
      'POST /api/admin/users/1/ban',
      'POST /api/admin/users/1/balance',
      'PUT /api/admin/settings',
      'POST /api/admin/reports/1/decide',
      'POST /api/admin/payouts/1/mark-paid',
      'PUT /api/admin/languages/1/localizations',
      'DELETE /api/admin/languages/1/localizations/some.key',
      'GET /api/admin/audit',
    ]) {
      expect(urls).toContain(expected);
    }
    expect(routes.length).toBeGreaterThan(50);
  });

  it('refuses every admin route to a signed-in normal user with 403 and to a guest with 401', async () => {
    const { client: user } = await createSignedInUser(ctx.app);
    const guest = new TestClient(ctx.app);
    const failures: string[] = [];
    for (const route of routes) {
      const asUser = await user.request(route.method, route.url, { body: bodyFor(route.method) });
      if (asUser.statusCode !== 403 || asUser.body.status !== 'ERROR') failures.push(`user ${route.method} ${route.url} → ${asUser.statusCode}`);
      const asGuest = await guest.request(route.method, route.url, { body: bodyFor(route.method) });
      if (asGuest.statusCode !== 401) failures.push(`guest ${route.method} ${route.url} → ${asGuest.statusCode}`);
    }
    expect(failures).toEqual([]);
    // Nothing a refused call could have written.
    const audit = await ctx.db.selectFrom('audit_log').select('id').execute();
    expect(audit).toEqual([]);
  });

  it('re-checks the role on every call: a demoted admin is refused at once', async () => {
    const { user, client } = await createSignedInUser(ctx.app, { role: 'admin' });
    expect((await client.get('/api/admin/dashboard')).statusCode).toBe(200);
    await ctx.db.updateTable('users').set({ role: 'user' }).where('id', '=', user.id).execute();
    expect((await client.get('/api/admin/dashboard')).statusCode).toBe(403);
  });

  it('lets an admin read every list route', async () => {
    const { client } = await createSignedInUser(ctx.app, { role: 'admin' });
    const lists = routes.filter((r) => r.method === 'GET' && !r.url.includes('/1'));
    for (const route of lists) {
      const response = await client.get(route.url);
      expect(response.statusCode, `${route.url}: ${JSON.stringify(response.body)}`).toBe(200);
    }
  });

  it('admin:create promotes an existing user, or creates a verified admin whose generated password signs in', async () => {
    const existing = await createUser(ctx.db);
    expect(await createAdmin(ctx.db, existing.email.toUpperCase())).toEqual({ email: existing.email, created: false });
    const promoted = await ctx.db.selectFrom('users').select('role').where('id', '=', existing.id).executeTakeFirstOrThrow();
    expect(promoted.role).toBe('admin');

    const made = await createAdmin(ctx.db, 'new-boss@example.com');
    expect(made.created).toBe(true);
    const client = new TestClient(ctx.app);
    await client.login('new-boss@example.com', made.password!);
    // A new admin enrols in two-factor sign-in before the console opens (issue 15).
    const shut = await client.get('/api/admin/dashboard');
    expect(shut.statusCode).toBe(403);
    expect(shut.body.code).toBe('TWO_FACTOR_REQUIRED');
    const boss = await ctx.db.selectFrom('users').select('id').where('email', '=', 'new-boss@example.com').executeTakeFirstOrThrow();
    await enableTestTwoFactor(ctx.app, boss.id);
    expect((await client.get('/api/admin/dashboard')).statusCode).toBe(200);
    const audit = await ctx.db.selectFrom('audit_log').select('action').where('action', 'in', ['user.promote_admin', 'user.create_admin']).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['user.create_admin', 'user.promote_admin']);
  });
});
