import { type DbOrTrx } from '../../db/database.js';
import { type JobStatus } from './jobs.table.js';

export interface NewJob {
  kind: string;
  payload: string;
  max_attempts: number;
  run_at: string;
  dedupe_key: string | null;
  created_at: string;
}

/** Inserts a job; with a dedupe key already present, inserts nothing (false). */
export async function insertJob(db: DbOrTrx, job: NewJob): Promise<boolean> {
  const result = await db
    .insertInto('jobs')
    .values({ ...job, status: 'pending', updated_at: job.created_at })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Inserts many jobs in one statement; those whose dedupe key is present are left out. */
export async function insertJobs(db: DbOrTrx, jobs: NewJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await db
    .insertInto('jobs')
    .values(jobs.map((job) => ({ ...job, status: 'pending' as const, updated_at: job.created_at })))
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

export function listDueJobs(db: DbOrTrx, kinds: string[], now: string, limit: number) {
  return db
    .selectFrom('jobs')
    .select(['id', 'kind'])
    .where('status', '=', 'pending')
    .where('run_at', '<=', now)
    .where('kind', 'in', kinds)
    .orderBy('run_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Takes a due job for one attempt by moving `run_at` to the end of a lease.
 * Atomic on both dialects: a second claimer's `run_at <= now` no longer holds
 * (PostgreSQL re-checks the condition after the first UPDATE commits).
 */
export function claimJob(db: DbOrTrx, id: number, now: string, leaseUntil: string) {
  return db
    .updateTable('jobs')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), run_at: leaseUntil, updated_at: now }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('run_at', '<=', now)
    .returning(['id', 'kind', 'payload', 'attempts', 'max_attempts', 'run_at'])
    .executeTakeFirst();
}

/** Records an attempt's outcome, unless the lease was lost to another claimer meanwhile. */
export function finishAttempt(
  db: DbOrTrx,
  claim: { id: number; attempts: number },
  changes: {
    status: JobStatus;
    payload?: string;
    run_at?: string;
    attempts?: number;
    last_error: string | null;
    finished_at: string | null;
    updated_at: string;
  },
) {
  return db.updateTable('jobs').set(changes).where('id', '=', claim.id).where('attempts', '=', claim.attempts).execute();
}

/** Deletes finished jobs: done ones before `doneBefore`, dead ones before `deadBefore`. */
export async function deleteFinishedJobs(db: DbOrTrx, doneBefore: string, deadBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where((eb) =>
      eb.or([eb.and([eb('status', '=', 'done'), eb('finished_at', '<', doneBefore)]), eb.and([eb('status', '=', 'dead'), eb('finished_at', '<', deadBefore)])]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function countJobs(db: DbOrTrx, status: JobStatus) {
  return db
    .selectFrom('jobs')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('run_at').as('oldest')])
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
}
