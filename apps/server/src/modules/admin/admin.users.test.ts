import { wsCloseCodes, type ChatEvent } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createSignedInUser, createUser, DEFAULT_PASSWORD } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, type TestContext } from '../../../test/harness.js';
import { listenLocal, WsTestClient } from '../../../test/ws-client.js';

const ORIGIN = 'http://localhost:3000';

describe.each(dialects)('admin users on %s', (dialect) => {
  let ctx: TestContext;
  let base: string;
  let admin: TestClient;
  let adminId: number;
  const sockets: WsTestClient[] = [];
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: { PUBLIC_URL: ORIGIN } });
    base = await listenLocal(ctx.app);
    const signedIn = await createSignedInUser(ctx.app, { role: 'admin' });
    admin = signedIn.client;
    adminId = signedIn.user.id;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await ctx.close();
  });

  it('searches, filters, sorts and pages users on the server', async () => {
    for (const name of ['Zelda', 'Yannick', 'Xavier']) await createUser(ctx.db, { name, email: `${name.toLowerCase()}@search.test` });
    const page = await admin.get<{ items: { name: string }[]; meta: { total: number; last_page: number } }>(
      '/api/admin/users?q=search.test&sort=name&order=asc&per_page=2',
    );
    expect(page.statusCode).toBe(200);
    expect(page.body.payload.items.map((u) => u.name)).toEqual(['Xavier', 'Yannick']);
    expect(page.body.payload.meta).toMatchObject({ total: 3, last_page: 2 });
    const second = await admin.get<{ items: { name: string }[] }>('/api/admin/users?q=search.test&sort=name&order=asc&per_page=2&page=2');
    expect(second.body.payload.items.map((u) => u.name)).toEqual(['Zelda']);
    const admins = await admin.get<{ items: { id: number }[] }>('/api/admin/users?role=admin');
    expect(admins.body.payload.items.map((u) => u.id)).toContain(adminId);
    const badSort = await admin.get('/api/admin/users?sort=password_hash');
    expect(badSort.statusCode).toBe(422);
    expect(badSort.body.errors?.sort).toBeDefined();
  });

  it('a ban ends every live session and socket at once, and unban lets the user sign in again', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const second = new TestClient(ctx.app);
    await second.login(user.email, DEFAULT_PASSWORD);
    const socket = await WsTestClient.connect(base, { cookieOf: client, origin: ORIGIN });
    sockets.push(socket);
    await socket.waitForFrame('ready');
    const events: ChatEvent[] = [];
    const unsubscribe = ctx.app.bus.subscribe((e) => events.push(e));

    const banned = await admin.post<{ sessions_ended: number }>(`/api/admin/users/${user.id}/ban`, { reason: 'spam' });
    unsubscribe();
    expect(banned.statusCode).toBe(200);
    expect(banned.body.payload.sessions_ended).toBe(2);
    expect((await client.get('/api/user/profile')).statusCode).toBe(401);
    expect((await second.get('/api/user/profile')).statusCode).toBe(401);
    expect((await socket.waitForClose()).code).toBe(wsCloseCodes.unauthenticated);
    expect(events).toContainEqual({ type: 'session.ended', userId: user.id });
    const sessions = await ctx.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toEqual([]);

    const again = new TestClient(ctx.app);
    expect((await again.post('/api/login', { email: user.email, password: DEFAULT_PASSWORD })).statusCode).not.toBe(200);
    const view = await admin.get<{ is_banned: boolean; active_sessions: number }>(`/api/admin/users/${user.id}`);
    expect(view.body.payload).toMatchObject({ is_banned: true, active_sessions: 0 });

    expect((await admin.post(`/api/admin/users/${user.id}/unban`)).statusCode).toBe(200);
    await again.login(user.email, DEFAULT_PASSWORD);
    expect((await again.get('/api/user/profile')).statusCode).toBe(200);

    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('subject_id', '=', String(user.id)).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['user.ban', 'user.unban']);
    expect(audit[0]).toMatchObject({ actor_id: adminId, subject_type: 'user' });
    expect(JSON.parse(audit[0]!.before!)).toEqual({ banned_at: null });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ sessions_ended: 2, reason: 'spam' });
  });

  it('refuses to ban yourself', async () => {
    const response = await admin.post(`/api/admin/users/${adminId}/ban`, {});
    expect(response.statusCode).toBe(409);
    expect((await admin.get('/api/admin/dashboard')).statusCode).toBe(200);
  });

  it('adjusts a balance as one admin_adjustment ledger entry with its reason, and a repeated request id posts nothing new', async () => {
    const user = await createUser(ctx.db, { coins: 100 });
    const body = { amount: 250, reason: 'Goodwill credit', request_id: 'req-credit-0001' };
    const first = await admin.post<{ balance: number; created: boolean }>(`/api/admin/users/${user.id}/balance`, body);
    expect(first.statusCode).toBe(200);
    expect(first.body.payload).toMatchObject({ balance: 350, created: true });
    const repeat = await admin.post<{ balance: number; created: boolean }>(`/api/admin/users/${user.id}/balance`, body);
    expect(repeat.body.payload).toMatchObject({ balance: 350, created: false });

    const debit = await admin.post<{ balance: number }>(`/api/admin/users/${user.id}/balance`, {
      amount: -50,
      reason: 'Chargeback',
      request_id: 'req-debit-0001',
    });
    expect(debit.body.payload.balance).toBe(300);

    const entries = await ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('kind', '=', 'admin_adjustment')
      .orderBy('id')
      .execute();
    // The factory's 100 plus the two admin adjustments.
    expect(entries.map((e) => [e.amount, e.note])).toEqual([
      [100, null],
      [250, 'Goodwill credit'],
      [-50, 'Chargeback'],
    ]);
    const ledger = await admin.get<{ items: { amount: number }[] }>(`/api/admin/users/${user.id}/ledger`);
    expect(ledger.body.payload.items.map((e) => e.amount)).toEqual([-50, 250, 100]);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.balance_adjust')
      .where('subject_id', '=', String(user.id))
      .execute();
    expect(audit).toHaveLength(2);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ balance: 350, amount: 250, reason: 'Goodwill credit' });
    await expectLedgerConsistent(ctx.db);
  });

  it('refuses a debit below zero, a missing reason and a zero amount, writing nothing', async () => {
    const user = await createUser(ctx.db, { coins: 40 });
    const below = await admin.post(`/api/admin/users/${user.id}/balance`, { amount: -41, reason: 'Too much', request_id: 'req-below-0001' });
    expect(below.statusCode).toBe(422);
    expect(below.body.errors?.amount).toEqual(['The balance cannot go below zero']);
    const noReason = await admin.post(`/api/admin/users/${user.id}/balance`, { amount: 5, reason: ' ', request_id: 'req-noreason-01' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.body.errors?.reason).toBeDefined();
    const zero = await admin.post(`/api/admin/users/${user.id}/balance`, { amount: 0, reason: 'Nothing', request_id: 'req-zero-000001' });
    expect(zero.body.errors?.amount).toBeDefined();
    const row = await ctx.db.selectFrom('users').select('balance').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.balance).toBe(40);
    const entries = await ctx.db.selectFrom('ledger_entries').select('id').where('user_id', '=', user.id).execute();
    expect(entries).toHaveLength(1);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'user.balance_adjust')
      .where('subject_id', '=', String(user.id))
      .execute();
    expect(audit).toEqual([]);
    await expectLedgerConsistent(ctx.db);
  });

  it('posts once when the same adjustment is submitted concurrently (a double click)', async () => {
    const user = await createUser(ctx.db, { coins: 10 });
    const body = { amount: 500, reason: 'Compensation', request_id: 'req-double-click-1' };
    const responses = await Promise.all(Array.from({ length: 6 }, () => admin.post<{ balance: number }>(`/api/admin/users/${user.id}/balance`, body)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(responses.map((r) => r.body.payload.balance))).toEqual(new Set([510]));
    const entries = await ctx.db.selectFrom('ledger_entries').select('amount').where('user_id', '=', user.id).execute();
    expect(entries.map((e) => e.amount).sort()).toEqual([10, 500]);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'user.balance_adjust')
      .where('subject_id', '=', String(user.id))
      .execute();
    expect(audit).toHaveLength(1);
    await expectLedgerConsistent(ctx.db);
  });

  it('concurrent debits never take a balance below zero', async () => {
    const user = await createUser(ctx.db, { coins: 100 });
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        admin.post(`/api/admin/users/${user.id}/balance`, { amount: -30, reason: 'Debit', request_id: `req-concurrent-${i}` }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(responses.filter((r) => r.statusCode === 422)).toHaveLength(2);
    const row = await ctx.db.selectFrom('users').select('balance').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.balance).toBe(10);
    await expectLedgerConsistent(ctx.db);
  });

  it('refuses a request id already used for another user', async () => {
    const a = await createUser(ctx.db);
    const b = await createUser(ctx.db);
    const body = { amount: 5, reason: 'Once', request_id: 'req-shared-00001' };
    expect((await admin.post(`/api/admin/users/${a.id}/balance`, body)).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/users/${b.id}/balance`, body)).statusCode).toBe(409);
    await expectLedgerConsistent(ctx.db);
  });
});
