import { type AiHealth, type LlmConnection, type LlmTestResult } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeLlmServer } from '../../../test/fake-llm.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, eventually, FakeClock, type TestContext } from '../../../test/harness.js';
import { sendMessage, startAiTopic } from '../../../test/ws-client.js';
import { open } from '../../lib/secret-box.js';
import { getCompanionWorker } from './companion.routes.js';
import { getCompanionHealth } from './companion.service.js';
import { loadStoredEndpoint } from './llm-connection.service.js';
import { rotatePayoutKey } from '../payouts/payout-key.service.js';

const SECRET = 'sk-test-secret-key-9876';

/**
 * Issue 33: an admin connects a real LLM from /admin → AI. The key is stored sealed with the payout
 * key and never returned; the companion uses the connection at once, on every instance, without a
 * restart; 'Test connection' sends one short completion and shows OK or the error; removing the
 * connection falls back to the environment (here: none, the offline companion).
 */
describe.each(dialects)('admin LLM connection (%s)', (dialect) => {
  let ctx: TestContext;
  let llm: FakeLlmServer;
  let baseUrl: string;
  const clock = new FakeClock();

  beforeAll(async () => {
    llm = new FakeLlmServer();
    baseUrl = await llm.start();
    ctx = await createTestContext(dialect, { infra: { clock, random: { next: () => 0.5 } }, config: { jobs: { pollMs: 3_600_000 } } });
  });
  afterAll(async () => {
    await ctx.close();
    await llm.stop();
  });

  it('tests, stores sealed, uses at once on every instance, never returns the key, and falls back when removed', async () => {
    const admin = await createSignedInUser(ctx.app, { role: 'admin' });
    const other = await ctx.buildAnother();
    await other.ready();
    const health = async () => (await admin.client.get<AiHealth>('/api/admin/ai/health')).body.payload;
    /** The provider the other instance uses (its own in-memory health). */
    const otherProvider = () => getCompanionHealth(other).provider;
    expect((await admin.client.get<LlmConnection>('/api/admin/ai/connection')).body.payload).toMatchObject({ source: 'offline', key_set: false });
    expect((await health()).provider).toBe('offline');

    // Test connection: OK with the form's values, and the endpoint's error otherwise.
    llm.script = [{ kind: 'stream', chunks: ['OK'] }];
    const ok = await admin.client.post<LlmTestResult>('/api/admin/ai/connection/test', { base_url: baseUrl, model: 'test-model', api_key: SECRET });
    expect(ok.body.payload).toMatchObject({ ok: true, reply: 'OK', error: null, model: 'test-model' });
    expect(llm.requests.at(-1)!.headers.authorization).toBe(`Bearer ${SECRET}`);
    llm.script = [{ kind: 'status', status: 401 }];
    const failed = await admin.client.post<LlmTestResult>('/api/admin/ai/connection/test', { base_url: baseUrl, model: 'test-model', api_key: 'wrong' });
    expect(failed.body.payload.ok).toBe(false);
    expect(failed.body.payload.error).toMatch(/401/);

    // Saved: sealed in the database, only 'key set …last 4' comes back.
    const saved = await admin.client.put<LlmConnection>('/api/admin/ai/connection', { base_url: baseUrl, model: 'test-model', api_key: SECRET });
    expect(saved.body.payload).toMatchObject({ source: 'database', base_url: baseUrl, model: 'test-model', key_set: true, key_last4: '9876' });
    expect(JSON.stringify(saved.body)).not.toContain(SECRET);
    const viewed = await admin.client.get<LlmConnection>('/api/admin/ai/connection');
    expect(JSON.stringify(viewed.body)).not.toContain(SECRET);
    const row = await ctx.db.selectFrom('llm_connection').selectAll().executeTakeFirstOrThrow();
    expect(row.api_key_sealed).not.toContain(SECRET);
    expect(open(ctx.config.payoutEncryptionKey, row.api_key_sealed!, 'llm-connection:1')).toBe(SECRET);
    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'llm.connect').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(SECRET);

    // In use without a restart: here, and on the other instance through the bus (and back when removed).
    expect(await health()).toMatchObject({ provider: 'openai', model: 'test-model', demo: false });
    await eventually(async () => otherProvider() === 'openai', 'the other instance to switch');
    expect((await admin.client.delete<LlmConnection>('/api/admin/ai/connection')).body.payload).toMatchObject({ source: 'offline', key_set: false });
    await eventually(async () => otherProvider() === 'offline', 'the other instance to switch back');
    await admin.client.put('/api/admin/ai/connection', { base_url: baseUrl, model: 'test-model', api_key: SECRET });
    await eventually(async () => otherProvider() === 'openai', 'the other instance to switch again');
    // One instance answers from here (two instances hearing one message is the scheduler's business, tested elsewhere).
    await other.close();

    llm.script = [{ kind: 'stream', chunks: ['Hello ', 'from the model.'] }];
    const { client } = await createSignedInUser(ctx.app, { coins: 5000 });
    const topicId = await startAiTopic(client);
    const id = await sendMessage(client, topicId, 'Hi there');
    await eventually(() => ctx.db.selectFrom('companion_replies').select('id').where('last_user_message_id', '=', id).executeTakeFirst(), 'scheduled');
    llm.requests.length = 0;
    clock.advance(10_000);
    await getCompanionWorker(ctx.app).runNow();
    const reply = await ctx.db
      .selectFrom('messages')
      .select('content')
      .where('topic_id', '=', topicId)
      .where('sender_kind', '=', 'companion')
      .executeTakeFirst();
    expect(reply?.content).toBe('Hello from the model.');
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]!.headers.authorization).toBe(`Bearer ${SECRET}`);

    // Saving without a key keeps it; an empty key removes it.
    expect((await admin.client.put<LlmConnection>('/api/admin/ai/connection', { base_url: baseUrl, model: 'other-model' })).body.payload).toMatchObject({
      model: 'other-model',
      key_last4: '9876',
    });
    expect(
      (await admin.client.put<LlmConnection>('/api/admin/ai/connection', { base_url: baseUrl, model: 'other-model', api_key: '' })).body.payload,
    ).toMatchObject({ key_set: false, key_last4: null });

    // Removed: back to the environment's default (none here: the offline companion).
    expect((await admin.client.delete<LlmConnection>('/api/admin/ai/connection')).body.payload).toMatchObject({ source: 'offline' });
    expect((await health()).provider).toBe('offline');

    // Rotating the payout key re-seals the LLM key too.
    await admin.client.put('/api/admin/ai/connection', { base_url: baseUrl, model: 'test-model', api_key: SECRET });
    const nextKey = 'ab'.repeat(32);
    await rotatePayoutKey(ctx.db, ctx.config.payoutEncryptionKey, nextKey);
    expect((await loadStoredEndpoint(ctx.db, nextKey))?.apiKey).toBe(SECRET);
    await rotatePayoutKey(ctx.db, nextKey, ctx.config.payoutEncryptionKey);
    expect((await loadStoredEndpoint(ctx.db, ctx.config.payoutEncryptionKey))?.apiKey).toBe(SECRET);

    // Admins only.
    expect((await client.get('/api/admin/ai/connection')).statusCode).toBe(403);
    expect((await client.post('/api/admin/ai/connection/test', {})).statusCode).toBe(403);
  });
});
