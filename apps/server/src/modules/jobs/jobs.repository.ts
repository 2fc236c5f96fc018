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
    .set((eb) => ({ attempts: eb('attempts', '+', 1), run_at: leaseUntil, claimed_at: now, updated_at: now }))
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
  return db
    .updateTable('jobs')
    .set({ ...changes, claimed_at: null })
    .where('id', '=', claim.id)
    .where('attempts', '=', claim.attempts)
    .execute();
}

export function countJobs(db: DbOrTrx, status: JobStatus) {
  return db
    .selectFrom('jobs')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('run_at').as('oldest')])
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
}

/** Deletes up to `limit` finished jobs of one status finished before `before` (oldest first); how many went. */
export async function deleteFinishedJobsBatch(db: DbOrTrx, status: 'done' | 'dead', before: string, limit: number): Promise<number> {
  const ids = db.selectFrom('jobs').select('id').where('status', '=', status).where('finished_at', '<', before).orderBy('finished_at').limit(limit);
  const result = await db.deleteFrom('jobs').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The queue at a glance: pending due now, running (claimed, lease not over), scheduled later, dead. */
export async function findQueueCounts(db: DbOrTrx, now: string) {
  const pending = await db
    .selectFrom('jobs')
    .select((eb) => [
      eb.fn.countAll<number>().as('pending'),
      eb.fn.sum<number>(eb.case().when('run_at', '<=', now).then(1).else(0).end()).as('due'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('run_at', '>', now), eb('claimed_at', 'is not', null)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('running'),
      eb.fn.min(eb.case().when('run_at', '<=', now).then(eb.ref('run_at')).else(null).end()).as('oldest_due'),
    ])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  const dead = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'dead')
    .executeTakeFirstOrThrow();
  return {
    pending: Number(pending.pending),
    due: Number(pending.due ?? 0),
    running: Number(pending.running ?? 0),
    oldestDue: (pending.oldest_due as string | null) ?? null,
    dead: Number(dead.n),
  };
}

const deadJobColumns = ['id', 'kind', 'attempts', 'last_error', 'finished_at', 'created_at'] as const;

export function listDeadJobs(db: DbOrTrx, options: { kind?: string; offset: number; limit: number }) {
  let query = db.selectFrom('jobs').select(deadJobColumns).where('status', '=', 'dead');
  if (options.kind) query = query.where('kind', '=', options.kind);
  return query.orderBy('finished_at', 'desc').orderBy('id', 'desc').offset(options.offset).limit(options.limit).execute();
}

export async function countDeadJobs(db: DbOrTrx, kind?: string): Promise<number> {
  let query = db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'dead');
  if (kind) query = query.where('kind', '=', kind);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export const findDeadJob = (db: DbOrTrx, id: number) =>
  db.selectFrom('jobs').select(deadJobColumns).where('id', '=', id).where('status', '=', 'dead').executeTakeFirst();

/** A dead job runs again at `now` with a fresh set of attempts; false when it is not (or no longer) dead. */
export async function requeueDeadJob(db: DbOrTrx, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'pending', attempts: 0, run_at: now, finished_at: null, claimed_at: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'dead')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteDeadJob(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('jobs').where('id', '=', id).where('status', '=', 'dead').executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
