import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, FakeClock, type TestContext } from '../../../test/harness.js';

const TOKEN = 'metrics-token-0123456789';

describe.each(dialects)('metrics (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => ctx.close());

  it('is not public: no token or a wrong one gets the unknown-route 404', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const wrong = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-wrong-000000' } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ status: 'ERROR' });
  });

  it('reports requests by route, WebSocket connections, the job queue and the ledger totals', async () => {
    await createSignedInUser(ctx.app, { coins: 250 });
    for (let i = 0; i < 3; i++) await ctx.app.inject({ method: 'GET', url: '/api/settings' });
    await ctx.app.inject({ method: 'GET', url: '/api/topics/topic?topic_id=123456' });
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(/parley_http_requests_total\{method="GET",route="\/api\/settings",status="200"\} [3-9]/);
    // Routes are labelled by pattern, never by the raw URL with its ids.
    expect(text).not.toContain('123456');
    expect(text).toContain('parley_http_request_duration_seconds_bucket');
    expect(text).toMatch(/parley_ws_connections 0/);
    // Each configured dependency's state; the embedded stand-ins (dev mailbox, sandbox, demo companion) are not exported.
    expect(text).toContain('parley_dependency_up{dependency="database"} 1');
    expect(text).toContain('parley_dependency_up{dependency="storage"} 1');
    expect(text).not.toContain('parley_dependency_up{dependency="smtp"}');
    expect(text).toMatch(/parley_jobs_due \d+/);
    const balances = Number(/parley_ledger_balances_coins (\d+)/.exec(text)?.[1]);
    const entries = Number(/parley_ledger_entries_sum_coins (\d+)/.exec(text)?.[1]);
    expect(balances).toBeGreaterThanOrEqual(250);
    expect(entries).toBe(balances);
  });
});

const scrape = async (app: FastifyInstance) => {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  return response.body;
};
const value = (text: string, name: string) => {
  const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
  return match ? Number(match[1]) : undefined;
};

describe.each(dialects)('cluster-wide metrics (%s)', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock();
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: { METRICS_TOKEN: TOKEN }, infra: { clock } });
  });
  afterAll(() => ctx.close());

  it('the build, and the ledger totals and job queue from one instance only, so sums across instances are right', async () => {
    const second = await ctx.buildAnother();
    const [a, b] = [await scrape(ctx.app), await scrape(second)];
    for (const text of [a, b]) expect(text).toMatch(/^parley_build_info\{version="[^"]+",commit="[^"]+",node="v\d+[^"]*"\} 1$/m);
    expect([value(a, 'parley_metrics_leader'), value(b, 'parley_metrics_leader')]).toEqual([1, 0]);
    expect(value(a, 'parley_ledger_balances_coins')).toBeDefined();
    expect(value(a, 'parley_jobs_due')).toBeDefined();
    for (const name of ['parley_ledger_balances_coins', 'parley_ledger_entries_sum_coins', 'parley_ledger_entries', 'parley_jobs_due', 'parley_jobs_dead'])
      expect(value(b, name), name).toBeUndefined();

    // The leader stops (its lease is given back): the other instance takes over at its next scrape.
    await ctx.app.close();
    const after = await scrape(second);
    expect(value(after, 'parley_metrics_leader')).toBe(1);
    expect(value(after, 'parley_ledger_balances_coins')).toBeDefined();
  });

  it('computes the ledger totals at most once a minute, not on every scrape', async () => {
    const app = await ctx.buildAnother();
    // Whichever instance leads, wait for no lease: take it over by letting the others' expire.
    clock.advance(120_000);
    const before = value(await scrape(app), 'parley_ledger_balances_coins')!;
    await createSignedInUser(app, { coins: 40 });
    expect(value(await scrape(app), 'parley_ledger_balances_coins')).toBe(before);
    clock.advance(61_000);
    expect(value(await scrape(app), 'parley_ledger_balances_coins')).toBe(before + 40);
  });
});

describe('metrics while the database is unreachable', () => {
  it("still answer with the instance's own figures", async () => {
    const ctx = await createTestContext('sqlite', { env: { METRICS_TOKEN: TOKEN } });
    try {
      expect(value(await scrape(ctx.app), 'parley_metrics_leader')).toBe(1);
      await ctx.db.destroy();
      const text = await scrape(ctx.app);
      expect(text).toContain('parley_build_info');
      expect(text).toContain('parley_http_requests_total');
      expect(value(text, 'parley_ledger_balances_coins')).toBeUndefined();
    } finally {
      await ctx.close().catch(() => undefined);
    }
  });
});

describe('METRICS_PORT: /metrics on its own listener', () => {
  let ctx: TestContext;
  let port: number;
  let web: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    port = await new Promise<number>((done) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address() as { port: number };
        probe.close(() => done(address.port));
      });
    });
    // With a built web app, whose fallback answers every unknown GET with its page.
    web = mkdtempSync(join(tmpdir(), 'parley-metrics-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    ctx = await createTestContext('sqlite', {
      env: { METRICS_TOKEN: TOKEN },
      config: { metricsListener: { host: '127.0.0.1', port }, webDist: web },
    });
    app = await ctx.buildAnother({ serveWeb: true });
    await app.ready();
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('serves the metrics there with the token, and the public port answers the unknown-route 404', async () => {
    const publicly = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(publicly.statusCode).toBe(404);
    expect(publicly.json()).toMatchObject({ status: 'ERROR' });

    const own = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('parley_http_requests_total');
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });
});
