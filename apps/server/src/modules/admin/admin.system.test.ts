import { texts, type DeadJob, type SystemStatus } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, FakeClock, type TestContext } from '../../../test/harness.js';
import { markBackupFromCli } from '../../cli/backup-mark.js';
import { type Storage } from '../../lib/storage.js';
import { registerJobHandler } from '../jobs/jobs.registry.js';

/** Fails until its database is in `healed`: dead after one attempt, then succeeds once retried. */
const healed = new Set<unknown>();
const fragileJob = registerJobHandler('test.system.fragile', {
  schema: z.object({ n: z.number() }),
  maxAttempts: 1,
  async handle(_payload, ctx) {
    if (!healed.has(ctx.config.database)) throw new Error('the partner API said no');
  },
});

describe.each(dialects)('admin System page on %s', (dialect) => {
  let ctx: TestContext;
  let admin: TestClient;
  let adminEmail: string;
  const clock = new FakeClock(new Date('2026-11-27T12:00:00.000Z'));

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock }, config: { jobs: { pollMs: 3600_000 } } });
    await ctx.app.ready();
    const signedIn = await createSignedInUser(ctx.app, { role: 'admin' });
    admin = signedIn.client;
    adminEmail = signedIn.user.email;
  });
  afterAll(() => ctx.close());

  const status = async () => {
    const response = await admin.get<SystemStatus>('/api/admin/system');
    expect(response.statusCode).toBe(200);
    return response.body.payload;
  };
  const deadJobs = async () => (await admin.get<{ items: DeadJob[] }>('/api/admin/system/dead-jobs')).body.payload.items;
  const jobsOf = () => ctx.db.selectFrom('jobs').select(['id', 'status', 'attempts']).where('kind', '=', fragileJob.kind).orderBy('id').execute();
  const auditOf = (action: string) => ctx.db.selectFrom('audit_log').select(['actor_id', 'subject_id', 'before']).where('action', '=', action).execute();

  async function createDeadJob(n: number) {
    await fragileJob.enqueue(ctx.db, { n }, { runAt: clock.now() });
    await ctx.app.jobs.runDue();
    return (await jobsOf()).at(-1)!;
  }

  it('is for admins only: 401 for a guest, 403 for a signed-in user, reads and writes alike', async () => {
    const { client: user } = await createSignedInUser(ctx.app);
    const guest = new TestClient(ctx.app);
    for (const [method, url] of [
      ['GET', '/api/admin/system'],
      ['GET', '/api/admin/system/dead-jobs'],
      ['POST', '/api/admin/system/jobs/1/retry'],
      ['POST', '/api/admin/system/jobs/1/discard'],
      ['PUT', '/api/admin/system/backup'],
    ] as const) {
      const body = method === 'GET' ? undefined : {};
      expect((await guest.request(method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
      const asUser = await user.request(method, url, { body });
      expect(asUser.statusCode, `${method} ${url}`).toBe(403);
      expect(asUser.body.status).toBe('ERROR');
    }
  });

  it('shows the version, the instances seen in the last two minutes, and each dependency', async () => {
    const other = await ctx.buildAnother({ config: { ...ctx.config, jobs: { pollMs: 3600_000 } } });
    await other.ready();
    // An instance that stopped beating three minutes ago is not listed.
    const stale = new Date(clock.now().getTime() - 3 * 60_000).toISOString();
    await ctx.db.insertInto('instances').values({ id: 'gone', hostname: 'old-host', pid: 1, version: '0.0.1', started_at: stale, last_seen: stale }).execute();

    const payload = await status();
    expect(payload.version).toBe(ctx.config.build.version);
    expect(payload.database_kind).toBe(dialect);
    expect(payload.instances.map((i) => i.id).sort()).toEqual([ctx.app.heartbeat.id, other.heartbeat.id].sort());
    expect(payload.instances.find((i) => i.is_current)).toMatchObject({ id: ctx.app.heartbeat.id, pid: process.pid, version: ctx.config.build.version });
    expect(Object.fromEntries(payload.dependencies.map((d) => [d.name, d.state]))).toEqual({
      database: 'up',
      redis: 'not_configured',
      storage: 'up',
      smtp: 'not_configured',
      llm: 'not_configured',
      payments: 'not_configured',
    });

    // A stopped instance takes its row with it.
    await other.close();
    expect((await ctx.db.selectFrom('instances').select('id').where('id', '=', other.heartbeat.id).execute()).length).toBe(0);
  });

  it('says a dependency is down, and why, when its probe fails', async () => {
    const broken: Storage = {
      put: async () => {
        throw new Error('bucket unreachable');
      },
      get: async () => null,
      delete: async () => undefined,
    };
    const other = await ctx.buildAnother({ infra: { clock, storage: broken }, config: { ...ctx.config, jobs: { pollMs: 3600_000 } } });
    await other.ready();
    const response = await admin.on(other).get<SystemStatus>('/api/admin/system');
    const storage = response.body.payload.dependencies.find((d) => d.name === 'storage');
    expect(storage).toMatchObject({ state: 'down' });
    expect(storage?.detail).toContain('bucket unreachable');
    await other.close();
  });

  it('counts the queue: due with the age of the oldest, running, dead', async () => {
    const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
    const job = (kind: string, runAt: string, claimedAt: string | null = null) => ({
      kind,
      payload: '{}',
      status: 'pending' as const,
      max_attempts: 3,
      run_at: runAt,
      claimed_at: claimedAt,
      dedupe_key: null,
      last_error: null,
      finished_at: null,
      created_at: at(-120_000),
      updated_at: at(-120_000),
    });
    // No instance handles these kinds: they stay as they are.
    await ctx.db
      .insertInto('jobs')
      .values([job('test.nobody', at(-90_000)), job('test.nobody', at(-5_000)), job('test.nobody', at(50_000), at(-10_000)), job('test.nobody', at(600_000))])
      .execute();
    const before = (await status()).jobs;
    expect(before).toMatchObject({ due: 2, running: 1, scheduled: 1, oldest_due_age_s: 90 });
    await createDeadJob(1);
    expect((await status()).jobs.dead).toBe(before.dead + 1);
    await ctx.db.deleteFrom('jobs').where('kind', '=', 'test.nobody').execute();
  });

  it('runs a dead job again on retry (audited), and it then succeeds', async () => {
    const dead = await createDeadJob(2);
    expect(dead).toMatchObject({ status: 'dead', attempts: 1 });
    const listed = (await deadJobs()).find((j) => j.id === dead.id);
    expect(listed).toMatchObject({ kind: fragileJob.kind, attempts: 1, last_error: 'the partner API said no' });

    // The partner is back: the operator retries (the worker is kicked and runs it at once).
    healed.add(ctx.config.database);
    const response = await admin.post(`/api/admin/system/jobs/${dead.id}/retry`);
    expect(response.statusCode).toBe(200);
    expect(response.body.payload).toEqual({ id: dead.id, status: 'pending' });
    const [entry] = await auditOf('job.retry');
    expect(entry).toMatchObject({ subject_id: String(dead.id) });
    expect(JSON.parse(entry!.before!)).toMatchObject({ kind: fragileJob.kind, last_error: 'the partner API said no' });

    await ctx.app.jobs.runDue();
    expect((await jobsOf()).find((j) => j.id === dead.id)).toMatchObject({ status: 'done', attempts: 1 });
    healed.delete(ctx.config.database);

    // Not dead any more: nothing to retry or discard.
    expect((await admin.post(`/api/admin/system/jobs/${dead.id}/retry`)).statusCode).toBe(404);
    expect((await admin.post(`/api/admin/system/jobs/${dead.id}/discard`)).body).toMatchObject({ status: 'ERROR', message: texts.admin.notFound });
  });

  it('discards a dead job (audited); without the CSRF token a cookie session changes nothing', async () => {
    const dead = await createDeadJob(3);
    const forged = admin.on(ctx.app);
    forged.csrf = false;
    expect((await forged.post(`/api/admin/system/jobs/${dead.id}/discard`)).statusCode).toBe(403);
    expect((await forged.post(`/api/admin/system/jobs/${dead.id}/retry`)).statusCode).toBe(403);
    expect((await jobsOf()).find((j) => j.id === dead.id)).toMatchObject({ status: 'dead' });

    expect((await admin.post(`/api/admin/system/jobs/${dead.id}/discard`)).statusCode).toBe(200);
    expect((await jobsOf()).find((j) => j.id === dead.id)).toBeUndefined();
    expect(await auditOf('job.discard')).toEqual([expect.objectContaining({ subject_id: String(dead.id) })]);
  });

  it('records the last backup: now by default, or the time given; never in the future', async () => {
    expect((await status()).last_backup).toBeNull();
    expect((await admin.put('/api/admin/system/backup', { note: 'pg_dump + bucket sync' })).statusCode).toBe(200);
    expect((await status()).last_backup).toEqual({ at: clock.now().toISOString(), note: 'pg_dump + bucket sync', recorded_by: adminEmail });
    expect((await admin.put('/api/admin/system/backup', { at: '2026-11-27T03:00:00+01:00' })).statusCode).toBe(200);
    expect((await status()).last_backup).toMatchObject({ at: '2026-11-27T02:00:00.000Z', note: null });
    const future = await admin.put('/api/admin/system/backup', { at: '2999-01-01T00:00:00Z' });
    expect(future.statusCode).toBe(422);
    expect(future.body.errors).toHaveProperty('at');
    expect(await auditOf('backup.mark')).toHaveLength(2);

    // What the backup script runs at its end: `npm run backup:mark -- nightly`.
    await markBackupFromCli(ctx.db, { note: 'nightly' });
    expect((await status()).last_backup).toMatchObject({ note: 'nightly', recorded_by: 'cli' });
    await expect(markBackupFromCli(ctx.db, { at: 'yesterday' })).rejects.toThrow(/not a date-time/);
    expect(await auditOf('backup.mark')).toHaveLength(3);
  });
});
