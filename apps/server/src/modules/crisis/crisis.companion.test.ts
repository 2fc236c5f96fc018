import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeLlmServer } from '../../../test/fake-llm.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, eventually, FakeClock, type TestContext } from '../../../test/harness.js';
import { sendMessage, startAiTopic } from '../../../test/ws-client.js';
import { type TestClient } from '../../../test/client.js';
import { getCompanionWorker } from '../companion/companion.routes.js';

/**
 * Issue 36 §1: the AI companion answers a message that suggests risk with care and the helplines, never a joke
 * or a refusal — the offline companion from its own response set, a model with the crisis note in its prompt
 * and the helplines added when it named none.
 */
async function replyTo(ctx: TestContext, clock: FakeClock, client: TestClient, topicId: number, text: string) {
  const id = await sendMessage(client, topicId, text);
  await eventually(
    async () => ctx.db.selectFrom('companion_replies').select('id').where('topic_id', '=', topicId).where('last_user_message_id', '=', id).executeTakeFirst(),
    'the reply to be scheduled',
  );
  clock.advance(10_000);
  await getCompanionWorker(ctx.app).runNow();
  const reply = await ctx.db
    .selectFrom('messages')
    .select('content')
    .where('topic_id', '=', topicId)
    .where('sender_kind', '=', 'companion')
    .where('id', '>', id)
    .executeTakeFirst();
  expect(reply, `a reply to "${text}"`).toBeDefined();
  return reply!.content;
}

async function setCountry(ctx: TestContext, userId: number, iso: string, language: 'en' | 'de') {
  const country = (await ctx.db.selectFrom('countries').select('id').where('iso', '=', iso).executeTakeFirstOrThrow()).id;
  const lang = (await ctx.db.selectFrom('languages').select('id').where('code', '=', language).executeTakeFirstOrThrow()).id;
  await ctx.db.updateTable('users').set({ country_id: country, language_id: lang }).where('id', '=', userId).execute();
}

describe.each(dialects)('the offline companion in a crisis (%s)', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock();
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock, random: { next: () => 0.5 } }, config: { jobs: { pollMs: 3_600_000 } } });
  });
  afterAll(() => ctx.close());

  it('answers in English with care and the US helplines', async () => {
    const { user, client } = await createSignedInUser(ctx.app, { coins: 5000 });
    await setCountry(ctx, user.id, 'US', 'en');
    const topicId = await startAiTopic(client);
    const reply = await replyTo(ctx, clock, client, topicId, 'I just want to kill myself');
    expect(reply).toContain('988 Suicide & Crisis Lifeline');
    expect(reply).toMatch(/glad you|Thank you for telling me|painful/);
    expect(reply).toMatch(/safe|keep talking|near you/);
    expect(reply).not.toMatch(/demo|joke|haha/i);
  });

  it('answers in German with care and the German helplines', async () => {
    const { user, client } = await createSignedInUser(ctx.app, { coins: 5000 });
    await setCountry(ctx, user.id, 'DE', 'de');
    const topicId = await startAiTopic(client);
    const reply = await replyTo(ctx, clock, client, topicId, 'Ich will nicht mehr leben');
    expect(reply).toContain('TelefonSeelsorge · 0800 111 0 111');
    expect(reply).toContain('Notruf');
    expect(reply).toMatch(/froh|Danke|schmerzhaft/);
  });

  it('answers an ordinary message as usual', async () => {
    const { client } = await createSignedInUser(ctx.app, { coins: 5000 });
    const topicId = await startAiTopic(client);
    const reply = await replyTo(ctx, clock, client, topicId, 'This homework is killing me');
    expect(reply).not.toMatch(/TelefonSeelsorge|988|Find A Helpline/);
  });
});

describe.each(dialects)('a model companion in a crisis (%s)', (dialect) => {
  let ctx: TestContext;
  let llm: FakeLlmServer;
  const clock = new FakeClock();
  beforeAll(async () => {
    llm = new FakeLlmServer();
    const baseUrl = await llm.start();
    ctx = await createTestContext(dialect, {
      infra: { clock, random: { next: () => 0.5 } },
      config: { llm: { baseUrl, apiKey: 'k', model: 'test-model', timeoutMs: 2000, retries: 0, backoffMs: 10 }, jobs: { pollMs: 3_600_000 } },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await llm.stop();
  });

  it('gets the crisis note in its prompt, and its reply the helplines when it named none', async () => {
    const { user, client } = await createSignedInUser(ctx.app, { coins: 5000 });
    await setCountry(ctx, user.id, 'GB', 'en');
    const topicId = await startAiTopic(client);
    llm.script = [{ kind: 'stream', chunks: ['I am so sorry you feel this way. ', 'I am here with you.'] }];
    const reply = await replyTo(ctx, clock, client, topicId, 'I want to end my life');
    const system = llm.requests.at(-1)!.body.messages[0]!.content;
    expect(system).toMatch(/never joke and never refuse/);
    expect(system).toContain('Samaritans · 116 123');
    expect(reply).toMatch(/^I am so sorry you feel this way\. I am here with you\.\n\n/);
    expect(reply).toContain('Samaritans · 116 123');
    // A reply that names a helpline is kept as the model wrote it.
    llm.script = [{ kind: 'stream', chunks: ['Please call Samaritans on 116 123, they are there day and night. Are you safe right now?'] }];
    expect(await replyTo(ctx, clock, client, topicId, 'i want to die')).toBe(
      'Please call Samaritans on 116 123, they are there day and night. Are you safe right now?',
    );
    // An ordinary message: the standing safety line only.
    llm.script = [{ kind: 'stream', chunks: ['Ha, tough homework!'] }];
    expect(await replyTo(ctx, clock, client, topicId, 'this homework is killing me')).toBe('Ha, tough homework!');
    expect(llm.requests.at(-1)!.body.messages[0]!.content).not.toContain('Samaritans');
  });
});
