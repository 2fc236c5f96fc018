import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPeriodicJobs } from '../src/modules/jobs/jobs.registry.js';
import { TestClient } from './client.js';
import { createSignedInUser } from './factories.js';
import { createTestContext, dialects, expectLedgerConsistent, type TestContext } from './harness.js';

/**
 * Every API route is fed generated bad input. It must answer with the envelope and
 * never a 5xx, and a 4xx answer must leave every table exactly as it was.
 * The route list is read from the app, so new endpoints are covered automatically.
 */
const SKIP = [/^\/api\/docs/, /^\/api\/logout$/, /^\/api\/ws$/];
const SAMPLES_PER_ROUTE = Number(process.env.BAD_INPUT_SAMPLES ?? 6);

const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    null,
    true,
    false,
    -1,
    0,
    -0.5,
    1.5,
    1e308,
    -1e308,
    2 ** 53 + 1,
    '',
    ' ',
    '\u0000',
    '\uD800',
    '𝕏🏳️‍🌈',
    '‮rtl',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    'x'.repeat(70_000),
  ),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const fieldNames = [
  'email',
  'password',
  'name',
  'surname',
  'phone',
  'topic_id',
  'room_id',
  'amount',
  'bundle_id',
  'content',
  'title',
  'chat_mode',
  'method',
  'iban',
  'pan',
  'product_id',
  'id',
  'page',
  'type',
  'token',
  'accept_terms',
  'currency',
  'lang_id',
];
const bodyArb = fc.oneof(fc.dictionary(fc.constantFrom(...fieldNames), nasty, { maxKeys: 6 }), fc.jsonValue({ maxDepth: 2 }));
const paramValues = ['0', '-1', 'abc', '99999999999999999999', '1.5', '%00', '%2e%2e%2f', '1e3', 'null'];

function fillPath(url: string, i: number) {
  return url.replace(/:[A-Za-z_]+/g, () => paramValues[i % paramValues.length]!).replace(/\*$/, 'x');
}

function toQuery(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `q=${encodeURIComponent(JSON.stringify(value) ?? '')}`;
  return new URLSearchParams(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')])).toString();
}

async function listOwnTables(ctx: TestContext): Promise<string[]> {
  const rows =
    ctx.database.kind === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(ctx.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(ctx.db);
  return rows.rows.map((r) => r.name).filter((n) => !n.startsWith('kysely_'));
}

let tableNames: string[] | undefined;
async function snapshotCounts(ctx: TestContext) {
  const tables = (tableNames ??= await listOwnTables(ctx));
  const counts: Record<string, number> = {};
  // Periodic jobs (every minute, on the real clock) enqueue their next slot whatever the requests do.
  const periodic = listPeriodicJobs().map((job) => job.kind);
  for (const table of tables) {
    const row =
      table === 'jobs'
        ? await sql<{ n: number }>`select count(*) as n from jobs where kind not in (${sql.join(periodic)})`.execute(ctx.db)
        : await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(ctx.db);
    counts[table] = Number(row.rows[0]!.n);
  }
  const balances = await ctx.db.selectFrom('users').select(['id', 'balance']).orderBy('id').execute();
  return JSON.stringify({ counts, balances });
}

describe.each(dialects)('bad input on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    tableNames = undefined;
  });
  afterAll(() => ctx.close());

  it('never answers 5xx and a 4xx changes nothing, for every route, signed in and as a guest', async () => {
    const routes = ctx.app.routeList.filter(
      (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS' && !SKIP.some((s) => s.test(r.url)),
    );
    expect(routes.length).toBeGreaterThan(10);
    const { client: user } = await createSignedInUser(ctx.app, { coins: 1000 });
    const guest = new TestClient(ctx.app);
    const failures: string[] = [];
    let seed = 1;

    for (const route of routes) {
      for (const client of [user, guest]) {
        const bodies = fc.sample(bodyArb, { numRuns: SAMPLES_PER_ROUTE, seed: seed++ });
        for (let i = 0; i < bodies.length; i++) {
          const url = fillPath(route.url, i);
          const before = await snapshotCounts(ctx);
          const response =
            route.method === 'GET' || route.method === 'DELETE'
              ? await client.request(route.method, `${url}?${toQuery(bodies[i])}`)
              : i % 3 === 2
                ? await client.request(route.method as 'POST', url, {
                    payload: '{"broken": ',
                    headers: { 'content-type': i % 2 ? 'application/json' : 'multipart/form-data; boundary=zz' },
                  })
                : await client.request(route.method as 'POST', url, { body: bodies[i] });
          const label = `${route.method} ${url} (${client === user ? 'user' : 'guest'}) → ${response.statusCode}`;
          if (response.statusCode >= 500) failures.push(`${label}: ${JSON.stringify(response.body).slice(0, 200)}`);
          if (response.statusCode >= 400 && response.statusCode < 500) {
            // Pages for people answer their refusals as pages: the payment sandbox and the digest's unsubscribe link.
            const isPage = route.url.startsWith('/api/payments') || route.url.startsWith('/api/notifications/unsubscribe');
            if (response.body.status !== 'ERROR' && !isPage) failures.push(`${label}: no error envelope`);
            if ((await snapshotCounts(ctx)) !== before) failures.push(`${label}: a 4xx changed the database`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    await expectLedgerConsistent(ctx.db);
  }, 600_000);
});
