import { timingSafeEqual } from 'node:crypto';
import { texts } from '@parley/contracts';
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { poolOf } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import { checkDependencies } from '../health/health.service.js';
import { getRealtimeHub } from '../realtime/realtime.hub.js';
import * as repo from './metrics.repository.js';

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Only with METRICS_TOKEN set, and only for a bearer of it: everyone else gets the unknown-route 404. */
function requireMetricsToken(token: string | undefined) {
  return async (request: FastifyRequest) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !given || !sameToken(given, token)) throw new AppError('NOT_FOUND', texts.common.routeNotFound);
  };
}

/**
 * Prometheus text at /metrics (prom-client): request rate and latency by route, database pool, each dependency's state,
 * WebSocket connections, job queue depth and age, ledger totals, and the process defaults.
 * Not encapsulated (fastify-plugin): its timing hook sees every route of the app.
 */
export const metricsRoutes = fp(async (app: Parameters<FastifyPluginAsync>[0]) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'parley_process_' });
  const requests = new Counter({
    name: 'parley_http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'parley_http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: ids must not explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  const gauge = (name: string, help: string, collect: (g: Gauge) => Promise<void> | void) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        // A gauge read from the database has no value while it is away: the scrape still answers
        // (parley_dependency_up says why) instead of failing as a whole.
        try {
          await collect(this);
        } catch {
          this.reset();
        }
      },
    });
  gauge('parley_ws_connections', 'Open WebSocket connections on this instance', (g) => g.set(getRealtimeHub(app).size));
  const pool = () => poolOf(app.db);
  // SQLite: its one connection, always open.
  gauge('parley_db_pool_connections', 'Database connections open (PostgreSQL pool; SQLite 1)', (g) => g.set(pool()?.totalCount ?? 1));
  gauge('parley_db_pool_idle', 'Database connections open and idle (PostgreSQL pool)', (g) => g.set(pool()?.idleCount ?? 0));
  gauge('parley_db_pool_waiting', 'Queries waiting for a pooled connection (PostgreSQL)', (g) => g.set(pool()?.waitingCount ?? 0));
  new Gauge({
    name: 'parley_dependency_up',
    help: 'Whether this instance reaches each dependency now (1) or not (0): database, redis (with REDIS_URL)',
    labelNames: ['dependency'],
    registers: [registry],
    async collect() {
      const { states } = await checkDependencies(app);
      this.set({ dependency: 'database' }, states.database === 'up' ? 1 : 0);
      if (states.redis) this.set({ dependency: 'redis' }, states.redis === 'up' ? 1 : 0);
    },
  });
  const queue = () => repo.findJobQueueState(app.db, app.clock.now().toISOString());
  gauge('parley_jobs_due', 'Jobs due and not yet run', async (g) => g.set((await queue()).pending));
  gauge('parley_jobs_dead', 'Jobs that failed for good', async (g) => g.set((await queue()).dead));
  gauge('parley_jobs_oldest_due_age_seconds', 'How long the oldest due job has waited', async (g) => {
    const { oldest } = await queue();
    g.set(oldest ? Math.max(0, (app.clock.now().getTime() - Date.parse(oldest)) / 1000) : 0);
  });
  gauge('parley_ledger_balances_coins', 'Coins held by all users', async (g) => g.set((await repo.findLedgerTotals(app.db)).balances));
  gauge('parley_ledger_entries_sum_coins', 'Sum of all ledger entries (equals the balances)', async (g) =>
    g.set((await repo.findLedgerTotals(app.db)).entriesSum),
  );
  gauge('parley_ledger_entries', 'Ledger entries', async (g) => g.set((await repo.findLedgerTotals(app.db)).entries));

  app.get('/metrics', { schema: { hide: true }, onRequest: requireMetricsToken(app.config.metricsToken) }, async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
});
