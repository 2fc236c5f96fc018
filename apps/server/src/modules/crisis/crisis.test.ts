import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type CrisisCard, type CrisisFlag, type Message } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatContextOptions, createChatPair, recordEvents } from '../../../test/chat.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, type TestContext } from '../../../test/harness.js';
import { type TestClient } from '../../../test/client.js';
import { resealModerationKey } from './crisis.service.js';

type SendAnswer = { message?: Message; balance: number; crisis?: CrisisCard };

/** A fake OpenAI-compatible moderation endpoint: flags self-harm when the input holds "grey", else nothing. */
function startModerationServer(behaviour: 'answer' | 'hang' = 'answer') {
  const asked: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { input } = JSON.parse(body) as { input: string };
      asked.push(input);
      if (behaviour === 'hang') return;
      const flagged = input.includes('grey');
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          id: 'modr-1',
          model: 'omni-moderation-latest',
          results: [{ flagged, categories: { 'self-harm': flagged, 'self-harm/intent': flagged, violence: false } }],
        }),
      );
    });
  });
  return new Promise<{ url: string; asked: string[]; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        asked,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    }),
  );
}

describe.each(dialects)('crisis care on %s', (dialect) => {
  let ctx: TestContext;
  let admin: TestClient;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions());
    admin = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
  });
  afterAll(() => ctx.close());

  const setLocale = async (userId: number, country: string | null, language: 'en' | 'de') => {
    const countryId = country ? (await ctx.db.selectFrom('countries').select('id').where('iso', '=', country).executeTakeFirstOrThrow()).id : null;
    const languageId = (await ctx.db.selectFrom('languages').select('id').where('code', '=', language).executeTakeFirstOrThrow()).id;
    await ctx.db.updateTable('users').set({ country_id: countryId, language_id: languageId }).where('id', '=', userId).execute();
  };
  const send = (client: TestClient, topicId: number, content: string) => client.post<SendAnswer>('/api/messages/create', { topic_id: topicId, content });
  const flags = async () => (await admin.get<{ items: CrisisFlag[] }>('/api/admin/crisis/flags')).body.payload.items;
  const saveConfig = (body: Record<string, unknown>) =>
    admin.put('/api/admin/crisis', {
      moderation_enabled: false,
      moderation_url: '',
      moderation_timeout_ms: 800,
      default_country: 'INT',
      helplines: null,
      ...body,
    });

  it('shows the writer the card for their country and language, blocks nothing, charges nothing extra and tells an ordinary partner nothing', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    await setLocale(owner.user.id, 'DE', 'de');
    const recorded = recordEvents(ctx.app);
    const text = 'Ich will nicht mehr leben';
    const balanceOf = async (id: number) => Number((await ctx.db.selectFrom('users').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance);
    const before = await balanceOf(owner.user.id);
    const answer = await send(owner.client, topic.id, text);
    recorded.stop();
    expect(answer.body.status).toBe('OK');
    const { message, balance, crisis } = answer.body.payload;
    expect(message?.content).toBe(text);
    expect(balance).toBe(before - [...text].length);
    expect(await balanceOf(owner.user.id)).toBe(balance);
    expect(crisis?.country).toBe('DE');
    expect(crisis?.page_slug).toBe('crisis');
    expect(crisis?.helplines[0]).toMatchObject({ name: 'TelefonSeelsorge', phone: '0800 111 0 111' });
    expect(crisis?.helplines[0]?.note).toContain('rund um die Uhr');
    // The partner reads the message like any other; nothing of the card, no protocol frame, no flag of the writer.
    const page = await guest.client.get(`/api/messages/index?topic_id=${topic.id}&page=1&page_size=20&order_by=id&order_dir=desc`);
    expect(JSON.stringify(page.body)).toContain(text);
    expect(JSON.stringify(page.body)).not.toMatch(/crisis|TelefonSeelsorge/i);
    expect(recorded.events.filter((e) => e.type === 'crisis.protocol')).toEqual([]);
    expect(JSON.stringify(recorded.events)).not.toMatch(/crisis|TelefonSeelsorge/i);
    await expectLedgerConsistent(ctx.db);
  });

  it('gives an ordinary message no card and flags nothing', async () => {
    const { owner, topic } = await createChatPair(ctx.app);
    const answer = await send(owner.client, topic.id, 'This homework is killing me, ich sterbe vor Lachen');
    expect(answer.body.payload).not.toHaveProperty('crisis');
    expect((await flags()).some((flag) => flag.topic_id === topic.id)).toBe(false);
  });

  it('sends an interlocutor the protocol card and nobody else', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app, { coins: 1000 }, { coins: 0, contributor: true });
    const recorded = recordEvents(ctx.app);
    await send(owner.client, topic.id, 'I want to kill myself');
    recorded.stop();
    const protocol = recorded.events.filter((e) => e.type === 'crisis.protocol');
    expect(protocol).toEqual([{ type: 'crisis.protocol', userId: guest.user.id, topicId: topic.id }]);
  });

  it('puts the conversation at the top of the moderation queue, marked, with no message text', async () => {
    const first = await createChatPair(ctx.app);
    const second = await createChatPair(ctx.app);
    await send(first.owner.client, first.topic.id, 'I feel suicidal');
    await send(second.guest.client, second.topic.id, 'i wanna die');
    await send(second.guest.client, second.topic.id, 'I want to end it all');
    const queue = await admin.get<{ items: CrisisFlag[] }>('/api/admin/crisis/flags');
    const items = queue.body.payload.items;
    expect(items[0]).toMatchObject({ topic_id: second.topic.id, status: 'open', messages_count: 2, source: 'offline' });
    expect(items.findIndex((flag) => flag.topic_id === first.topic.id)).toBeGreaterThan(0);
    expect(JSON.stringify(queue.body)).not.toMatch(/suicidal|wanna die|end it all/);
    // Handled ones go below every open one.
    expect((await admin.post(`/api/admin/crisis/flags/${items[0]!.id}/handle`)).body.status).toBe('OK');
    const after = await flags();
    const handledAt = after.findIndex((flag) => flag.id === items[0]!.id);
    expect(after[handledAt]?.status).toBe('handled');
    expect(after.slice(0, handledAt).every((flag) => flag.status === 'open')).toBe(true);
    expect(after.slice(handledAt).every((flag) => flag.status === 'handled')).toBe(true);
  });

  it('picks helplines by country and language, the operator default, then the international lines', async () => {
    const { owner, topic } = await createChatPair(ctx.app);
    await setLocale(owner.user.id, 'US', 'en');
    let card = (await send(owner.client, topic.id, 'I want to die')).body.payload.crisis;
    expect(card).toMatchObject({ country: 'US', helplines: [{ name: '988 Suicide & Crisis Lifeline', phone: '988' }, { name: 'Crisis Text Line' }] });
    expect(card?.helplines[0]?.note).toContain('Call or text 988');
    await setLocale(owner.user.id, 'EE', 'en');
    card = (await send(owner.client, topic.id, 'I want to die')).body.payload.crisis;
    expect(card?.country).toBe('INT');
    expect((await saveConfig({ default_country: 'GB' })).body.status).toBe('OK');
    card = (await send(owner.client, topic.id, 'I want to die')).body.payload.crisis;
    expect(card).toMatchObject({ country: 'GB', helplines: [{ name: 'Samaritans', phone: '116 123' }, { name: 'Shout' }] });
    // The operator's own directory replaces the shipped one.
    const helplines = { INT: [{ name: 'Parley Care Line', phone: '+372 600 0000', languages: ['en'], notes: { en: 'Always open.' } }] };
    expect((await saveConfig({ helplines })).body.status).toBe('OK');
    card = (await send(owner.client, topic.id, 'I want to die')).body.payload.crisis;
    expect(card).toMatchObject({ country: 'INT', helplines: [{ name: 'Parley Care Line', note: 'Always open.' }] });
    expect((await saveConfig({ helplines: { DE: helplines.INT } })).statusCode).toBe(422);
    await saveConfig({});
  });

  it('asks the moderation endpoint when switched on, and sends on without it when it fails', async () => {
    const endpoint = await startModerationServer();
    const hanging = await startModerationServer('hang');
    try {
      const { owner, topic } = await createChatPair(ctx.app);
      const subtle = 'everything is grey and tonight is the night';
      // Off: the offline recogniser alone, and it does not know this one.
      expect((await send(owner.client, topic.id, subtle)).body.payload.crisis).toBeUndefined();
      const saved = await saveConfig({ moderation_enabled: true, moderation_url: endpoint.url, moderation_key: 'sk-test-1234' });
      expect(saved.body.payload).toMatchObject({ moderation_key_set: true, moderation_key_last4: '1234' });
      expect(JSON.stringify(saved.body)).not.toContain('sk-test');
      expect((await send(owner.client, topic.id, subtle)).body.payload.crisis?.helplines.length).toBeGreaterThan(0);
      expect(endpoint.asked).toContain(subtle);
      // An offline hit never waits for the endpoint.
      const asked = endpoint.asked.length;
      expect((await send(owner.client, topic.id, 'I want to kill myself')).body.payload.crisis).toBeDefined();
      expect(endpoint.asked.length).toBe(asked);
      // Unreachable or silent past its timeout: the send goes through, judged offline.
      await endpoint.close();
      const unreachable = await send(owner.client, topic.id, subtle);
      expect(unreachable.body).toMatchObject({ status: 'OK', payload: { message: { content: subtle } } });
      expect(unreachable.body.payload.crisis).toBeUndefined();
      await saveConfig({ moderation_enabled: true, moderation_url: hanging.url, moderation_timeout_ms: 150 });
      const silent = await send(owner.client, topic.id, subtle);
      expect(silent.body).toMatchObject({ status: 'OK', payload: { message: { content: subtle } } });
      expect(silent.body.payload.crisis).toBeUndefined();
      expect((await send(owner.client, topic.id, 'I want to kill myself')).body.payload.crisis).toBeDefined();
    } finally {
      await saveConfig({ moderation_key: '' });
      await hanging.close();
    }
  });

  it('re-seals the moderation key when the payout key rotates', async () => {
    await saveConfig({ moderation_key: 'sk-rotate-5678' });
    const newKey = 'ab'.repeat(32);
    expect(await resealModerationKey(ctx.db, ctx.config.payoutEncryptionKey, newKey)).toBe(true);
    // Already under the new key: left alone.
    expect(await resealModerationKey(ctx.db, ctx.config.payoutEncryptionKey, newKey)).toBe(false);
    await saveConfig({ moderation_key: '' });
  });

  it('serves the crisis page in both languages and keeps its slug', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const de = (await ctx.db.selectFrom('languages').select('id').where('code', '=', 'de').executeTakeFirstOrThrow()).id;
    const english = await client.get<{ title: string; content: string }>('/api/static-pages/crisis');
    expect(english.body.payload).toMatchObject({ title: 'Crisis help' });
    expect(english.body.payload.content).toContain('116 123');
    const german = await client.get<{ title: string; content: string }>(`/api/static-pages/crisis?lang_id=${de}`);
    expect(german.body.payload).toMatchObject({ title: 'Krisenhilfe' });
    expect(german.body.payload.content).toContain('TelefonSeelsorge');
    const page = (await admin.get<{ items: { id: number; slug: string }[] }>('/api/admin/static-pages?q=Crisis')).body.payload.items.find(
      (p) => p.slug === 'crisis',
    );
    expect(page).toBeDefined();
    expect((await admin.delete(`/api/admin/static-pages/${page!.id}`)).statusCode).toBe(409);
  });

  it('answers the helplines for a country to anyone', async () => {
    const answer = await new (await import('../../../test/client.js')).TestClient(ctx.app).get<CrisisCard>('/api/crisis/helplines?country=AT&language=de');
    expect(answer.body.payload).toMatchObject({ country: 'AT', helplines: [{ name: 'TelefonSeelsorge', phone: '142' }, { name: 'Rat auf Draht' }] });
    expect(answer.body.payload.helplines[0]?.note).toContain('rund um die Uhr');
  });
});
