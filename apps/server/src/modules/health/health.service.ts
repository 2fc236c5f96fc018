import { pingDatabase } from '../../db/ping.js';
import { type FastifyInstance } from 'fastify';
import { findPendingMigrations } from '../../db/connect.js';
import { isRedisUp } from '../../lib/redis.js';

/** Readiness never waits longer than this for the database (a frozen one answers nothing). */
export const READY_DATABASE_TIMEOUT_MS = 2000;

export interface DependencyStates {
  database: 'up' | 'down';
  /** Every migration of this code applied ('unknown' while the database does not answer). */
  migrations: 'applied' | 'pending' | 'unknown';
  /** Only with REDIS_URL. */
  redis?: 'up' | 'down';
}

export interface DependencyReport {
  states: DependencyStates;
  /** The migrations still to apply, by name. */
  pending: string[];
}

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

/** Once a database had every migration of this code, it keeps them: checked again only until then. */
const migrated = new WeakSet<object>();

async function checkDatabase(app: FastifyInstance): Promise<Pick<DependencyReport, 'pending'> & Pick<DependencyStates, 'database' | 'migrations'>> {
  try {
    if (migrated.has(app.db)) {
      await withTimeout(pingDatabase(app.db), READY_DATABASE_TIMEOUT_MS);
      return { database: 'up', migrations: 'applied', pending: [] };
    }
    const pending = await withTimeout(findPendingMigrations(app.db), READY_DATABASE_TIMEOUT_MS);
    if (pending.length === 0) migrated.add(app.db);
    return { database: 'up', migrations: pending.length === 0 ? 'applied' : 'pending', pending };
  } catch {
    return { database: 'down', migrations: 'unknown', pending: [] };
  }
}

/** Each dependency's state as this instance meets it now (readiness, and the parley_dependency_up gauge). */
export async function checkDependencies(app: FastifyInstance): Promise<DependencyReport> {
  const [database, redis] = await Promise.all([checkDatabase(app), app.redis ? isRedisUp(app.redis) : undefined]);
  const states: DependencyStates = { database: database.database, migrations: database.migrations };
  if (redis !== undefined) states.redis = redis ? 'up' : 'down';
  return { states, pending: database.pending };
}
