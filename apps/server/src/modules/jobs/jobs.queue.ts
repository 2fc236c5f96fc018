import { type DbOrTrx } from '../../db/database.js';
import * as repo from './jobs.repository.js';

/**
 * The queue as an operator sees it (the admin System page): counts, dead jobs, and the two
 * things an operator does with a dead job — run it again, or drop it. Callers audit.
 */
export async function getJobQueueState(db: DbOrTrx, now: Date) {
  const counts = await repo.findQueueCounts(db, now.toISOString());
  return {
    due: counts.due,
    running: counts.running,
    scheduled: counts.pending - counts.due - counts.running,
    dead: counts.dead,
    oldest_due_age_s: counts.oldestDue ? Math.max(0, Math.round((now.getTime() - Date.parse(counts.oldestDue)) / 1000)) : 0,
  };
}

export async function listDeadJobs(db: DbOrTrx, query: { page: number; per_page: number; kind?: string }) {
  const [items, total] = await Promise.all([
    repo.listDeadJobs(db, { kind: query.kind, offset: (query.page - 1) * query.per_page, limit: query.per_page }),
    repo.countDeadJobs(db, query.kind),
  ]);
  return { items, total };
}

export const findDeadJob = repo.findDeadJob;

/** Makes a dead job due now with its attempts reset; false when it is not dead (retried or discarded meanwhile). */
export const retryDeadJob = (db: DbOrTrx, id: number, now: Date) => repo.requeueDeadJob(db, id, now.toISOString());

export const discardDeadJob = repo.deleteDeadJob;

/** Deletes up to `limit` done or dead jobs finished before `before`; the retention job calls it in batches. */
export const pruneFinishedJobs = repo.deleteFinishedJobsBatch;
