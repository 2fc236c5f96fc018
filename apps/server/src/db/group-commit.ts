import { type Transaction } from 'kysely';
import { type Database, type Db } from './database.js';
import { isPostgresDb } from './dialect.js';
import { isConnectionFailure } from './unavailable.js';

interface Job<T> {
  work: (trx: Transaction<Database>) => Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

/**
 * Group commit (issue 18): units of work that arrive while a transaction is running wait for it
 * and then share the next one — one BEGIN and one COMMIT (one fsync, one WAL append of the pages
 * they share) for all of them instead of one each. A lone unit of work starts at once, so an idle
 * server adds no latency. Nothing is acknowledged before its transaction has committed.
 *
 * A unit of work must only touch the database through `trx` (no effects outside it) and must be
 * safe to run again: when any unit of a batch fails, or the COMMIT does, the whole batch is rolled
 * back and every unit is run again in a transaction of its own — the failing one fails exactly as
 * it would have alone, the others commit exactly as they would have alone. A lost connection is the
 * exception: every unit of the batch fails with it and none is run again (the COMMIT may have taken).
 */
export interface GroupCommit {
  run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
}

const byDatabase = new WeakMap<Db, GroupCommit>();

/** The database handle's group committer (one per handle, so per instance). */
export function groupCommitOf(db: Db): GroupCommit {
  let committer = byDatabase.get(db);
  if (!committer) byDatabase.set(db, (committer = isPostgresDb(db) ? createGroupCommit(db, 4, 12) : createGroupCommit(db, 1, 32)));
  return committer;
}

/**
 * `inFlight` batches run at once, of at most `maxBatch` units each. PostgreSQL: 4 batches of 12, each
 * on its own pooled connection — a batch's statements are round trips one after another, so one batch
 * at a time would leave both sides waiting on the network, and a long batch makes every unit in it wait
 * for all the others (each round trip costs a turn of a busy event loop, ~1–2 ms): the cap bounds the
 * slowest send (decision 027 has the shapes measured). SQLite has one connection and one writer: one
 * batch at a time, of at most 32, since a whole batch runs without yielding the event loop (~1 ms a send
 * on the bench machine).
 */
export function createGroupCommit(db: Db, inFlight = 1, maxBatch = 32): GroupCommit {
  const queue: Job<unknown>[] = [];
  let running = 0;
  let scheduled = false;

  const alone = async (job: Job<unknown>) => {
    try {
      job.resolve(await db.transaction().execute(job.work));
    } catch (error) {
      job.reject(error);
    }
  };

  const runBatch = async (batch: Job<unknown>[]) => {
    if (batch.length === 1) return alone(batch[0]!);
    let results: unknown[];
    try {
      results = await db.transaction().execute(async (trx) => {
        const out: unknown[] = [];
        for (const job of batch) out.push(await job.work(trx));
        return out;
      });
    } catch (error) {
      // The connection was lost (the database went away, or did not answer): whether the COMMIT took is
      // unknown, so nothing is run again — every unit fails (503) rather than risk running twice.
      if (isConnectionFailure(error)) {
        for (const job of batch) job.reject(error);
        return;
      }
      // Rolled back: nothing of the batch happened. Each unit again on its own.
      for (const job of batch) await alone(job);
      return;
    }
    batch.forEach((job, i) => job.resolve(results[i]));
  };

  /** Waiting units are shared out over the free slots (at most maxBatch each); a slot that frees up takes what waits on the next turn. */
  const start = () => {
    scheduled = false;
    while (queue.length > 0 && running < inFlight) {
      const size = Math.min(maxBatch, Math.ceil(queue.length / (inFlight - running)));
      const batch = queue.splice(0, size);
      running++;
      void runBatch(batch).finally(() => {
        running--;
        if (queue.length > 0 && !scheduled) schedule();
      });
    }
  };
  const schedule = () => {
    scheduled = true;
    setImmediate(start);
  };

  return {
    run<T>(work: (trx: Transaction<Database>) => Promise<T>) {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve, reject } as Job<unknown>);
        // Units arriving in the same turn of the event loop join one batch: on SQLite a whole
        // transaction runs within one turn (the driver is synchronous), so waiting for the next
        // turn is what lets the requests read in this one share it. Later units wait for the next batch.
        if (!scheduled && running < inFlight) schedule();
      });
    },
  };
}
