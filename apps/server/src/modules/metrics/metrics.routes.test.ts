import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';

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
    expect(text).toMatch(/parley_jobs_due \d+/);
    const balances = Number(/parley_ledger_balances_coins (\d+)/.exec(text)?.[1]);
    const entries = Number(/parley_ledger_entries_sum_coins (\d+)/.exec(text)?.[1]);
    expect(balances).toBeGreaterThanOrEqual(250);
    expect(entries).toBe(balances);
  });
});
