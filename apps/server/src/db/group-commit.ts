import { type Transaction } from 'kysely';
import { type Database, type Db } from './database.js';
import { isPostgresDb } from './dialect.js';
import { isConnectionFailure } from './unavailable.js';

interface Job<T> {
  work: (trx: Transaction<Database>) => Promise<T | Refusal>;
  /** The rows it locks (see `run`), with what was learned of them: no other batch in flight takes one of them. */
  keys: string[];
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

/**
 * A unit's refusal that left nothing behind in the shared transaction (it wrote nothing, or only what its
 * batch may keep): its promise rejects with `error` and the rest of its batch commits as it is — a
 * refused send does not make its batch run again one by one (issue 37 §1).
 */
export class Refusal {
  constructor(readonly error: unknown) {}
}
export const refusal = (error: unknown) => new Refusal(error);

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
 * A refusal the unit knows left nothing behind is an outcome, not a failure: it returns `refusal(error)`.
 *
 * Keys (issue 38 §0): a unit names the rows it will lock (`topic:7`, `user:12`). Units sharing a key
 * never run in two batches at once: they join one batch (one transaction takes its rows one after
 * another) or wait for it to commit. Two batches in flight therefore never wait for each other's rows,
 * which on PostgreSQL deadlocked (each broken after `deadlock_timeout`, its batch run again one by one).
 * Rows a unit finds it locks only once running (a contributor credited in the topic) are `learn`ed under
 * one of its keys, so the next units with that key name them too.
 */
export interface GroupCommit {
  run<T>(work: (trx: Transaction<Database>) => Promise<T | Refusal>, keys?: readonly string[]): Promise<T>;
  /** The rows units with `key` turned out to lock too (replaces what was learned before). */
  learn(key: string, also: readonly string[]): void;
}

/** Where a committer reports a batch it had to roll back (pino's shape). */
export interface GroupCommitLog {
  warn(details: object, message: string): void;
}

const byDatabase = new WeakMap<Db, GroupCommit>();
const logs = new WeakMap<Db, GroupCommitLog>();

/** The instance's log for the handle's committer (plugins/infra.ts): a rolled-back batch is worth an operator's look. */
export function logGroupCommitTo(db: Db, log: GroupCommitLog) {
  logs.set(db, log);
}

/** The database handle's group committer (one per handle, so per instance). */
export function groupCommitOf(db: Db): GroupCommit {
  let committer = byDatabase.get(db);
  if (!committer) {
    const log = logs.get(db);
    byDatabase.set(db, (committer = isPostgresDb(db) ? createGroupCommit(db, 4, 12, log) : createGroupCommit(db, 1, 32, log)));
  }
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
export function createGroupCommit(db: Db, inFlight = 1, maxBatch = 32, log?: GroupCommitLog): GroupCommit {
  const queue: Job<unknown>[] = [];
  /** Key → the batch (its jobs) in flight that holds it. */
  const held = new Map<string, Job<unknown>[]>();
  /** Key → the other keys its units turned out to lock (bounded: the oldest is forgotten first). */
  const learned = new Map<string, readonly string[]>();
  let running = 0;
  let scheduled = false;

  const settle = (job: Job<unknown>, result: unknown) => (result instanceof Refusal ? job.reject(result.error) : job.resolve(result));

  const alone = async (job: Job<unknown>) => {
    try {
      settle(job, await db.transaction().execute(job.work));
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
      // Rolled back: nothing of the batch happened. Each unit again on its own (its keys still held).
      log?.warn({ err: error, units: batch.length }, 'group commit: a batch was rolled back, its units run again one by one');
      for (const job of batch) await alone(job);
      return;
    }
    batch.forEach((job, i) => settle(job, results[i]));
  };

  /**
   * Waiting units are shared out over the free slots (at most maxBatch each), in arrival order, except that a
   * unit whose key a batch in flight holds waits for it, and a unit whose key a forming batch holds joins that
   * one. A unit left waiting holds back the later units with its keys, so units with a key keep their order.
   */
  const start = () => {
    scheduled = false;
    const free = inFlight - running;
    if (free <= 0 || queue.length === 0) return;
    const forming: Job<unknown>[][] = [];
    const owner = new Map<string, Job<unknown>[]>();
    const blocked = new Set<string>();
    const waiting: Job<unknown>[] = [];
    const share = Math.min(maxBatch, Math.ceil(queue.length / free));
    for (const job of queue) {
      const owners = new Set<Job<unknown>[]>();
      let wait = false;
      for (const key of job.keys) {
        if (blocked.has(key) || held.has(key)) wait = true;
        const batch = owner.get(key);
        if (batch) owners.add(batch);
      }
      let batch: Job<unknown>[] | undefined;
      if (!wait && owners.size === 1) {
        const [only] = owners;
        if (only!.length < maxBatch) batch = only;
      } else if (!wait && owners.size === 0) {
        if (forming.length < free && (forming.length === 0 || forming.every((b) => b.length >= share))) forming.push((batch = []));
        else batch = forming.filter((b) => b.length < share).sort((a, b) => a.length - b.length)[0];
      }
      if (!batch) {
        waiting.push(job);
        for (const key of job.keys) blocked.add(key);
        continue;
      }
      batch.push(job);
      for (const key of job.keys) owner.set(key, batch);
    }
    queue.length = 0;
    queue.push(...waiting);
    for (const batch of forming) {
      const keys = [...new Set(batch.flatMap((job) => job.keys))];
      for (const key of keys) held.set(key, batch);
      running++;
      void runBatch(batch).finally(() => {
        running--;
        for (const key of keys) held.delete(key);
        if (queue.length > 0 && !scheduled) schedule();
      });
    }
  };
  const schedule = () => {
    scheduled = true;
    setImmediate(start);
  };

  return {
    run<T>(work: (trx: Transaction<Database>) => Promise<T | Refusal>, keys: readonly string[] = []) {
      return new Promise<T>((resolve, reject) => {
        const all = new Set(keys);
        for (const key of keys) for (const also of learned.get(key) ?? []) all.add(also);
        queue.push({ work, keys: [...all], resolve, reject } as Job<unknown>);
        // Units arriving in the same turn of the event loop join one batch: on SQLite a whole
        // transaction runs within one turn (the driver is synchronous), so waiting for the next
        // turn is what lets the requests read in this one share it. Later units wait for the next batch.
        if (!scheduled && running < inFlight) schedule();
      });
    },
    learn(key, also) {
      if (also.length === 0) {
        learned.delete(key);
        return;
      }
      learned.delete(key);
      if (learned.size >= MAX_LEARNED) learned.delete(learned.keys().next().value!);
      learned.set(key, also);
    },
  };
}

/** Keys whose extra rows are remembered (a topic's contributors): enough for every busy topic of an instance. */
const MAX_LEARNED = 50_000;
