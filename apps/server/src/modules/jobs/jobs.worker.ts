import { AsyncResource } from 'node:async_hooks';
import * as repo from './jobs.repository.js';
import { enqueueJob, findJobHandler, listJobHandlers, listPeriodicJobs, listSweeps, type JobContext, type JobDeferral } from './jobs.registry.js';
import { isDatabaseUnavailable } from '../../db/unavailable.js';

export interface JobTuning {
  /** How often every instance looks for due jobs. */
  pollMs: number;
  /** A claimed job not finished within this is taken again (its instance died), unless its kind sets its own. */
  leaseMs: number;
  /** Jobs claimed per query; a pass queries again while it gets full batches. */
  batch: number;
  /** Jobs one instance runs at once (a companion reply mostly waits on its provider's stream). */
  maxInFlight: number;
  /** On shutdown, running jobs get this long, then their signal aborts (a handler hands its work back). */
  shutdownGraceMs: number;
}

export const defaultJobTuning: JobTuning = { pollMs: 1000, leaseMs: 60_000, batch: 20, maxInFlight: 200, shutdownGraceMs: 5000 };

type Claim = NonNullable<Awaited<ReturnType<typeof repo.claimJob>>>;

/**
 * Runs due jobs on this instance. Every instance runs one; the conditional claim
 * in the database decides who runs each attempt, so N instances are safe. A pass
 * runs the sweeps (jobs.registry.ts#registerSweep), then claims and starts jobs
 * without waiting for them (up to `maxInFlight`), so a long job never holds back
 * the ones due after it.
 */
export class JobWorker {
  private timer?: NodeJS.Timeout;
  private readonly wakeUps = new Set<NodeJS.Timeout>();
  private running?: Promise<Promise<boolean>[]>;
  private rerun = false;
  private stopped = false;
  private readonly inFlight = new Set<Promise<boolean>>();
  private readonly enqueuedSlots = new Map<string, number>();
  private readonly abort = new AbortController();
  private readonly ctx: JobContext;
  /** The worker's own async context: a pass a request kicked is not part of that request (its logs, its statements). */
  private readonly scope = new AsyncResource('JobWorker');
  readonly tuning: JobTuning;

  constructor(ctx: Omit<JobContext, 'signal'>, tuning: Partial<JobTuning> = {}) {
    this.ctx = { ...ctx, signal: this.abort.signal };
    this.tuning = { ...defaultJobTuning, ...tuning };
  }

