import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type FastifyBaseLogger } from 'fastify';
import { type Db } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import * as repo from './system.repository.js';

export const HEARTBEAT_MS = 15_000;
/** The System page lists instances seen within this window; rows older than a day are dropped. */
export const SEEN_WINDOW_MS = 2 * 60_000;
const FORGET_AFTER_MS = 24 * 3600_000;

export interface Heartbeat {
  readonly id: string;
  /** Writes the first beat, then one every 15 s. */
  start(): Promise<void>;
  /** Stops beating and removes this instance's row, so the page shows it gone at once. */
  stop(): Promise<void>;
}

/**
 * Every instance records itself in `instances` every 15 s: id (random per process), host, pid,
 * version, start and last beat. A failed beat (database away) is logged once per outage and retried.
 */
export function createHeartbeat(deps: { db: Db; clock: Clock; log: FastifyBaseLogger; version: string }): Heartbeat {
  const id = randomUUID();
  const startedAt = deps.clock.now().toISOString();
  const host = hostname().slice(0, 255);
  let timer: NodeJS.Timeout | undefined;
  let failing = false;

  async function beat() {
    const now = deps.clock.now();
    try {
      await repo.upsertInstance(deps.db, { id, hostname: host, pid: process.pid, version: deps.version, started_at: startedAt, last_seen: now.toISOString() });
      await repo.deleteInstancesSeenBefore(deps.db, new Date(now.getTime() - FORGET_AFTER_MS).toISOString());
      if (failing) deps.log.info('instance heartbeat recorded again');
      failing = false;
    } catch (error) {
      if (!failing) deps.log.warn({ err: error }, 'instance heartbeat failed; retrying every 15 s');
      failing = true;
    }
  }

  return {
    id,
    async start() {
      if (!timer) {
        timer = setInterval(() => void beat(), HEARTBEAT_MS);
        timer.unref();
      }
      await beat();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await repo.deleteInstance(deps.db, id).catch(() => undefined);
    },
  };
}
