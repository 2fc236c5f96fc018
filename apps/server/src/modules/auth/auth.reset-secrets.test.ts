import { AsyncLocalStorage } from 'node:async_hooks';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createUser } from '../../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';
import { connectDatabase } from '../../db/connect.js';

/**
 * Issue 31 findings 7 and 8. A reset request does the same work whether or not the address is
 * registered (the statements it runs, the job it queues: not timings), and no secret link sits in the
 * jobs table, before or after the mail went out.
 */
describe.each(dialects)('password reset requests on %s', (dialect) => {
  let ctx: TestContext;
  let counted: FastifyInstance;
  const statements: string[] = [];
  const request = new AsyncLocalStorage<true>();

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const db = connectDatabase(ctx.database, { log: (event) => request.getStore() && statements.push(event.query.sql) });
    counted = await ctx.buildAnother({ infra: { db }, migrate: false });
  });
  afterAll(() => ctx.close());

  /** Mail jobs after `id` (the workers' periodic slots aside). */
  const jobsAfter = (id: number) =>
    ctx.db.selectFrom('jobs').select(['id', 'kind', 'payload']).where('id', '>', id).where('kind', 'in', ['auth.mail', 'mail.send']).orderBy('id').execute();
  const lastJobId = async () =>
    (
      await ctx.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0;

  /** The statements one reset request ran, and the jobs it queued (their payloads with the address blanked). */
  async function resetRequest(email: string) {
    const client = new TestClient(counted);
    await client.get('/api/sanctum/csrf-cookie');
    const before = Number(await lastJobId());
    statements.length = 0;
    const response = await request.run(true, () => client.post('/api/user/request-password-reset', { email }));
    expect(response.statusCode).toBe(200);
    const jobs = (await jobsAfter(before)).map((job) => ({ kind: job.kind, payload: job.payload.replace(JSON.stringify(email), '"…"') }));
    return { body: response.body, statements: [...statements], jobs };
  }

  it('for a registered and an unknown address: the same answer, the same statements, the same job', async () => {
    const user = await createUser(ctx.db);
    await resetRequest('warm-up@example.com'); // the instance's caches (languages) filled
    const known = await resetRequest(user.email);
    const unknown = await resetRequest(`nobody-${Date.now()}@example.com`);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.statements).toEqual(known.statements);
    expect(unknown.jobs).toEqual(known.jobs);
    expect(known.jobs).toHaveLength(1);
  });

  it('keeps no reset token or link in the jobs table, before or after the mail is sent', async () => {
    const user = await createUser(ctx.db);
    const client = new TestClient(ctx.app);
    expect((await client.post('/api/user/request-password-reset', { email: user.email })).statusCode).toBe(200);
    const queued = await ctx.db.selectFrom('jobs').select('payload').execute();
    expect(queued.filter((job) => job.payload.includes('/reset-password'))).toEqual([]);

    await ctx.app.jobs.runDue();
    const mail = await ctx.db.selectFrom('mails').selectAll().where('to', '=', user.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\S+/)![0];
    const token = new URL(link).searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(10);
    const rows = await ctx.db.selectFrom('jobs').selectAll().execute();
    const leaking = rows.filter((row) => JSON.stringify(row).includes(token) || JSON.stringify(row).includes('/reset-password'));
    expect(leaking).toEqual([]);
    // The finished job forgot whom it was for, too.
    expect(rows.filter((row) => row.status === 'done' && row.payload.includes(user.email))).toEqual([]);
  });
});
