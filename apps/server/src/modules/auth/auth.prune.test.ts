import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createUser } from '../../../test/factories.js';
import { createTestContext, dialects, FakeClock, type TestContext } from '../../../test/harness.js';

describe.each(dialects)('periodic pruning on %s', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock(new Date('2026-11-23T10:30:00.000Z'));
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock }, env: { SESSION_TTL_HOURS: '1' }, config: { jobs: { pollMs: 3600_000 } } });
    await ctx.app.ready();
  });
  afterAll(() => ctx.close());

  it('deletes expired sessions and email tokens and day-old finished jobs, keeps live ones, once per hour whatever the instances', async () => {
    const expiring = await createUser(ctx.db);
    await new TestClient(ctx.app).login(expiring.email, 'Secret123pass');
    await new TestClient(ctx.app).post('/api/user/request-password-reset', { email: expiring.email });
    await ctx.app.jobs.runDue(); // sends the reset mail: a done job (auth.mail, issue 31)
    clock.advance(2 * 3600_000); // the session (1 h) and the reset token (60 min) have expired
    const fresh = await createUser(ctx.db);
    await new TestClient(ctx.app).login(fresh.email, 'Secret123pass');

    const other = await ctx.buildAnother({ config: { ...ctx.config, jobs: { pollMs: 3600_000 } } });
    await other.ready();
    await Promise.all([ctx.app.jobs.runDue(), other.jobs.runDue()]);
    expect(await ctx.db.selectFrom('sessions').select('user_id').execute()).toEqual([{ user_id: fresh.id }]);
    expect(await ctx.db.selectFrom('email_tokens').select('id').execute()).toEqual([]);
    const prunes = await ctx.db.selectFrom('jobs').select(['kind', 'status']).where('kind', 'in', ['auth.prune', 'retention.prune']).orderBy('kind').execute();
    expect(prunes).toEqual([
      { kind: 'auth.prune', status: 'done' },
      { kind: 'auth.prune', status: 'done' },
      { kind: 'retention.prune', status: 'done' },
      { kind: 'retention.prune', status: 'done' },
    ]); // the slot at start-up and the one two hours later, once each
    expect(await ctx.db.selectFrom('jobs').select('id').where('kind', '=', 'auth.mail').execute()).toHaveLength(1);

    clock.advance(24 * 3600_000);
    await ctx.app.jobs.runDue();
    expect(await ctx.db.selectFrom('jobs').select('id').where('kind', '=', 'auth.mail').execute()).toEqual([]);
  });
});
