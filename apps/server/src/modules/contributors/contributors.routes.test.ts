import { texts } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, FakeClock, type TestContext } from '../../../test/harness.js';
import { approveApplication, getApplication, listApplications, rejectApplication } from './contributors.service.js';

const t = texts.contributor;
const application = (overrides: Record<string, unknown> = {}) => ({
  nickname: 'Night Owl',
  email: 'Owl@Example.com',
  experience: 'Five years of hotline volunteering.',
  interests: 'Books, hiking, philosophy',
  help_description: 'I listen well and ask good questions.',
  ...overrides,
});

interface ApplicationPayload {
  application: { id: number; status: string; email: string };
}

describe.each(dialects)('contributor applications on %s', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock();
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock } });
  });
  afterAll(() => ctx.close());

  const isContributor = async (userId: number) =>
    (await ctx.db.selectFrom('users').select('is_contributor').where('id', '=', userId).executeTakeFirstOrThrow()).is_contributor;

  it('answers has_application false before any application (a 200: no failed request in the console), then pending after a submit', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const none = await client.get('/api/become-contributor/status');
    expect(none.statusCode).toBe(200);
    expect(none.body).toMatchObject({ status: 'OK', has_application: false, application: null, payload: { has_application: false, application: null } });

    const submitted = await client.post<ApplicationPayload>('/api/become-contributor', application());
    expect(submitted.statusCode).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'OK', message: t.submitted, application: { status: 'pending', email: 'owl@example.com' } });

    const status = await client.get('/api/become-contributor/status');
    expect(status.body).toMatchObject({ status: 'OK', has_application: true, application: { status: 'pending', nickname: 'Night Owl' } });
  });

  it('reports every missing field with the spec message and writes nothing', async () => {
    const { client, user } = await createSignedInUser(ctx.app);
    const empty = await client.post('/api/become-contributor', { nickname: ' ', email: '', experience: '', interests: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.body.errors).toEqual({
      nickname: [t.nicknameRequired],
      email: [texts.auth.emailRequired],
      experience: [t.experienceRequired],
      interests: [t.interestsRequired],
      help_description: [t.helpRequired],
    });
    const badEmail = await client.post('/api/become-contributor', application({ email: 'not-an-email' }));
    expect(badEmail.body.errors).toEqual({ email: [texts.auth.invalidEmail] });
    const tooLong = await client.post('/api/become-contributor', application({ experience: 'x'.repeat(501), interests: 'y'.repeat(500) }));
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys(tooLong.body.errors ?? {})).toEqual(['experience']);
    const rows = await ctx.db.selectFrom('contributor_applications').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('refuses a second application while one is pending, even when both arrive at once', async () => {
    const { client, user } = await createSignedInUser(ctx.app);
    const results = await Promise.all([1, 2, 3].map(() => client.post('/api/become-contributor', application())));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)?.body.message).toBe(t.alreadyPending);
    const rows = await ctx.db.selectFrom('contributor_applications').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('lets a rejected applicant re-apply, and approval makes the user a contributor', async () => {
    const { client, user } = await createSignedInUser(ctx.app);
    const first = await client.post<ApplicationPayload>('/api/become-contributor', application());
    const firstId = first.body.payload.application.id;

    clock.advance(60_000);
    const rejected = await rejectApplication(ctx.db, clock, firstId, null);
    expect(rejected).toMatchObject({ id: firstId, status: 'rejected', decided_at: clock.now().toISOString() });
    expect((await client.get('/api/become-contributor/status')).body).toMatchObject({ application: { status: 'rejected' } });
    expect(await isContributor(user.id)).toBe(0);
    await expect(approveApplication(ctx.db, clock, firstId)).rejects.toMatchObject({ code: 'CONFLICT', message: t.alreadyDecided });

    const second = await client.post<ApplicationPayload>('/api/become-contributor', application({ nickname: 'Owl Again' }));
    expect(second.statusCode).toBe(200);
    const secondId = second.body.payload.application.id;
    expect(secondId).not.toBe(firstId);

    const approved = await approveApplication(ctx.db, clock, secondId, user.id);
    expect(approved.status).toBe('approved');
    expect(await isContributor(user.id)).toBe(1);
    expect((await client.get<{ is_contributor: boolean }>('/api/user/profile')).body.payload.is_contributor).toBe(true);
    expect((await client.get('/api/become-contributor/status')).body).toMatchObject({ application: { status: 'approved', nickname: 'Owl Again' } });

    const again = await client.post('/api/become-contributor', application());
    expect(again.statusCode).toBe(409);
    expect(again.body.message).toBe(t.alreadyContributor);
    await expect(rejectApplication(ctx.db, clock, secondId)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await isContributor(user.id)).toBe(1);

    const detail = await getApplication(ctx.db, secondId);
    expect(detail).toMatchObject({ user_id: user.id, user_email: user.email, decided_by: user.id });
  });

  it('approving an unknown application is a not-found error, and the admin list filters by status', async () => {
    await expect(approveApplication(ctx.db, clock, 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND', message: t.applicationNotFound });
    const pending = await listApplications(ctx.db, { status: 'pending', page: 1, perPage: 50 });
    expect(pending.items.every((a) => a.status === 'pending')).toBe(true);
    expect(pending.total).toBe(pending.items.length);
    expect(pending.items.length).toBeGreaterThan(0);
  });

  it('only approves once when two admins decide at the same moment', async () => {
    const { client, user } = await createSignedInUser(ctx.app);
    const submitted = await client.post<ApplicationPayload>('/api/become-contributor', application());
    const id = submitted.body.payload.application.id;
    const outcomes = await Promise.allSettled([approveApplication(ctx.db, clock, id), rejectApplication(ctx.db, clock, id)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const row = await ctx.db.selectFrom('contributor_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(await isContributor(user.id)).toBe(row.status === 'approved' ? 1 : 0);
  });

  it('requires a signed-in user', async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get('/api/become-contributor/status')).statusCode).toBe(401);
    expect((await anonymous.post('/api/become-contributor', application())).statusCode).toBe(401);
  });
});
