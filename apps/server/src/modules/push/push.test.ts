import { type NotificationSettings, type PushPayload } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatContextOptions, createChatPair } from '../../../test/chat.js';
import { type TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, FakeClock, type TestContext } from '../../../test/harness.js';
import { PushServiceStandIn } from '../../../test/push-service.js';
import { sendMessage } from '../../../test/ws-client.js';
import { createCompanionMessage } from '../messages/messages.service.js';
import { createNotification } from '../notifications/notifications.service.js';
import { unsubscribeToken } from './push.service.js';

const MINUTE = 60_000;

describe.each(dialects)('push notifications and the mail digest (%s)', (dialect) => {
  let ctx: TestContext;
  let pushService: PushServiceStandIn;
  const clock = new FakeClock();
  beforeAll(async () => {
    pushService = await PushServiceStandIn.start();
    // The worker runs only when a test asks (runDue), so the fake clock decides what is due.
    ctx = await createTestContext(dialect, chatContextOptions({ infra: { clock }, config: { jobs: { pollMs: 3600_000 } } }));
  });
  afterAll(async () => {
    await ctx.close();
    await pushService.close();
  });

  const run = async () => {
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
  };
  const subscribe = async (client: TestClient) => {
    const device = pushService.device();
    const response = await client.post<NotificationSettings>('/api/notifications/push-subscriptions', { endpoint: device.endpoint, keys: device.keys });
    expect(response.statusCode).toBe(200);
    return device;
  };
  const payloads = (device: { name: string }) => pushService.to(device.name).map((r) => r.payload as PushPayload);
  const settingsOf = async (client: TestClient) => (await client.get<NotificationSettings>('/api/notifications/settings')).body.payload;
  const mailsTo = (email: string) => ctx.db.selectFrom('mails').selectAll().where('to', '=', email).orderBy('id').execute();
  const digestsTo = async (email: string) => (await mailsTo(email)).filter((m) => m.subject === 'You have unread conversations on Parley');

  it('keeps one subscription per device, lists it in the settings and forgets it on request', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const before = await settingsOf(client);
    expect(before).toMatchObject({ push_devices: 0, email_digest: true, digest_after_minutes: 10, quiet_start: null, muted_topic_ids: [] });
    expect(before.push_public_key).toMatch(/^[A-Za-z0-9_-]{80,100}$/);

    const device = await subscribe(client);
    // The same browser subscribing again is still one device.
    await client.post('/api/notifications/push-subscriptions', { endpoint: device.endpoint, keys: device.keys });
    expect((await settingsOf(client)).push_devices).toBe(1);
    const bad = await client.post('/api/notifications/push-subscriptions', { endpoint: 'ftp://example.com/x', keys: device.keys });
    expect(bad.statusCode).toBe(422);
    const badKeys = await client.post('/api/notifications/push-subscriptions', { endpoint: device.endpoint, keys: { p256dh: 'short', auth: 'x' } });
    expect(badKeys.statusCode).toBe(422);

    const removed = await client.post<NotificationSettings>('/api/notifications/push-subscriptions/delete', { endpoint: device.endpoint });
    expect(removed.body.payload.push_devices).toBe(0);
  });

  it('pushes a new message to the other person only, saying where but never who or what', async () => {
    const { owner, guest, room, topic } = await createChatPair(ctx.app);
    await run(); // the join happened before these devices existed
    const ownerDevice = await subscribe(owner.client);
    const guestDevice = await subscribe(guest.client);
    await sendMessage(owner.client, topic.id, 'a very private sentence');
    await run();
    expect(payloads(ownerDevice)).toEqual([]);
    expect(payloads(guestDevice)).toEqual([
      { title: `You have a new message in ${room.title}`, body: 'Open Parley to read it.', url: `/topics/${topic.id}/chat`, tag: `topic-${topic.id}` },
    ]);
    const [received] = pushService.to(guestDevice.name);
    expect(received!.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
  });

  it('pushes a new waiting topic to an interlocutor on call once, naming the room only (issue 35 §1)', async () => {
    const interlocutor = await createSignedInUser(ctx.app, { contributor: true });
    const device = await subscribe(interlocutor.client);
    expect((await interlocutor.client.put('/api/oncall/presence', { status: 'available' })).statusCode).toBe(200);
    const { owner, guest, room, topic } = await createChatPair(ctx.app);
    // The pair's topic waited before the guest joined; leaving makes it wait again: still one push.
    await guest.client.post('/api/topics/leave', { topic_id: topic.id });
    await run();
    expect(payloads(device)).toEqual([
      { title: `Someone is waiting in ${room.title}`, body: 'Open Parley to read it.', url: '/oncall', tag: `waiting-${topic.id}` },
    ]);
    expect(JSON.stringify(pushService.to(device.name))).not.toContain(owner.user.email);
    await interlocutor.client.put('/api/oncall/presence', { status: 'away' });
  });

  it('pushes nothing while a tab of the person shows the conversation, and again once it does not', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const device = await subscribe(guest.client);
    const viewing = await guest.client.put('/api/notifications/viewing', { viewer_id: 'tab-aaaaaaaa', topic_id: topic.id });
    expect(viewing.statusCode).toBe(200);
    await sendMessage(owner.client, topic.id, 'seen at once');
    await run();
    expect(payloads(device)).toEqual([]);

    // The tab left the conversation (or was hidden).
    await guest.client.put('/api/notifications/viewing', { viewer_id: 'tab-aaaaaaaa', topic_id: null });
    await sendMessage(owner.client, topic.id, 'now in the background');
    await run();
    expect(payloads(device)).toHaveLength(1);

    // A tab that went away without saying so stops counting when its lease lapses.
    await guest.client.put('/api/notifications/viewing', { viewer_id: 'tab-bbbbbbbb', topic_id: topic.id });
    clock.advance(2 * MINUTE);
    await sendMessage(owner.client, topic.id, 'tab crashed');
    await run();
    expect(payloads(device)).toHaveLength(2);
    // Nobody can claim to be looking at a conversation they are not in.
    const outsider = await createSignedInUser(ctx.app);
    expect((await outsider.client.put('/api/notifications/viewing', { viewer_id: 'tab-cccccccc', topic_id: topic.id })).statusCode).toBe(403);
  });

  it('pushes nothing for a muted conversation, and again after unmuting', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const device = await subscribe(guest.client);
    const muted = await guest.client.put<NotificationSettings>('/api/notifications/mutes', { topic_id: topic.id, muted: true });
    expect(muted.body.payload.muted_topic_ids).toEqual([topic.id]);
    await sendMessage(owner.client, topic.id, 'muted');
    await run();
    expect(payloads(device)).toEqual([]);
    await guest.client.put('/api/notifications/mutes', { topic_id: topic.id, muted: false });
    await sendMessage(owner.client, topic.id, 'unmuted');
    await run();
    expect(payloads(device)).toHaveLength(1);
  });

  it('pushes nothing during quiet hours in the person’s time zone, and again outside them', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const device = await subscribe(guest.client);
    // Quiet from an hour ago to an hour from now, read in Tokyo (UTC+9, no daylight saving).
    const tokyo = (offsetMinutes: number) => {
      const at = new Date(clock.now().getTime() + 9 * 60 * MINUTE + offsetMinutes * MINUTE);
      return `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
    };
    const saved = await guest.client.put('/api/notifications/settings', {
      quiet_start: tokyo(-60),
      quiet_end: tokyo(60),
      time_zone: 'Asia/Tokyo',
      email_digest: true,
      digest_after_minutes: 10,
    });
    expect(saved.statusCode).toBe(200);
    await sendMessage(owner.client, topic.id, 'at night');
    await run();
    expect(payloads(device)).toEqual([]);
    clock.advance(90 * MINUTE);
    await sendMessage(owner.client, topic.id, 'in the morning');
    await run();
    expect(payloads(device)).toHaveLength(1);
    const badZone = await guest.client.put('/api/notifications/settings', {
      quiet_start: null,
      quiet_end: null,
      time_zone: 'Mars/Olympus',
      email_digest: true,
      digest_after_minutes: 10,
    });
    expect(badZone.statusCode).toBe(422);
  });

  it('tells the owner of a waiting topic that a partner joined, and the owner of an AI chat that the companion replied', async () => {
    const room = (await createChatPair(ctx.app)).room;
    const owner = await createSignedInUser(ctx.app, { coins: 1000 });
    const device = await subscribe(owner.client);
    const created = await owner.client.post<{ topic: { id: number } }>('/api/topics/create', { room_id: room.id, title: 'Waiting' });
    const topicId = created.body.payload.topic.id;
    await run();
    expect(payloads(device)).toEqual([]);
    const partner = await createSignedInUser(ctx.app, { coins: 1000 });
    await partner.client.post('/api/topics/join', { topic_id: topicId });
    await run();
    expect(payloads(device)).toEqual([expect.objectContaining({ title: `Someone joined your topic in ${room.title}`, url: `/topics/${topicId}/chat` })]);

    const solo = await createSignedInUser(ctx.app, { coins: 1000 });
    const soloDevice = await subscribe(solo.client);
    const ai = await solo.client.post<{ topic: { id: number } }>('/api/topics/create', { room_id: room.id, title: 'Me and the AI' });
    expect((await solo.client.post('/api/topics/update-chat-mode', { topic_id: ai.body.payload.topic.id, chat_mode: 'ai' })).statusCode).toBe(200);
    await createCompanionMessage(ctx.db, ctx.app.clock, ctx.app.bus, { topicId: ai.body.payload.topic.id, content: 'the companion’s words' });
    await run();
    expect(payloads(soloDevice)).toContainEqual(
      expect.objectContaining({ title: 'Your AI companion has replied', url: `/topics/${ai.body.payload.topic.id}/chat` }),
    );
  });

  it('pushes a money or moderation notice without its words', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const device = await subscribe(client);
    await createNotification(ctx.db, {
      userId: user.id,
      kind: 'deposit.refunded',
      title: '100 coins refunded',
      body: 'Refund of order 42.',
      link: '/account/history',
    });
    await run();
    expect(payloads(device)).toEqual([{ title: 'You have a new notice from Parley', body: 'Open Parley to read it.', url: '/account/history', tag: 'notice' }]);
  });

  it('forgets a device whose push service answers 410 Gone, and retries one that is down', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const gone = await subscribe(guest.client);
    const down = await subscribe(guest.client);
    pushService.answer(gone.name, 410);
    pushService.answer(down.name, 503);
    await sendMessage(owner.client, topic.id, 'hello');
    await run();
    expect((await settingsOf(guest.client)).push_devices).toBe(1);
    pushService.answer(down.name, 201);
    clock.advance(MINUTE);
    await run();
    expect(payloads(down)).toHaveLength(1);
  });

  it('mails one digest after N minutes unread, none before, none for a conversation that was read, at most one an hour', async () => {
    const { owner, guest, topic, room } = await createChatPair(ctx.app);
    const reader = await createChatPair(ctx.app);
    await sendMessage(owner.client, topic.id, 'first');
    await sendMessage(owner.client, topic.id, 'second');
    await sendMessage(reader.owner.client, reader.topic.id, 'will be read');
    await run();
    clock.advance(9 * MINUTE);
    await run();
    expect(await digestsTo(guest.user.email)).toEqual([]);
    // The other guest opens the conversation before the ten minutes are up.
    await reader.guest.client.put('/api/notifications/viewing', { viewer_id: 'reader-tab-1', topic_id: reader.topic.id });

    clock.advance(2 * MINUTE);
    await run();
    const [mail, ...more] = await digestsTo(guest.user.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain(`2 new messages in ${room.title}`);
    expect(mail!.text).not.toContain('first');
    expect(JSON.parse(mail!.headers!)).toEqual({
      'List-Unsubscribe': `<${ctx.config.publicUrl}/api/notifications/unsubscribe?token=${unsubscribeToken(ctx.config, guest.user.id)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(await digestsTo(reader.guest.user.email)).toEqual([]);

    // More news within the hour waits; after it, one more mail.
    const second = await createChatPair(ctx.app, { coins: 1000 }, { coins: 1000 });
    await guest.client.put('/api/notifications/viewing', { viewer_id: 'guest-tab-1', topic_id: topic.id });
    await guest.client.put('/api/notifications/viewing', { viewer_id: 'guest-tab-1', topic_id: null });
    await sendMessage(owner.client, topic.id, 'third');
    await run();
    clock.advance(20 * MINUTE);
    await run();
    expect(await digestsTo(guest.user.email)).toHaveLength(1);
    clock.advance(45 * MINUTE);
    await run();
    expect(await digestsTo(guest.user.email)).toHaveLength(2);
    expect(await digestsTo(second.guest.user.email)).toEqual([]);
  });

  it('writes the digest in the recipient’s language', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const german = await ctx.db.selectFrom('languages').select('id').where('code', '=', 'de').executeTakeFirst();
    expect(german).toBeDefined();
    await ctx.db.updateTable('users').set({ language_id: german!.id }).where('id', '=', guest.user.id).execute();
    await sendMessage(owner.client, topic.id, 'hallo');
    await run();
    clock.advance(11 * MINUTE);
    await run();
    const mails = await mailsTo(guest.user.email);
    expect(mails.map((m) => m.subject)).toContain('Du hast ungelesene Gespräche auf Parley');
  });

  it('unsubscribes from the digest by the signed link without signing in, and refuses a tampered link', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const token = unsubscribeToken(ctx.config, user.id);
    const page = await ctx.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    // Looking at the page changes nothing (a mail scanner's GET).
    expect((await settingsOf(client)).email_digest).toBe(true);

    const tampered = `${user.id + 1}.${token.split('.')[1]}`;
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${tampered}` });
    expect(refused.statusCode).toBe(400);
    const forged = await ctx.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${user.id}.${'0'.repeat(64)}` });
    expect(forged.statusCode).toBe(400);
    expect((await settingsOf(client)).email_digest).toBe(true);

    // A mail client's one-click POST (RFC 8058), no cookie, no CSRF token.
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('you will get no more mails');
    expect((await settingsOf(client)).email_digest).toBe(false);
  });
});
