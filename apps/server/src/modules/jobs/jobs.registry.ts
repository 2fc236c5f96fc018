import { type FastifyBaseLogger } from 'fastify';
import { z, type ZodType } from 'zod';
import { type DbOrTrx } from '../../db/database.js';
import { type Infra } from '../../plugins/infra.types.js';
import { type PaymentKinds } from '../payments/payment-kinds.js';
import { insertJob, insertJobs } from './jobs.repository.js';

/** What a handler may use: the app's infrastructure, a logger, and the signal of the instance's shutdown. */
export interface JobContext extends Infra {
  log: FastifyBaseLogger;
  /** The app's payment kinds (receipts are issued for each). */
  paymentKinds: PaymentKinds;
  /** Aborts when the instance stops and the grace period is over: hand the work back (defer) and return. */
  signal: AbortSignal;
}

/** A handler's answer that it is not time yet: run again at `deferUntil`, not counted as an attempt. */
export interface JobDeferral {
  deferUntil: Date;
}
export const deferJob = (deferUntil: Date): JobDeferral => ({ deferUntil });

export interface JobOptions {
  /** After this many failed attempts the job is dead (kept for inspection, never retried). */
  maxAttempts: number;
  /** Wait before the next attempt after `attempt` failures. */
  backoffMs: (attempt: number) => number;
  /** How long a claim lasts before another instance may take the job (default: the worker's `leaseMs`). */
  leaseMs?: number;
  /** A done job's payload is emptied at once (it named a person or carried what they should not find later). */
  forgetPayloadWhenDone?: boolean;
}

/** 5 s, 10 s, 20 s … capped at one hour. */
export const exponentialBackoff =
  (baseMs = 5000, capMs = 3600_000) =>
  (attempt: number) =>
    Math.min(baseMs * 2 ** (attempt - 1), capMs);

export const defaultJobOptions: JobOptions = { maxAttempts: 10, backoffMs: exponentialBackoff() };

export interface JobHandler<P> extends JobOptions {
  kind: string;
  schema: ZodType<P>;
  handle: (payload: P, ctx: JobContext) => Promise<void | JobDeferral>;
  /** Only instances where this holds take the job (e.g. a webhook needs the instance's listening address). */
  isReady?: (ctx: JobContext) => boolean;
}

export interface PeriodicJob {
  kind: string;
  everyMs: number;
}

export interface EnqueueOptions {
  /** When it is due (the caller's clock). */
  runAt: Date;
  /** Enqueuing twice with one key keeps the first job only. */
  dedupeKey?: string;
}

/** A registered kind: enqueue it in the caller's transaction, typed by its payload schema. */
export interface JobType<P> {
  kind: string;
  enqueue(trx: DbOrTrx, payload: P, options: EnqueueOptions): Promise<boolean>;
  /** Many jobs of this kind in one statement (a job whose dedupe key is taken is left out). */
  enqueueMany(trx: DbOrTrx, jobs: { payload: P; options: EnqueueOptions }[]): Promise<void>;
}

/**
 * Work a worker finds by looking at the data instead of in the queue (receipts waiting for their
 * number): run at the start of every pass, before the due jobs are claimed, on every instance.
 */
export interface Sweep {
  kind: string;
  run: (ctx: JobContext) => Promise<void>;
}

const handlers = new Map<string, JobHandler<unknown>>();
const periodic = new Map<string, PeriodicJob>();
const sweeps = new Map<string, Sweep>();

interface NewJobInput {
  kind: string;
  payload: unknown;
  runAt: Date;
  dedupeKey?: string;
  maxAttempts?: number;
}

const toJobRow = (job: NewJobInput, now: string) => ({
  kind: job.kind,
  payload: JSON.stringify(job.payload),
  max_attempts: job.maxAttempts ?? handlers.get(job.kind)?.maxAttempts ?? defaultJobOptions.maxAttempts,
  run_at: job.runAt.toISOString(),
  dedupe_key: job.dedupeKey ?? null,
  created_at: now,
});

/** Writes a job in the caller's transaction; false when its dedupe key was already taken. */
export function enqueueJob(trx: DbOrTrx, job: NewJobInput) {
  return insertJob(trx, toJobRow(job, new Date().toISOString()));
}

/**
 * Registers the handler of one kind of job (once per process, at import time: handlers
 * get everything per app through their context, so several apps in one process share them).
 */
export function registerJobHandler<P>(kind: string, definition: Pick<JobHandler<P>, 'schema' | 'handle' | 'isReady'> & Partial<JobOptions>): JobType<P> {
  handlers.set(kind, { kind, ...defaultJobOptions, ...definition } as JobHandler<unknown>);
  return {
    kind,
    enqueue: (trx, payload, options) => enqueueJob(trx, { kind, payload, runAt: options.runAt, dedupeKey: options.dedupeKey }),
    async enqueueMany(trx, jobs) {
      const now = new Date().toISOString();
      await insertJobs(
        trx,
        jobs.map(({ payload, options }) => toJobRow({ kind, payload, runAt: options.runAt, dedupeKey: options.dedupeKey }, now)),
      );
    },
  };
}

/** Registers a sweep (once per process, at import time, like handlers). */
export function registerSweep(kind: string, run: (ctx: JobContext) => Promise<void>) {
  sweeps.set(kind, { kind, run });
}

/** A job every `everyMs`: each time slot is enqueued once whatever the number of instances. */
export function registerPeriodicJob(kind: string, definition: { everyMs: number; handle: (ctx: JobContext) => Promise<void> } & Partial<JobOptions>) {
  registerJobHandler<object>(kind, {
    ...definition,
    schema: z.object({}),
    handle: (_payload, ctx) => definition.handle(ctx),
    maxAttempts: definition.maxAttempts ?? 3,
  });
  periodic.set(kind, { kind, everyMs: definition.everyMs });
}

export const findJobHandler = (kind: string) => handlers.get(kind);
export const listJobHandlers = () => [...handlers.values()];
export const listPeriodicJobs = () => [...periodic.values()];
export const listSweeps = () => [...sweeps.values()];