  start() {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.pass(), this.tuning.pollMs);
    this.timer.unref();
    void this.pass();
  }

  /** Stops taking jobs; running ones get `shutdownGraceMs`, then their signal aborts and they are awaited. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    for (const wakeUp of this.wakeUps) clearTimeout(wakeUp);
    this.wakeUps.clear();
    await this.running?.catch(() => undefined);
    if (this.inFlight.size === 0) return;
    const busy = Promise.all([...this.inFlight]);
    const grace = new Promise<void>((resolve) => setTimeout(resolve, this.tuning.shutdownGraceMs).unref());
    await Promise.race([busy, grace]);
    this.abort.abort();
    await busy;
  }

  /** Look now (after a request enqueued something) instead of at the next poll. */
  kick() {
    if (!this.timer) return;
    if (this.running) this.rerun = true;
    else this.scope.runInAsyncScope(() => void this.pass());
  }

  /** A precise wake-up for a job due before the next poll (a companion reply due in a second). */
  wakeAt(at: Date) {
    const delay = at.getTime() - this.ctx.clock.now().getTime();
    if (!this.timer || delay >= this.tuning.pollMs) return;
    const wakeUp = setTimeout(
      () => {
        this.wakeUps.delete(wakeUp);
        this.kick();
      },
      Math.max(0, delay) + 5,
    );
    wakeUp.unref();
    this.wakeUps.add(wakeUp);
  }

  /**
   * One pass, awaited to the end: enqueue due periodic slots, run the due jobs it
   * claims, and wait for them and for every job still running from earlier passes.
   * Waits for a pass under way first, so what is due now is seen. Returns how many
   * of its own jobs ran without an error (tests, after moving the clock).
   */
  async runDue(): Promise<number> {
    while (this.running) await this.running.catch(() => undefined);
    const results = await Promise.all(await this.pass());
    await Promise.all([...this.inFlight]);
    return results.filter(Boolean).length;
  }

  /** Claims what is due and starts it; resolves (with the started jobs) once claiming is over. */
  private pass(): Promise<Promise<boolean>[]> {
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = this.claimDue().finally(() => {
      this.running = undefined;
      if (this.rerun && this.timer) {
        this.rerun = false;
        void this.pass();
      }
    });
    return this.running;
  }

  private async claimDue(): Promise<Promise<boolean>[]> {
    const started: Promise<boolean>[] = [];
    if (this.stopped) return started;
    try {
      await this.enqueuePeriodic();
      await this.runSweeps();
      const kinds = listJobHandlers()
        .filter((h) => h.isReady?.(this.ctx) ?? true)
        .map((h) => h.kind);
      if (kinds.length === 0) return started;
      for (;;) {
        const room = Math.min(this.tuning.batch, this.tuning.maxInFlight - this.inFlight.size);
        if (room <= 0 || this.stopped) break;
        const now = this.ctx.clock.now();
        const due = await repo.listDueJobs(this.ctx.db, kinds, now.toISOString(), room);
        for (const job of due) {
          const claim = await this.claim(job.id, job.kind);
          if (claim) started.push(this.track(this.runClaimed(claim)));
        }
        if (due.length < room) break;
      }
    } catch (error) {
      // The database away is logged once by its monitor (db/connect.ts), not on every pass.
      if (!isDatabaseUnavailable(error)) this.ctx.log.warn({ err: error }, 'job worker pass failed');
    }
    return started;
  }

  private track(job: Promise<boolean>) {
    const tracked = job.finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
    return tracked;
  }

  private async enqueuePeriodic() {
    const now = this.ctx.clock.now();
    for (const job of listPeriodicJobs()) {
      const slot = Math.floor(now.getTime() / job.everyMs) * job.everyMs;
      if (this.enqueuedSlots.get(job.kind) === slot) continue;
      const slotAt = new Date(slot);
      await enqueueJob(this.ctx.db, { kind: job.kind, payload: {}, runAt: slotAt, dedupeKey: `periodic:${job.kind}:${slotAt.toISOString()}` });
      this.enqueuedSlots.set(job.kind, slot);
    }
  }

  /** Each sweep on its own: one that fails is logged and tried again at the next pass. */
  private async runSweeps() {
    for (const sweep of listSweeps()) {
      if (this.stopped) return;
      try {
        await sweep.run(this.ctx);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) this.ctx.log.warn({ err: error, sweep: sweep.kind }, 'job worker sweep failed');
      }
    }
  }

  private claim(id: number, kind: string) {
    const now = this.ctx.clock.now();
    const leaseMs = findJobHandler(kind)?.leaseMs ?? this.tuning.leaseMs;
    return repo.claimJob(this.ctx.db, id, now.toISOString(), new Date(now.getTime() + leaseMs).toISOString());
  }

  private async runClaimed(claim: Claim): Promise<boolean> {
    try {
      const outcome = await this.run(claim);
      await this.finish(claim, outcome);
      return outcome === null || typeof outcome === 'object';
    } catch (error) {
      // The database went away mid-finish: the lease hands the job to the next pass.
      if (!isDatabaseUnavailable(error)) this.ctx.log.warn({ err: error, jobId: claim.id }, 'job outcome not recorded');
      return false;
    }
  }

  /** null: done; a deferral: run again later; a string: the attempt failed with that error. */
  private async run(claim: Claim): Promise<string | JobDeferral | null> {
    const handler = findJobHandler(claim.kind);
    if (!handler) return `no handler for ${claim.kind}`;
    try {
      return (await handler.handle(handler.schema.parse(JSON.parse(claim.payload)), this.ctx)) ?? null;
    } catch (cause) {
      return String(cause instanceof Error ? cause.message : cause).slice(0, 255) || 'failed';
    }
  }

  private async finish(claim: Claim, outcome: string | JobDeferral | null) {
    const finishedAt = this.ctx.clock.now();
    const at = finishedAt.toISOString();
    if (outcome === null) {
      const forget = findJobHandler(claim.kind)?.forgetPayloadWhenDone ? { payload: '{}' } : {};
      await repo.finishAttempt(this.ctx.db, claim, { status: 'done', ...forget, last_error: null, finished_at: at, updated_at: at });
      return;
    }
    if (typeof outcome === 'object') {
      // Not an attempt: the handler found it is not time yet (a reply pushed back by a burst).
      await repo.finishAttempt(this.ctx.db, claim, {
        status: 'pending',
        run_at: outcome.deferUntil.toISOString(),
        attempts: claim.attempts - 1,
        last_error: null,
        finished_at: null,
        updated_at: at,
      });
      if (outcome.deferUntil <= finishedAt) this.kick();
      else this.wakeAt(outcome.deferUntil);
      return;
    }
    const error = outcome;
    const isDead = claim.attempts >= claim.max_attempts;
    const backoff = findJobHandler(claim.kind)?.backoffMs(claim.attempts) ?? 60_000;
    this.ctx.log[isDead ? 'error' : 'warn']({ jobId: claim.id, kind: claim.kind, attempts: claim.attempts, error, isDead }, 'job attempt failed');
    await repo.finishAttempt(this.ctx.db, claim, {
      status: isDead ? 'dead' : 'pending',
      run_at: new Date(finishedAt.getTime() + backoff).toISOString(),
      last_error: error,
      finished_at: isDead ? at : null,
      updated_at: at,
    });
  }
}
