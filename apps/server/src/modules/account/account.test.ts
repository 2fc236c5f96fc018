import { texts, type Message } from '@parley/contracts';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatContextOptions, createChatPair, sampleFiles, sendFiles } from '../../../test/chat.js';
import { TestClient } from '../../../test/client.js';
import { createSignedInUser, createUser, DEFAULT_PASSWORD, totpCode } from '../../../test/factories.js';
import { createTestContext, dialects, FakeClock, type TestContext } from '../../../test/harness.js';
import { sendMessage } from '../../../test/ws-client.js';
import { checkLedgerConsistency } from '../ledger/ledger.service.js';
import { startTopUp } from '../deposits/deposits.test-support.js';
import { createContributor, estoniaId, payoutBody } from '../payouts/payouts.test-support.js';

describe.each(dialects)('data rights: export and account deletion (issue 15) on %s', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock();
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions({ infra: { clock } }));
  });
  afterAll(() => ctx.close());

  const userRow = (id: number) => ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('Download my data: a ZIP of profile, own messages and files, ledger and the rest, with nobody else in it', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    await sendMessage(owner.client, topic.id, 'hello from the owner');
    await sendMessage(guest.client, topic.id, 'a secret of the partner');
    const upload = await sendFiles(
      owner.client,
      topic.id,
      [{ filename: 'holiday photo.png', data: sampleFiles.png, contentType: 'image/png' }],
      ['image'],
      'a picture',
    );
    expect(upload.statusCode).toBe(200);
    await owner.client.post('/api/blocks', { topic_id: topic.id });
    // How they are notified: a browser for Web Push, quiet hours, a muted conversation (issue 34).
    const endpoint = 'https://push.example.test/send/owner-device-1';
    const keys = { p256dh: `B${'q'.repeat(86)}`, auth: 'a'.repeat(22) };
    expect((await owner.client.post('/api/notifications/push-subscriptions', { endpoint, keys })).statusCode).toBe(200);
    const quiet = { quiet_start: '22:00', quiet_end: '07:00', time_zone: 'Europe/Berlin', email_digest: false, digest_after_minutes: 30 };
    expect((await owner.client.put('/api/notifications/settings', quiet)).statusCode).toBe(200);
    expect((await owner.client.put('/api/notifications/mutes', { topic_id: topic.id, muted: true })).statusCode).toBe(200);

    expect((await new TestClient(ctx.app).get('/api/user/export')).statusCode).toBe(401);
    const response = await owner.client.get('/api/user/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename="parley-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(response.raw.rawPayload));
    const names = Object.keys(files).sort();
    for (const name of [
      'profile.json',
      'messages.json',
      'ledger.json',
      'top-ups.json',
      'orders.json',
      'payouts.json',
      'applications.json',
      'blocks.json',
      'topics.json',
      'notification-settings.json',
    ])
      expect(names).toContain(name);
    const read = (name: string) => JSON.parse(strFromU8(files[name]!)) as unknown;

    expect(read('profile.json')).toMatchObject({ email: owner.user.email, name: owner.user.name, balance: expect.any(Number) });
    const messages = read('messages.json') as { content: string; topic_title: string; attachments: { file: string }[] }[];
    expect(messages.map((m) => m.content)).toEqual(['hello from the owner', 'a picture']);
    expect(messages[0]!.topic_title).toBe(topic.title);
    const [photo] = messages[1]!.attachments;
    expect(photo!.file).toMatch(/^files\/\d+-holiday photo\.png$/);
    expect(Buffer.from(files[photo!.file]!)).toEqual(sampleFiles.png);
    const ledger = read('ledger.json') as { kind: string; amount: number }[];
    expect(ledger.map((e) => e.kind)).toEqual(['admin_adjustment', 'topic', 'message', 'message']);
    expect(read('blocks.json')).toEqual([{ chat_name: expect.any(String), created_at: expect.any(String) }]);
    expect(read('notification-settings.json')).toEqual({
      settings: expect.objectContaining({
        quiet_start: '22:00',
        quiet_end: '07:00',
        time_zone: 'Europe/Berlin',
        email_digest: false,
        digest_after_minutes: 30,
      }),
      push_devices: [{ endpoint, created_at: expect.any(String), last_sent_at: null }],
      muted_conversations: [{ topic_title: topic.title, created_at: expect.any(String) }],
    });
    expect(JSON.stringify(read('notification-settings.json'))).not.toContain(keys.auth);

    // The partner is in there at most by chat name: never their email, account name or their words.
    const everything = Object.values(files)
      .map((bytes) => Buffer.from(bytes).toString('latin1'))
      .join('\n');
    expect(everything).not.toContain(guest.user.email);
    expect(everything).not.toContain(`"${guest.user.name}"`);
    expect(everything).not.toContain('a secret of the partner');
  });

  it('Delete my account: the person is erased, the ledger stays whole, messages stay under Deleted user, sessions end', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    await sendMessage(guest.client, topic.id, 'words that stay for the owner');
    const other = new TestClient(ctx.app);
    await other.login(guest.user.email, DEFAULT_PASSWORD);
    const entriesBefore = await ctx.db.selectFrom('ledger_entries').select(['id', 'amount']).where('user_id', '=', guest.user.id).orderBy('id').execute();

    const wrong = await guest.client.post('/api/user/delete', { password: 'not-mine' });
    expect(wrong.statusCode).toBe(422);
    expect((await userRow(guest.user.id)).deleted_at).toBeNull();

    const deleted = await guest.client.post('/api/user/delete', { password: DEFAULT_PASSWORD });
    expect(deleted.body).toMatchObject({ status: 'OK', message: texts.account.deleted });
    const row = await userRow(guest.user.id);
    expect(row).toMatchObject({ name: 'Deleted user', surname: null, phone: null, address: null, chat_name: 'Deleted user', is_contributor: 0 });
    expect(row.email).toMatch(/^deleted-\d+-[\w-]+@deleted\.invalid$/);
    expect(row.deleted_at).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(guest.user.email);

    // Every session is gone, and the old address no longer signs in; it can be used for a new account.
    expect((await guest.client.get('/api/user/profile')).statusCode).toBe(401);
    expect((await other.get('/api/user/profile')).statusCode).toBe(401);
    expect((await new TestClient(ctx.app).post('/api/login', { email: guest.user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(422);
    const again = await createUser(ctx.db, { email: guest.user.email });
    expect(again.id).not.toBe(guest.user.id);

    // The ledger keeps every entry against the tombstone, and every balance still equals its entries.
    const entriesAfter = await ctx.db.selectFrom('ledger_entries').select(['id', 'amount']).where('user_id', '=', guest.user.id).orderBy('id').execute();
    expect(entriesAfter).toEqual(entriesBefore);
    expect(await checkLedgerConsistency(ctx.db)).toEqual({ inconsistent: [], negative: 0 });

    // The partner still reads the words, from 'Deleted user'; the seat was left.
    const page = await owner.client.get<{ data: Message[] }>(`/api/messages/index?topic_id=${topic.id}`);
    const kept = page.body.payload.data.find((m) => m.content === 'words that stay for the owner');
    expect(kept?.sender).toBe(texts.account.deletedUser);
    const seat = await ctx.db
      .selectFrom('topic_participants')
      .select('left_at')
      .where('user_id', '=', guest.user.id)
      .where('topic_id', '=', topic.id)
      .executeTakeFirstOrThrow();
    expect(seat.left_at).not.toBeNull();
  });

  it('Delete my account: report snapshots, jobs and checkout pages keep neither names nor address nor file names (issue 31)', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    await ctx.db
      .updateTable('users')
      .set({ chat_name: 'Zorro Quillfeather', contributor_nickname: 'Nightjar Velvet', is_contributor: 1 })
      .where('id', '=', guest.user.id)
      .execute();
    await sendMessage(guest.client, topic.id, 'see my file');
    const upload = await sendFiles(
      guest.client,
      topic.id,
      [{ filename: 'passport-scan-quill.png', data: sampleFiles.png, contentType: 'image/png' }],
      ['image'],
      'here',
    );
    expect(upload.statusCode).toBe(200);
    expect((await owner.client.post('/api/reports/create', { topic_id: topic.id, type: 'topic' })).statusCode).toBe(200);
    await startTopUp(guest.client, { email: guest.user.email });
    // Mail for them: one sent (done) and one still waiting.
    const now = new Date().toISOString();
    const mailJob = (status: 'done' | 'pending') => ({
      kind: 'mail.send',
      payload: JSON.stringify({ to: guest.user.email.toUpperCase(), subject: 'Receipt', text: 'Hi' }),
      max_attempts: 10,
      run_at: now,
      status,
      created_at: now,
      updated_at: now,
    });
    await ctx.db
      .insertInto('jobs')
      .values([mailJob('done'), mailJob('pending')])
      .execute();
    const traces = async () => [
      JSON.stringify(await ctx.db.selectFrom('reports').selectAll().where('topic_id', '=', topic.id).execute()),
      JSON.stringify(await ctx.db.selectFrom('jobs').selectAll().execute()),
      JSON.stringify(await ctx.db.selectFrom('sandbox_sessions').selectAll().execute()),
    ];
    const [reportsBefore, jobsBefore, sandboxBefore] = await traces();
    expect(reportsBefore).toContain('Nightjar Velvet');
    expect(reportsBefore).toContain('passport-scan-quill.png');
    expect(jobsBefore!.toLowerCase()).toContain(guest.user.email.toLowerCase());
    expect(sandboxBefore).toContain(guest.user.email);

    expect((await guest.client.post('/api/user/delete', { password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    for (const table of await traces()) {
      for (const trace of ['Zorro Quillfeather', 'Nightjar Velvet', 'passport-scan-quill.png', guest.user.email.toLowerCase(), guest.user.name]) {
        expect(table.toLowerCase()).not.toContain(trace.toLowerCase());
      }
    }
    // The evidence itself stays for the moderators, from 'Deleted user'.
    const [report] = await ctx.db.selectFrom('reports').select('snapshot').where('topic_id', '=', topic.id).execute();
    expect(report!.snapshot).toContain('see my file');
    expect(report!.snapshot).toContain('Deleted user');
  });

  it('is refused while a payout is on its way, and asks for the second factor when it is on', async () => {
    const contributor = await createContributor(ctx.app, 5000);
    clock.advance(30_000);
    expect((await contributor.client.post('/api/payouts', payoutBody(await estoniaId(ctx.db), 'sepa'))).statusCode).toBe(201);

    const noCode = await contributor.client.post('/api/user/delete', { password: DEFAULT_PASSWORD });
    expect(noCode.statusCode).toBe(422);
    expect(noCode.body.errors?.code).toEqual([texts.twoFactor.codeRequired]);
    const pending = await contributor.client.post('/api/user/delete', { password: DEFAULT_PASSWORD, code: await totpCode(ctx.app) });
    expect(pending.statusCode).toBe(409);
    expect(pending.body.message).toBe(texts.account.payoutPending);
    const row = await userRow(contributor.user.id);
    expect(row.deleted_at).toBeNull();
    expect(row.email).toBe(contributor.user.email);

    // Once the payout is decided the account can go.
    await ctx.db.updateTable('payouts').set({ status: 'paid' }).where('user_id', '=', contributor.user.id).execute();
    clock.advance(30_000);
    const ok = await contributor.client.post('/api/user/delete', { password: DEFAULT_PASSWORD, code: await totpCode(ctx.app) });
    expect(ok.statusCode).toBe(200);
    expect((await userRow(contributor.user.id)).totp_enabled_at).toBeNull();
    expect(await ctx.db.selectFrom('recovery_codes').select('id').where('user_id', '=', contributor.user.id).execute()).toEqual([]);
  });

  it('admins cannot delete their account (the role goes first)', async () => {
    const admin = await createSignedInUser(ctx.app, { role: 'admin' });
    clock.advance(30_000);
    const refused = await admin.client.post('/api/user/delete', { password: DEFAULT_PASSWORD, code: await totpCode(ctx.app) });
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toBe(texts.account.adminCannotDelete);
    expect((await userRow(admin.user.id)).deleted_at).toBeNull();
  });
});
