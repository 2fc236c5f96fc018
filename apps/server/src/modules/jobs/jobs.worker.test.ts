import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, dialects, eventually, FakeClock, type TestContext } from '../../../test/harness.js';
import { deferJob, registerJobHandler } from './jobs.registry.js';

/** Handlers of this file: what ran, per database (each context has its own). */
const runs: { db: unknown; id: number; attempt: number }[] = [];
const failuresBeforeSuccess = new Map<number, number>();

const flakyJob = registerJobHandler('test.flaky', {
  schema: z.object({ id: z.number() }),
  maxAttempts: 3,
  async handle(payload, ctx) {
    const attempt = runs.filter((r) => r.db === ctx.config.database && r.id === payload.id).length + 1;
    runs.push({ db: ctx.config.database, id: payload.id, attempt });
    await new Promise((resolve) => setTimeout(resolve, 5)); // long enough for two instances to race
    if (attempt <= (failuresBeforeSuccess.get(payload.id) ?? 0)) throw new Error(`attempt ${attempt} failed`);
  },
});

/** Not due until `until`: says so instead of working (a companion reply a burst pushed back). */
const patientJob = registerJobHandler('test.patient', {
  schema: z.object({ id: z.number(), until: z.string() }),
  async handle(payload, ctx) {
    if (ctx.clock.now() < new Date(payload.until)) return deferJob(new Date(payload.until));
    runs.push({ db: ctx.config.database, id: payload.id, attempt: 1 });
  },
});

/** Runs until its gate opens, or hands itself back when the instance shuts down. */
const gates = new Map<string, () => void>();
const opened = new Set<string>();
const longJob = registerJobHandler('test.long', {
  schema: z.object({ key: z.string() }),
  async handle({ key }, ctx) {
    if (opened.has(key)) return;
    const gate = new Promise<'opened'>((resolve) => gates.set(key, () => resolve('opened')));
    const aborted = new Promise<'aborted'>((resolve) => ctx.signal.addEventListener('abort', () => resolve('aborted'), { once: true }));
    if ((await Promise.race([gate, aborted])) === 'aborted') return deferJob(ctx.clock.now());
  },
});

