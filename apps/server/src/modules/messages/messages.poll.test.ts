import { gunzipSync } from 'node:zlib';
import { type Message, type PageMeta } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatPair, chatContextOptions } from '../../../test/chat.js';
import { TestClient } from '../../../test/client.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';
import { createCompanionMessage } from './messages.service.js';

/** The chat screen polls messages/index every few seconds: a poll with nothing new is a 304. */
describe.each(dialects)('polling messages on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions());
  });
  afterAll(() => ctx.close());

  const poll = (client: TestClient, topicId: number, etag?: string) =>
    client.request<{ data: Message[]; meta: PageMeta }>('GET', `/api/messages/index?topic_id=${topicId}&page=1&page_size=20&order_by=id&order_dir=desc`, {
      headers: etag ? { 'if-none-match': etag } : {},
    });

  it('answers 304 while nothing changed, and the new page once a message arrives', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    await owner.client.post('/api/messages/create', { topic_id: topic.id, content: 'First' });
    const first = await poll(guest.client, topic.id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);

    const unchanged = await poll(guest.client, topic.id, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.raw.body).toBe('');

    await owner.client.post('/api/messages/create', { topic_id: topic.id, content: 'Second' });
    const changed = await poll(guest.client, topic.id, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.body.payload.data.map((m) => m.content)).toEqual(['Second', 'First']);
    expect(changed.headers.etag).not.toBe(etag);

    // A companion reply is new too, though no user wrote it.
    const afterSecond = String(changed.headers.etag);
    await createCompanionMessage(ctx.db, ctx.app.clock, ctx.app.bus, { topicId: topic.id, content: 'Hello from Mia' });
    const reply = await poll(guest.client, topic.id, afterSecond);
    expect(reply.statusCode).toBe(200);
    expect(reply.body.payload.data[0]!.content).toBe('Hello from Mia');
  });

  it('never answers 304 to another viewer holding someone else’s validator', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    await owner.client.post('/api/messages/create', { topic_id: topic.id, content: 'Mine' });
    const etag = String((await poll(owner.client, topic.id)).headers.etag);
    const theirs = await poll(guest.client, topic.id, etag);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body.payload.data[0]).toMatchObject({ content: 'Mine', is_mine: false });
  });

  it('sends a page gzipped to a client that takes gzip, the same page each time, and as text to one that does not', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    for (let i = 0; i < 6; i++) await owner.client.post('/api/messages/create', { topic_id: topic.id, content: `Message number ${i} with some words in it` });
    const url = `/api/messages/index?topic_id=${topic.id}&page=1&page_size=20&order_by=id&order_dir=desc`;
    const plain = await guest.client.request('GET', url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.body.length).toBeGreaterThan(1024);
    for (let i = 0; i < 2; i++) {
      const zipped = await guest.client.request('GET', url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(zipped.headers.etag).toBe(plain.headers.etag);
      expect(gunzipSync(zipped.raw.rawPayload).toString()).toBe(plain.raw.body);
    }
    const refused = await guest.client.request('GET', url, { headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.raw.body).toBe(plain.raw.body);
  });
});
