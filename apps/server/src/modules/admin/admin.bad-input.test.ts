import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, type TestContext } from '../../../test/harness.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const params = ['0', '-1', 'abc', '99999999999999999999', '1.5', '%2e%2e%2f', '999999'];
const bodies: unknown[] = [
  {},
  [],
  'text',
  42,
  { title: '', border_color: 'x'.repeat(300), amount: 1e308, reason: '\uD800', request_id: '../../x', ids: [-1, 'a'] },
  { amount: -1.5, reason: 'r', request_id: 'short' },
  { action: 'explode', slug: 'UPPER CASE', content: 5, vat_percent: '22', requisites: 'one' },
  { key: '', value: null, code: 'eur', is_default: 'yes', price_cents: 0, kind: 'hat', look: 'blue' },
];
const queries = [
  '',
  'page=0',
  'per_page=1000',
  'sort=password_hash',
  'order=sideways',
  'q=' + 'x'.repeat(300),
  'from=yesterday&actor_id=-3',
  "q=' OR 1=1 --",
  'status=nope&days=1',
];

// Every table an admin route can write (introspection would also see other suites' schemas on a shared PostgreSQL).
const tables = [
  'users',
  'sessions',
  'audit_log',
  'ledger_entries',
  'settings',
  'rooms',
  'bundles',
  'currencies',
  'social_links',
  'faqs',
  'static_pages',
  'languages',
  'localizations',
  'products',
  'topics',
  'reports',
  'contributor_applications',
  'payouts',
];

async function snapshot(ctx: TestContext) {
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(ctx.db)).rows[0]!.n);
  const balances = await ctx.db.selectFrom('users').select(['id', 'balance', 'banned_at', 'role']).orderBy('id').execute();
  const settings = await ctx.db.selectFrom('settings').selectAll().orderBy('key').execute();
  return JSON.stringify({ counts, balances, settings });
}

/** The admin API itself, fed bad input by an admin: never a 5xx, and a refused call changes nothing (no audit row either). */
describe.each(dialects)('admin bad input on %s', (dialect) => {
  let ctx: TestContext;
  let admin: TestClient;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
  });
  afterAll(() => ctx.close());

  it('answers every admin route with a 2xx or a 4xx envelope, and a 4xx writes nothing', async () => {
    const routes = ctx.app.routeList.filter((r) => r.url.startsWith('/api/admin') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    const failures: string[] = [];
    // Re-read only after a success (which may change data); a refusal is compared with the last state.
    let before = await snapshot(ctx);
    for (const route of routes) {
      const method = route.method as Method;
      const samples = method === 'GET' || method === 'DELETE' ? queries.length : bodies.length;
      for (let i = 0; i < samples; i++) {
        const path = route.url.replace(/:[A-Za-z_]+/g, () => params[i % params.length]!);
        const response =
          method === 'GET' || method === 'DELETE'
            ? await admin.request(method, queries[i] ? `${path}?${queries[i]}` : path)
            : await admin.request(method, path, { payload: JSON.stringify(bodies[i]), headers: { 'content-type': 'application/json' } });
        const label = `${method} ${path} #${i} → ${response.statusCode}`;
        if (response.statusCode < 400) before = await snapshot(ctx);
        else if (response.statusCode >= 500) failures.push(`${label} ${JSON.stringify(response.body).slice(0, 200)}`);
        else if (response.statusCode >= 400) {
          if (response.body.status !== 'ERROR') failures.push(`${label}: no envelope`);
          if ((await snapshot(ctx)) !== before) failures.push(`${label}: a refused call changed data`);
        }
      }
    }
    expect(failures).toEqual([]);
    await expectLedgerConsistent(ctx.db);
  }, 180_000);
});
