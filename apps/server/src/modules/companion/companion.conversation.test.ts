import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companionScript, replyLanguageOf } from '../../../test/companion-script.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, eventually, FakeClock, type TestContext } from '../../../test/harness.js';
import { sendMessage, startAiTopic } from '../../../test/ws-client.js';
import { getCompanionWorker } from './companion.routes.js';

/**
 * Issue 33: the offline companion (no LLM configured) over the real path — a paid message over
 * HTTP, the scheduled reply, the offline provider, the posted message — answers in the writer's
 * language, never repeats a reply and says it is a demo only on its first reply.
 */
describe.each(dialects)('offline companion conversation (%s)', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock();

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock, random: { next: () => 0.5 } }, config: { jobs: { pollMs: 3_600_000 } } });
  });
  afterAll(async () => ctx.close());

  /** Sends one message and lets the companion answer it; returns the reply. */
  async function exchange(client: Parameters<typeof sendMessage>[0], topicId: number, text: string) {
    const id = await sendMessage(client, topicId, text);
    await eventually(
      async () => ctx.db.selectFrom('companion_replies').select('id').where('topic_id', '=', topicId).where('last_user_message_id', '=', id).executeTakeFirst(),
      'the reply to be scheduled',
    );
    clock.advance(10_000);
    await getCompanionWorker(ctx.app).runNow();
    const reply = await ctx.db
      .selectFrom('messages')
      .select(['id', 'content'])
      .where('topic_id', '=', topicId)
      .where('sender_kind', '=', 'companion')
      .where('id', '>', id)
      .executeTakeFirst();
    expect(reply, `a reply to "${text}"`).toBeDefined();
    return reply!.content;
  }

  it(`answers ${companionScript.length} scripted English and German messages in the writer's language, no reply repeated, the demo said once`, async () => {
    const { client } = await createSignedInUser(ctx.app, { coins: 50_000, name: 'Ann' });
    const topicId = await startAiTopic(client);
    const replies: string[] = [];
    for (const { text, language } of companionScript) {
      const reply = await exchange(client, topicId, text);
      expect(replyLanguageOf(reply), `reply to "${text}": ${reply}`).toBe(language);
      replies.push(reply);
    }
    expect(new Set(replies).size).toBe(replies.length);
    expect(replies[0]).toMatch(/demo/i);
    for (const reply of replies.slice(1)) expect(reply).not.toMatch(/demo/i);
    // Twenty replies streamed word by word: a bound for a busy machine, not a timing assertion.
  }, 120_000);

  it("answers a message that does not tell its language in the user's chosen language", async () => {
    const german = await ctx.db.selectFrom('languages').select('id').where('code', '=', 'de').executeTakeFirst();
    expect(german, 'German is seeded').toBeDefined();
    const { user, client } = await createSignedInUser(ctx.app, { coins: 5000, name: 'Jonas' });
    await ctx.db.updateTable('users').set({ language_id: german!.id }).where('id', '=', user.id).execute();
    const topicId = await startAiTopic(client);
    expect(await exchange(client, topicId, 'ok')).toMatch(/^Hallo, ich bin/);
    expect(replyLanguageOf(await exchange(client, topicId, '👍'))).toBe('de');
  });
});

/**
 * Every instance hears a message's event (Redis fans it out): one that hears it after another
 * instance's reply was already written must not schedule a second reply to the same message.
 */
describe.each(dialects)('companion replies with several instances (%s)', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock();

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock, random: { next: () => 0.5 } }, config: { jobs: { pollMs: 3_600_000 } } });
  });
  afterAll(async () => ctx.close());

  it('answers a message once, however late another instance hears its event', async () => {
    const { client } = await createSignedInUser(ctx.app, { coins: 5000, name: 'Lee' });
    const topicId = await startAiTopic(client);
    const heard: Parameters<Parameters<typeof ctx.app.bus.subscribe>[0]>[0][] = [];
    const unsubscribe = ctx.app.bus.subscribe((event) => {
      if (event.type === 'message.created' && event.topicId === topicId && event.message.sender_kind === 'user') heard.push(event);
    });
    const id = await sendMessage(client, topicId, 'Hello there, how are you?');
    await eventually(async () => heard.length > 0 || undefined, 'the message event');
    await eventually(
      async () => ctx.db.selectFrom('companion_replies').select('id').where('topic_id', '=', topicId).where('last_user_message_id', '=', id).executeTakeFirst(),
      'the reply to be scheduled',
    );
    clock.advance(10_000);
    await getCompanionWorker(ctx.app).runNow();
    // A slower instance hears the same event now, after the reply was posted.
    await ctx.app.bus.publish(heard[0]!);
    await new Promise((resolve) => setTimeout(resolve, 200));
    clock.advance(10_000);
    await getCompanionWorker(ctx.app).runNow();
    unsubscribe();
    const replies = await ctx.db.selectFrom('companion_replies').select('id').where('topic_id', '=', topicId).execute();
    const messages = await ctx.db.selectFrom('messages').select('id').where('topic_id', '=', topicId).where('sender_kind', '=', 'companion').execute();
    expect(replies).toHaveLength(1);
    expect(messages).toHaveLength(1);
  }, 60_000);
});
