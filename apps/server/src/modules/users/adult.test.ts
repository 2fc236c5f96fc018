import { texts, type Topic, type UserProfile } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatContextOptions, createTopicVia } from '../../../test/chat.js';
import { TestClient } from '../../../test/client.js';
import { createRoom, createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';
import { sendMessage, startAiTopic } from '../../../test/ws-client.js';
import { checkoutBody } from '../deposits/deposits.test-support.js';

const signUp = (email: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Ada',
  email,
  phone: '+37251234567',
  phoneCountryCode: '372',
  nationalNumber: '51234567',
  password: 'Sunshine42x',
  password_confirmation: 'Sunshine42x',
  confirm_adult: true,
  ...overrides,
});

const application = { nickname: 'Night Owl', email: 'owl@example.com', experience: 'Years.', interests: 'Books', help_description: 'I listen.' };

describe.each(dialects)('adults only (issue 15) on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions());
  });
  afterAll(() => ctx.close());

  const usersWith = (email: string) => ctx.db.selectFrom('users').select(['id', 'adult_confirmed_at']).where('email', '=', email).execute();

  it('sign-up stores the confirmation with its time when given, and refuses an explicit no (nothing stored)', async () => {
    const client = new TestClient(ctx.app);
    const refused = await client.post('/api/register', signUp('minor@example.com', { confirm_adult: false }));
    expect(refused.statusCode).toBe(422);
    expect(refused.body.errors?.confirm_adult).toEqual([texts.auth.adultRequired]);
    expect(await usersWith('minor@example.com')).toEqual([]);
    const before = new Date().toISOString();
    const ok = await client.post('/api/register', signUp('adult@example.com'));
    expect(ok.statusCode).toBe(200);
    const [row] = await usersWith('adult@example.com');
    expect(row!.adult_confirmed_at! >= before).toBe(true);
  });

  it('the spec payload (no confirm_adult) signs up; the first adult-gated action then asks until confirmed (issue 32)', async () => {
    const client = new TestClient(ctx.app);
    const { confirm_adult: _omitted, ...specPayload } = signUp('spec-client@example.com');
    const ok = await client.post('/api/register', specPayload);
    expect(ok.statusCode).toBe(200);
    expect(['OK', 'VERIFY']).toContain(ok.body.status);
    const [row] = await usersWith('spec-client@example.com');
    expect(row!.adult_confirmed_at).toBeNull();
    await ctx.db.updateTable('users').set({ email_verified_at: new Date().toISOString() }).where('id', '=', row!.id).execute();
    const signedIn = new TestClient(ctx.app);
    expect((await signedIn.post('/api/login', { email: 'spec-client@example.com', password: 'Sunshine42x' })).statusCode).toBe(200);
    expect((await signedIn.get<UserProfile>('/api/user/profile')).body.payload.adult_confirmed).toBe(false);
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await signedIn.post('/api/deposit/checkout', checkoutBody());
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toMatchObject({ status: 'ERROR', code: 'ADULT_REQUIRED', message: texts.adult.required });
    }
    expect((await signedIn.post('/api/user/confirm-adult', { confirm: true })).statusCode).toBe(200);
    expect((await signedIn.post('/api/deposit/checkout', checkoutBody())).statusCode).toBe(200);
  });

  it('an account from before is asked once: top-up, human chat and applying are refused until it confirms; AI chat is not', async () => {
    const room = await createRoom(ctx.db);
    const owner = await createSignedInUser(ctx.app, { coins: 500 });
    const waiting = await createTopicVia(owner.client, room.id);
    const { user, client } = await createSignedInUser(ctx.app, { coins: 500, adult: false });
    expect((await client.get<UserProfile>('/api/user/profile')).body.payload.adult_confirmed).toBe(false);

    const refusals = [
      await client.post('/api/deposit/checkout', checkoutBody()),
      await client.post('/api/bundles/purchase', { bundle_id: 1 }),
      await client.get('/api/topics/random?chat_mode=human'),
      await client.post('/api/topics/join', { topic_id: waiting.id }),
      await client.post('/api/topics/create', { room_id: room.id, title: 'Hello' }),
      await client.post('/api/become-contributor', application),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toMatchObject({ status: 'ERROR', code: 'ADULT_REQUIRED', message: texts.adult.required });
    }
    // Nothing was started on their behalf.
    expect(await ctx.db.selectFrom('deposits').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('topics').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('topic_participants').select('topic_id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('contributor_applications').select('id').where('user_id', '=', user.id).execute()).toEqual([]);

    // A conversation with the AI companion is not chatting with a person.
    const aiTopicId = await startAiTopic(client);
    expect(await sendMessage(client, aiTopicId, 'hi companion')).toBeGreaterThan(0);
    // Switching it to wait for a person is.
    const toHuman = await client.post('/api/topics/update-chat-mode', { topic_id: aiTopicId, chat_mode: 'human' });
    expect(toHuman.statusCode).toBe(403);
    expect(toHuman.body.code).toBe('ADULT_REQUIRED');

    const bad = await client.post('/api/user/confirm-adult', { confirm: false });
    expect(bad.statusCode).toBe(422);
    const confirmed = await client.post<UserProfile>('/api/user/confirm-adult', { confirm: true });
    expect(confirmed.body).toMatchObject({ status: 'OK', message: texts.adult.confirmed, payload: { adult_confirmed: true } });
    const [row] = await usersWith(user.email);
    // Confirming again keeps the first time.
    await client.post('/api/user/confirm-adult', { confirm: true });
    expect((await usersWith(user.email))[0]!.adult_confirmed_at).toBe(row!.adult_confirmed_at);

    // The same calls now go through (the AI chat is left first: it counts against the active-chat limit).
    expect((await client.post('/api/deposit/checkout', checkoutBody())).statusCode).toBe(200);
    expect((await client.post('/api/become-contributor', application)).statusCode).toBe(200);
    expect((await client.post('/api/topics/leave', { topic_id: aiTopicId })).statusCode).toBe(200);
    expect((await client.post('/api/topics/join', { topic_id: waiting.id })).statusCode).toBe(200);
  });

  it('a partner already seated in a human chat cannot write there until they confirm', async () => {
    const room = await createRoom(ctx.db);
    const owner = await createSignedInUser(ctx.app, { coins: 500 });
    const topic: Topic = await createTopicVia(owner.client, room.id);
    const guest = await createSignedInUser(ctx.app, { coins: 500 });
    expect((await guest.client.post('/api/topics/join', { topic_id: topic.id })).statusCode).toBe(200);
    // An account from before the check (the column set back as the migration leaves it).
    await ctx.db.updateTable('users').set({ adult_confirmed_at: null }).where('id', '=', guest.user.id).execute();
    const refused = await guest.client.post('/api/messages/create', { topic_id: topic.id, content: 'hello' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body.code).toBe('ADULT_REQUIRED');
    expect(await ctx.db.selectFrom('messages').select('id').where('sender_id', '=', guest.user.id).execute()).toEqual([]);
    await guest.client.post('/api/user/confirm-adult', { confirm: true });
    expect(await sendMessage(guest.client, topic.id, 'hello')).toBeGreaterThan(0);
  });
});