describe.each(dialects)('job queue on %s', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock();
  // The poller is out of the way: each test runs passes by hand.
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock }, config: { jobs: { pollMs: 3600_000 } } });
    await ctx.app.ready();
  });
  afterAll(() => ctx.close());

  const jobRow = (id: number) =>
    ctx.db.selectFrom('jobs').selectAll().where('kind', '=', 'test.flaky').where('payload', '=', JSON.stringify({ id })).executeTakeFirstOrThrow();
  const runsOf = (id: number) => runs.filter((r) => r.db === ctx.config.database && r.id === id);

  it('a job enqueued in a rolled-back transaction never runs; a committed one runs once', async () => {
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        await flakyJob.enqueue(trx, { id: 1 }, { runAt: clock.now() });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await ctx.db.transaction().execute((trx) => flakyJob.enqueue(trx, { id: 2 }, { runAt: clock.now() }));
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    expect(runsOf(1)).toHaveLength(0);
    expect(runsOf(2)).toHaveLength(1);
    expect(await jobRow(2)).toMatchObject({ status: 'done', attempts: 1, last_error: null });
  });

  it('retries a failing job with exponential backoff, then marks it dead after its max attempts', async () => {
    failuresBeforeSuccess.set(3, 99);
    await flakyJob.enqueue(ctx.db, { id: 3 }, { runAt: clock.now() });
    await ctx.app.jobs.runDue();
    expect(await jobRow(3)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'attempt 1 failed' });
    expect(Date.parse((await jobRow(3)).run_at) - clock.now().getTime()).toBe(5000);
    await ctx.app.jobs.runDue(); // not due yet
    expect(runsOf(3)).toHaveLength(1);
    clock.advance(5000);
    await ctx.app.jobs.runDue();
    expect(Date.parse((await jobRow(3)).run_at) - clock.now().getTime()).toBe(10_000);
    clock.advance(10_000);
    await ctx.app.jobs.runDue();
    expect(await jobRow(3)).toMatchObject({ status: 'dead', attempts: 3, last_error: 'attempt 3 failed' });
    clock.advance(3600_000);
    await ctx.app.jobs.runDue();
    expect(runsOf(3)).toHaveLength(3);
  });

  it('two instances on one database run each job exactly once', async () => {
    const other = await ctx.buildAnother({ config: { ...ctx.config, jobs: { pollMs: 3600_000 } } });
    await other.ready();
    const ids = Array.from({ length: 30 }, (_, i) => 100 + i);
    for (const id of ids) await flakyJob.enqueue(ctx.db, { id }, { runAt: clock.now() });
    for (let pass = 0; pass < 4; pass++) await Promise.all([ctx.app.jobs.runDue(), other.jobs.runDue()]);
    for (const id of ids) expect(runsOf(id)).toHaveLength(1);
    const statuses = await ctx.db.selectFrom('jobs').select('status').where('kind', '=', 'test.flaky').where('id', '>', 0).execute();
    expect(statuses.filter((s) => s.status === 'pending')).toHaveLength(0);
  });

  it('a job whose instance died mid-attempt is taken again once its lease is over', async () => {
    await flakyJob.enqueue(ctx.db, { id: 4 }, { runAt: clock.now() });
    // What a dying instance leaves behind: claimed (attempt 1, lease running), never finished.
    const leaseUntil = new Date(clock.now().getTime() + ctx.app.jobs.tuning.leaseMs).toISOString();
    await ctx.db
      .updateTable('jobs')
      .set({ attempts: 1, run_at: leaseUntil })
      .where('payload', '=', JSON.stringify({ id: 4 }))
      .execute();
    await ctx.app.jobs.runDue();
    expect(runsOf(4)).toHaveLength(0);
    clock.advance(ctx.app.jobs.tuning.leaseMs);
    await ctx.app.jobs.runDue();
    expect(await jobRow(4)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('enqueuing twice with one dedupe key keeps one job', async () => {
    expect(await flakyJob.enqueue(ctx.db, { id: 5 }, { runAt: clock.now(), dedupeKey: 'once' })).toBe(true);
    expect(await ctx.db.transaction().execute((trx) => flakyJob.enqueue(trx, { id: 6 }, { runAt: clock.now(), dedupeKey: 'once' }))).toBe(false);
    expect(await ctx.db.selectFrom('jobs').select('payload').where('dedupe_key', '=', 'once').execute()).toEqual([{ payload: '{"id":5}' }]);
  });

  it('a handler that finds it is not time yet defers: not counted as an attempt, run again at the time it named', async () => {
    const until = new Date(clock.now().getTime() + 30_000).toISOString();
    await patientJob.enqueue(ctx.db, { id: 9, until }, { runAt: clock.now() });
    const row = () => ctx.db.selectFrom('jobs').selectAll().where('kind', '=', 'test.patient').executeTakeFirstOrThrow();
    await ctx.app.jobs.runDue();
    expect(await row()).toMatchObject({ status: 'pending', attempts: 0, run_at: until, last_error: null });
    expect(runsOf(9)).toHaveLength(0);
    clock.advance(30_000);
    await ctx.app.jobs.runDue();
    expect(await row()).toMatchObject({ status: 'done', attempts: 1 });
    expect(runsOf(9)).toHaveLength(1);
  });

  it('a long job holds back no job due after it; at shutdown it gets the grace, then is aborted and handed back to another instance', async () => {
    const other = await ctx.buildAnother({ config: { ...ctx.config, jobs: { pollMs: 3600_000, shutdownGraceMs: 50 } } });
    await other.ready();
    const key = `${dialect}:long`;
    await longJob.enqueue(ctx.db, { key }, { runAt: clock.now() });
    other.jobs.kick();
    await eventually(async () => gates.has(key), 'the long job to start');

    // Due after it, on the same instance: runs while the long one is still in flight.
    await flakyJob.enqueue(ctx.db, { id: 10 }, { runAt: clock.now() });
    other.jobs.kick();
    await eventually(async () => (await jobRow(10)).status === 'done', 'the short job to finish');
    const long = () => ctx.db.selectFrom('jobs').selectAll().where('kind', '=', 'test.long').executeTakeFirstOrThrow();
    expect(await long()).toMatchObject({ status: 'pending', attempts: 1 });

    await other.close();
    expect(await long()).toMatchObject({ status: 'pending', attempts: 0, last_error: null, run_at: clock.now().toISOString() });
    opened.add(key);
    await ctx.app.jobs.runDue();
    expect(await long()).toMatchObject({ status: 'done', attempts: 1 });
  });
});
