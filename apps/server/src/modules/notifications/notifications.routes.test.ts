import { type Notification } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';
import { listenLocal, WsTestClient } from '../../../test/ws-client.js';
import { createNotification } from './notifications.service.js';

const ORIGIN = 'http://localhost:3000';

describe.each(dialects)('notifications (%s)', (dialect) => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: { PUBLIC_URL: ORIGIN } });
    base = await listenLocal(ctx.app);
  });
  afterAll(() => ctx.close());

  // The job worker delivers (it also polls on its own); a second pass sends the queued mail.
  const deliver = async () => {
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
  };

  it('lists only the signed-in user’s notices, newest first, with the unread count', async () => {
    const alice = await createSignedInUser(ctx.app);
    const bob = await createSignedInUser(ctx.app);
    await ctx.db.transaction().execute(async (trx) => {
      await createNotification(trx, { userId: alice.user.id, kind: 'report.dismissed', title: 'Your report was reviewed', body: 'No rule was broken.' });
      await createNotification(trx, {
        userId: alice.user.id,
        kind: 'deposit.refunded',
        title: 'Refund',
        body: '100 coins were refunded.',
        link: '/account/history',
      });
      await createNotification(trx, { userId: bob.user.id, kind: 'report.upheld', title: 'Bob only', body: 'Not for Alice.' });
    });

    const list = await alice.client.get<{ notifications: Notification[]; unread_count: number; has_more: boolean }>('/api/notifications');
    expect(list.statusCode).toBe(200);
    expect(list.body.payload.unread_count).toBe(2);
    expect(list.body.payload.notifications.map((n) => n.title)).toEqual(['Refund', 'Your report was reviewed']);
    expect(JSON.stringify(list.body)).not.toContain('Bob only');

    const page = await alice.client.get<{ notifications: Notification[]; has_more: boolean }>('/api/notifications?per_page=1');
    expect(page.body.payload.has_more).toBe(true);
    const next = await alice.client.get<{ notifications: Notification[]; has_more: boolean }>(
      `/api/notifications?per_page=1&before_id=${page.body.payload.notifications[0]!.id}`,
    );
    expect(next.body.payload.notifications.map((n) => n.title)).toEqual(['Your report was reviewed']);
    expect(next.body.payload.has_more).toBe(false);
  });

  it('marks chosen notices or all of them read, and never another user’s', async () => {
    const alice = await createSignedInUser(ctx.app);
    const bob = await createSignedInUser(ctx.app);
    for (const title of ['one', 'two', 'three']) await createNotification(ctx.db, { userId: alice.user.id, kind: 'test', title, body: title });
    await createNotification(ctx.db, { userId: bob.user.id, kind: 'test', title: 'bob', body: 'bob' });
    const list = await alice.client.get<{ notifications: Notification[] }>('/api/notifications');
    const bobList = await bob.client.get<{ notifications: Notification[] }>('/api/notifications');

    const one = await alice.client.post<{ unread_count: number }>('/api/notifications/read', { ids: [list.body.payload.notifications[0]!.id] });
    expect(one.body.payload.unread_count).toBe(2);
    // Alice naming Bob's notice changes nothing.
    await alice.client.post('/api/notifications/read', { ids: [bobList.body.payload.notifications[0]!.id] });
    expect((await bob.client.get<{ unread_count: number }>('/api/notifications')).body.payload.unread_count).toBe(1);

    const all = await alice.client.post<{ unread_count: number }>('/api/notifications/read', {});
    expect(all.body.payload.unread_count).toBe(0);
  });

  it('writes one notice per dedupe key however often the decision is replayed', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    await Promise.all(
      Array.from({ length: 5 }, () =>
        createNotification(ctx.db, { userId: user.id, kind: 'deposit.refunded', title: 'Refund', body: 'x', dedupeKey: `refund:${user.id}:1` }),
      ),
    );
    expect((await client.get<{ notifications: Notification[] }>('/api/notifications')).body.payload.notifications).toHaveLength(1);
  });

  it('pushes a committed notice to the user’s sockets and mails it, once', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const other = await createSignedInUser(ctx.app);
    const socket = await WsTestClient.connect(base, { cookieOf: client, origin: ORIGIN });
    const otherSocket = await WsTestClient.connect(base, { cookieOf: other.client, origin: ORIGIN });
    await createNotification(ctx.db, {
      userId: user.id,
      kind: 'report.upheld',
      title: 'Your report was upheld',
      body: 'The topic was closed.',
      link: '/rooms',
    });

    await deliver();
    const isNotice = (f: (typeof socket.frames)[number]) =>
      f.type === 'event' && f.event.type === 'notification' && f.event.notification.title === 'Your report was upheld';
    const frame = await socket.waitFor(() => socket.frames.find(isNotice));
    expect(frame.type === 'event' && frame.event.type === 'notification' && frame.event.unreadCount).toBe(1);
    // A replayed delivery job pushes and mails nothing more.
    await ctx.db
      .updateTable('jobs')
      .set({ status: 'pending', run_at: new Date(0).toISOString() })
      .where('kind', '=', 'notification.deliver')
      .execute();
    await deliver();
    expect(socket.frames.filter(isNotice)).toHaveLength(1);
    expect(otherSocket.frames.some((f) => f.type === 'event' && f.event.type === 'notification')).toBe(false);

    const mails = await ctx.db.selectFrom('mails').selectAll().where('to', '=', user.email).execute();
    expect(mails.filter((m) => m.subject === 'Your report was upheld')).toHaveLength(1);
    expect(mails.find((m) => m.subject === 'Your report was upheld')!.text).toContain(`${ORIGIN}/rooms`);
    socket.ws.close();
    otherSocket.ws.close();
  });

  it('requires a session and refuses bad input without changing anything', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(anonymous.statusCode).toBe(401);
    const { client } = await createSignedInUser(ctx.app);
    const bad = await client.post('/api/notifications/read', { ids: ['x'] });
    expect(bad.statusCode).toBe(422);
  });
});
