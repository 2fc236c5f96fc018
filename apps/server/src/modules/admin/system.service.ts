import { type AiHealth, type BackupMark, type DependencyName, type DependencyState, type SystemStatus } from '@parley/contracts';
import { pingDatabase } from '../../db/ping.js';
import { type FastifyInstance } from 'fastify';
import { type Redis } from 'ioredis';
import { type Config } from '../../config.js';
import { type Db, type DbOrTrx } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { isRedisUp } from '../../lib/redis.js';
import { type Storage } from '../../lib/storage.js';
import { getCompanionHealth } from '../companion/companion.service.js';
import { getJobQueueState } from '../jobs/jobs.queue.js';
import { type Mailer } from '../mail/mailer.js';
import { type PaymentGateway } from '../payments/gateway.js';
import { SEEN_WINDOW_MS } from './system.heartbeat.js';
import * as repo from './system.repository.js';

export interface SystemDeps {
  config: Config;
  db: Db;
  clock: Clock;
  redis?: Redis;
  storage: Storage;
  mailer: Mailer;
  gateway: PaymentGateway;
  /** This instance's id in `instances`. */
  instanceId: string;
  /** The AI provider's health on this instance (its circuit breaker is the last known state). */
  companionHealth: () => AiHealth;
}

/** What the probes need, from the app (the System page and the dependency gauges share it). */
export function systemDepsOf(app: FastifyInstance): SystemDeps {
  return {
    config: app.config,
    db: app.db,
    clock: app.clock,
    redis: app.redis,
    storage: app.storage,
    mailer: app.mailer,
    gateway: app.gateway,
    instanceId: app.heartbeat.id,
    companionHealth: () => getCompanionHealth(app),
  };
}

const PROBE_TIMEOUT_MS = 3000;
/** Probes are cheap but not free (an SMTP login, a stored file): a page refreshed often reuses them this long. */
const PROBE_CACHE_MS = 10_000;
export const BACKUP_MARK = 'last_backup';

const withTimeout = <T>(work: Promise<T>, ms: number) =>
  Promise.race([work, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms).unref())]);

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

type Probe = () => Promise<{ state: DependencyState['state']; detail: string }>;

/** Runs a probe with a bound: an answer is `up`, a throw or a timeout `down` with the reason. */
const probe =
  (serves: string, check: () => Promise<unknown>): Probe =>
  async () => {
    try {
      await withTimeout(check(), PROBE_TIMEOUT_MS);
      return { state: 'up', detail: serves };
    } catch (error) {
      return { state: 'down', detail: `${serves}: ${reason(error)}` };
    }
  };
const notConfigured =
  (detail: string): Probe =>
  async () => ({ state: 'not_configured', detail });

/** One probe per dependency, from what this instance is configured with. */
function probesOf(deps: SystemDeps): Record<DependencyName, Probe> {
  const { config } = deps;
  return {
    database: probe(config.database.kind === 'postgres' ? 'PostgreSQL' : `SQLite ${config.database.file}`, () => pingDatabase(deps.db)),
    redis: deps.redis
      ? probe('Redis', async () => {
          if (!(await isRedisUp(deps.redis!))) throw new Error(`no PONG (connection ${deps.redis!.status})`);
        })
      : notConfigured('REDIS_URL not set: in-process events and rate limits (one instance only)'),
    storage: probe(config.storage.kind === 's3' ? `S3 bucket ${config.storage.bucket}` : `local disk ${config.dataDir}/uploads`, () =>
      storeAndRemove(deps.storage),
    ),
    smtp: deps.mailer.verify ? probe('SMTP', () => deps.mailer.verify!()) : notConfigured('SMTP_URL not set: the dev mailbox keeps mail (nothing is sent)'),
    llm: async () => llmState(deps.companionHealth()),
    payments: deps.gateway.check
      ? probe(`${deps.gateway.name} gateway`, () => deps.gateway.check!(PROBE_TIMEOUT_MS))
      : notConfigured('Built-in sandbox gateway: test cards only, no money moves'),
  };
}

/** Writes, reads back and removes a small object: what attachments need, on local disk or S3 alike. */
async function storeAndRemove(storage: Storage) {
  const bytes = Buffer.from(`parley storage probe ${Date.now()}`);
  const key = await storage.put(bytes);
  try {
    const read = await storage.get(key);
    if (!read?.equals(bytes)) throw new Error('the stored probe did not read back');
  } finally {
    await storage.delete(key);
  }
}

/** The companion is not probed (a reply costs tokens): its circuit breaker says how the last replies went. */
function llmState(health: AiHealth): { state: DependencyState['state']; detail: string } {
  if (health.demo) return { state: 'not_configured', detail: 'LLM_BASE_URL not set: the offline demo companion answers' };
  const serves = `${health.provider}${health.model ? ` · ${health.model}` : ''}`;
  if (health.breaker === 'open') return { state: 'down', detail: `${serves}: circuit breaker open${health.last_error ? ` (${health.last_error})` : ''}` };
  if (health.requests === 0) return { state: 'up', detail: `${serves}: no reply asked on this instance yet` };
  return { state: 'up', detail: `${serves}: breaker ${health.breaker}, error rate ${Math.round(health.error_rate * 100)} %` };
}

const probeCache = new WeakMap<Db, { at: number; states: Promise<DependencyState[]> }>();

/**
 * Every dependency's state, probed in parallel (each bounded to 3 s), reused for 10 s per instance
 * (`maxAgeMs`: the metrics scrape accepts a minute, so an SMTP login is not made every 15 s).
 */
export function getDependencyStates(deps: SystemDeps, maxAgeMs = PROBE_CACHE_MS): Promise<DependencyState[]> {
  const cached = probeCache.get(deps.db);
  if (cached && Date.now() - cached.at < maxAgeMs) return cached.states;
  const probes = probesOf(deps);
  const states = Promise.all(
    (Object.keys(probes) as DependencyName[]).map(async (name) => ({ name, ...(await probes[name]()), checked_at: new Date().toISOString() })),
  );
  probeCache.set(deps.db, { at: Date.now(), states });
  return states;
}

export async function getBackupMark(db: DbOrTrx): Promise<BackupMark | null> {
  const mark = await repo.findMark(db, BACKUP_MARK);
  return mark ? { at: mark.at, note: mark.note, recorded_by: mark.recorded_by } : null;
}

/** The System page: what runs where, what it depends on, the job queue and the last backup. */
export async function getSystemStatus(deps: SystemDeps): Promise<SystemStatus> {
  const now = deps.clock.now();
  const [instances, dependencies, jobs, lastBackup] = await Promise.all([
    repo.listInstancesSeenSince(deps.db, new Date(now.getTime() - SEEN_WINDOW_MS).toISOString()),
    getDependencyStates(deps),
    getJobQueueState(deps.db, now),
    getBackupMark(deps.db),
  ]);
  return {
    version: deps.config.build.version,
    commit: deps.config.build.commit,
    node: process.version,
    environment: deps.config.env,
    database_kind: deps.config.database.kind,
    instances: instances.map((row) => ({ ...row, is_current: row.id === deps.instanceId })),
    dependencies,
    jobs,
    last_backup: lastBackup,
    generated_at: now.toISOString(),
  };
}
