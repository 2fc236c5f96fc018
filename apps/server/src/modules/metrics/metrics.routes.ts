import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { hostname } from 'node:os';
import { texts } from '@parley/contracts';
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { poolOf } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import { buildInfo } from '../../lib/build-info.js';
import { getDependencyStates, systemDepsOf } from '../admin/system.service.js';
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

/** The lease whose holder exports the cluster-wide gauges; renewed by scrapes (scrape every ≤ 60 s). */
const LEADER_LEASE = 'metrics-leader';
const LEASE_MS = 90_000;
const RENEW_AFTER_MS = 30_000;
/** The ledger totals are sums over every user and entry: computed at most this often. */
const TOTALS_MAX_AGE_MS = 60_000;
/** Storage, SMTP and payment-gateway probes for the dependency gauge: at most one a minute per instance. */
const DEPENDENCY_PROBE_MAX_AGE_MS = 60_000;

/**
 * Prometheus text at /metrics (prom-client), or on its own listener with METRICS_PORT: request rate
 * and latency by route, database pool, each dependency's state, WebSocket connections, build info and the process defaults
 * of this instance; and, from the one instance holding the metrics-leader lease, the cluster-wide
 * job queue and ledger totals. Not encapsulated (fastify-plugin): its timing hook sees every route.
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
    help: 'Whether this instance reaches each dependency (1) or not (0): database, redis, storage, smtp, llm, payments (when configured)',
    labelNames: ['dependency'],
    registers: [registry],
    async collect() {
      const { states } = await checkDependencies(app);
      this.set({ dependency: 'database' }, states.database === 'up' ? 1 : 0);
      if (states.redis) this.set({ dependency: 'redis' }, states.redis === 'up' ? 1 : 0);
      // The others as the System page probes them, at most once a minute; the embedded stand-ins are not exported.
      for (const dependency of await getDependencyStates(systemDepsOf(app), DEPENDENCY_PROBE_MAX_AGE_MS))
        if (dependency.name !== 'database' && dependency.name !== 'redis' && dependency.state !== 'not_configured')
          this.set({ dependency: dependency.name }, dependency.state === 'up' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'parley_build_info',
    help: 'The running build: always 1, labelled with its version and commit',
    labelNames: ['version', 'commit', 'node'],
    registers: [registry],
  }).set({ version: buildInfo.version, commit: buildInfo.commit, node: process.version }, 1);
  const leaderGauge = new Gauge({
    name: 'parley_metrics_leader',
    help: 'Whether this instance exports the cluster-wide gauges (exactly one instance reports 1)',
    registers: [registry],
  });

  // Cluster-wide gauges: the same for every instance, so only the lease holder exports them (a sum
  // across instances is then right). Set when rendered, from one queue read and cached ledger totals.
  const cluster = new Registry();
  const clusterGauge = (name: string, help: string) => new Gauge({ name, help, registers: [cluster] });
  const jobsDue = clusterGauge('parley_jobs_due', 'Jobs due and not yet run (cluster-wide, leader only)');
  const jobsDead = clusterGauge('parley_jobs_dead', 'Jobs that failed for good (cluster-wide, leader only)');
  const jobsAge = clusterGauge('parley_jobs_oldest_due_age_seconds', 'How long the oldest due job has waited (cluster-wide, leader only)');
  const balances = clusterGauge('parley_ledger_balances_coins', 'Coins held by all users (cluster-wide, leader only, at most 60 s old)');
  const entriesSum = clusterGauge(
    'parley_ledger_entries_sum_coins',
    'Sum of all ledger entries; equals the balances (cluster-wide, leader only, at most 60 s old)',
  );
  const entries = clusterGauge('parley_ledger_entries', 'Ledger entries (cluster-wide, leader only, at most 60 s old)');
  const totalsAge = clusterGauge('parley_ledger_totals_age_seconds', 'Age of the ledger totals above (refreshed at most every 60 s)');

  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let leaseUntil = 0;
  // Each failure logged once until it recovers (a scrape every 15 s must not flood the log).
  const failing = new Set<string>();
  const failed = (what: string, error: unknown) => {
    if (!failing.has(what)) app.log.warn({ err: error }, `metrics: ${what}`);
    failing.add(what);
  };
  const holdsLease = async () => {
    const now = app.clock.now().getTime();
    if (leaseUntil - now > LEASE_MS - RENEW_AFTER_MS) return true;
    try {
      const until = now + LEASE_MS;
      leaseUntil = (await repo.claimLease(app.db, LEADER_LEASE, holder, new Date(now).toISOString(), new Date(until).toISOString())) ? until : 0;
      failing.delete('leader lease unavailable');
    } catch (error) {
      failed('leader lease unavailable', error);
      leaseUntil = 0;
    }
    return leaseUntil > 0;
  };
  let totals: { at: number; value: Promise<repo.LedgerTotals> } | undefined;
  const ledgerTotals = () => {
    const now = app.clock.now().getTime();
    if (!totals || now - totals.at >= TOTALS_MAX_AGE_MS) {
      const value = repo.findLedgerTotals(app.db);
      totals = { at: now, value };
      value.catch(() => (totals = undefined));
    }
    return totals;
  };

  const render = async () => {
    const leader = await holdsLease();
    leaderGauge.set(leader ? 1 : 0);
    const own = await registry.metrics();
    if (!leader) return own;
    // The database unreachable: this instance's own figures still answer (they say what is wrong).
    try {
      const now = app.clock.now();
      const queue = await repo.findJobQueueState(app.db, now.toISOString());
      jobsDue.set(queue.pending);
      jobsDead.set(queue.dead);
      jobsAge.set(queue.oldest ? Math.max(0, (now.getTime() - Date.parse(queue.oldest)) / 1000) : 0);
      const cached = ledgerTotals();
      const ledger = await cached.value;
      balances.set(ledger.balances);
      entriesSum.set(ledger.entriesSum);
      entries.set(ledger.entries);
      totalsAge.set(Math.max(0, (now.getTime() - cached.at) / 1000));
      failing.delete('cluster-wide gauges unavailable');
    } catch (error) {
      failed('cluster-wide gauges unavailable', error);
      return own;
    }
    return `${own}\n${await cluster.metrics()}`;
  };
  // preClose: before the database is closed (onClose hooks of the database plugin run first).
  app.addHook('preClose', async () => {
    if (leaseUntil > 0) await repo.releaseLease(app.db, LEADER_LEASE, holder).catch(() => undefined);
  });

  const listener = app.config.metricsListener;
  if (!listener) {
    app.get('/metrics', { schema: { hide: true }, onRequest: requireMetricsToken(app.config.metricsToken) }, async (_request, reply) => {
      reply.header('content-type', registry.contentType);
      return render();
    });
    return;
  }
  // METRICS_PORT: its own listener, so the public proxy never serves /metrics. The public port answers
  // the unknown-route 404 for it (an explicit route: the web app's fallback would answer its page).
  app.get('/metrics', { schema: { hide: true } }, async () => {
    throw new AppError('NOT_FOUND', texts.common.routeNotFound);
  });
  const token = app.config.metricsToken;
  const server = createServer((request, response) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics' || !token || !given || !sameToken(given, token)) {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ status: 'ERROR', payload: null, message: texts.common.routeNotFound, errors: null }));
      return;
    }
    render().then(
      (body) => response.writeHead(200, { 'content-type': registry.contentType }).end(body),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics: rendering failed');
        response.writeHead(500).end();
      },
    );
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(listener.port, listener.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    app.log.info({ host: listener.host, port: listener.port }, 'metrics listening');
  });
  app.addHook('onClose', async () => {
    if (server.listening) await new Promise((resolve) => server.close(resolve));
  });
});
