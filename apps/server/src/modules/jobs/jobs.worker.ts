import * as repo from './jobs.repository.js';
import { enqueueJob, findJobHandler, listJobHandlers, listPeriodicJobs, type JobContext } from './jobs.registry.js';

export interface JobTuning {
  /** How often every instance looks for due jobs. */
  pollMs: number;
  /** A claimed job not finished within this is taken again (its instance died). */
  leaseMs: number;
  /** Jobs claimed per pass, run concurrently. */
  batch: number;
}

export const defaultJobTuning: JobTuning = { pollMs: 1000, leaseMs: 60_000, batch: 10 };

type Claim = NonNullable<Awaited<ReturnType<typeof repo.claimJob>>>;

/**
 * Runs due jobs on this instance. Every instance runs one; the conditional claim
 * in the database decides who runs each attempt, so N instances are safe.
 */
export class JobWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private rerun = false;
  private readonly enqueuedSlots = new Map<string, number>();
  readonly tuning: JobTuning;

  constructor(
    private readonly ctx: JobContext,
    tuning: Partial<JobTuning> = {},
  ) {
    this.tuning = { ...defaultJobTuning, ...tuning };
  }

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runDue(), this.tuning.pollMs);
    this.timer.unref();
    void this.runDue();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Look now (after a request enqueued something) instead of at the next poll. */
  kick() {
    if (!this.timer) return;
    if (this.running) this.rerun = true;
    else void this.runDue();
  }

  /** One pass: enqueue due periodic slots, run due jobs. Waits for a pass under way first, so what is due now is seen. */
  async runDue(): Promise<number> {
    while (this.running) await this.running;
    this.running = this.pass().finally(() => {
      this.running = undefined;
      if (this.rerun && this.timer) {
        this.rerun = false;
        void this.runDue();
      }
    });
    return this.running;
  }

  private async pass(): Promise<number> {
    try {
      await this.enqueuePeriodic();
      const kinds = listJobHandlers()
        .filter((h) => h.isReady?.(this.ctx) ?? true)
        .map((h) => h.kind);
      if (kinds.length === 0) return 0;
      const now = this.ctx.clock.now();
      const due = await repo.listDueJobs(this.ctx.db, kinds, now.toISOString(), this.tuning.batch);
      const results = await Promise.all(due.map((job) => this.claimAndRun(job.id)));
      return results.filter(Boolean).length;
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'job worker pass failed');
      return 0;
    }
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

  private async claimAndRun(id: number): Promise<boolean> {
    const now = this.ctx.clock.now();
    const claim = await repo.claimJob(this.ctx.db, id, now.toISOString(), new Date(now.getTime() + this.tuning.leaseMs).toISOString());
    if (!claim) return false; // another instance took it
    const error = await this.run(claim);
    await this.finish(claim, error);
    return error === null;
  }

  private async run(claim: Claim): Promise<string | null> {
    const handler = findJobHandler(claim.kind);
    if (!handler) return `no handler for ${claim.kind}`;
    try {
      await handler.handle(handler.schema.parse(JSON.parse(claim.payload)), this.ctx);
      return null;
    } catch (cause) {
      return String(cause instanceof Error ? cause.message : cause).slice(0, 255) || 'failed';
    }
  }

  private async finish(claim: Claim, error: string | null) {
    const finishedAt = this.ctx.clock.now();
    const at = finishedAt.toISOString();
    if (error === null) {
      await repo.finishAttempt(this.ctx.db, claim, { status: 'done', last_error: null, finished_at: at, updated_at: at });
      return;
    }
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
