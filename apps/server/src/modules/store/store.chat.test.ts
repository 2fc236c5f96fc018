import { type ChatEvent, type Message } from '@parley/contracts';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient } from '../../../test/client.js';
import { chatContextOptions, createChatPair, recordEvents } from '../../../test/chat.js';
import { createTestContext, dialects, expectLedgerConsistent, type TestContext } from '../../../test/harness.js';
import { billingFor, checkoutSkin, countryIdOf, deliverOrderEvent } from '../../../test/store.js';
import { createInProcessBus } from '../../lib/event-bus.js';
import { seedProducts } from './store.seed.js';

type MessagePage = { data: Message[] };

describe.each(dialects)('skins in chat on %s', (dialect) => {
  let ctx: TestContext;
  const productIds: Record<string, number> = {};
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions());
    await seedProducts(ctx.db, ctx.app.clock);
    for (const p of await ctx.db.selectFrom('products').select(['id', 'look']).execute()) productIds[p.look] = p.id;
  });
  afterAll(() => ctx.close());

  it("another participant receives the sender's messages in the look equipped at send time", async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const billing = billingFor(await countryIdOf(ctx.app));
    for (const look of ['gold', 'italic']) {
      const { order } = await checkoutSkin(guest.client, productIds[look]!, billing);
      expect((await deliverOrderEvent(ctx.app, order, 'succeeded')).statusCode).toBe(200);
      expect((await guest.client.post('/api/skins/equip', { product_id: productIds[look] })).statusCode).toBe(200);
    }

    const recorder = recordEvents(ctx.app);
    const sent = await guest.client.post<{ message: Message }>('/api/messages/create', { topic_id: topic.id, content: 'Shiny!' });
    recorder.stop();
    expect(sent.statusCode, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.payload.message.look).toEqual({ bubble_color: 'gold', text_style: 'italic' });
    const pushed = recorder.events.find((e): e is Extract<ChatEvent, { type: 'message.created' }> => e.type === 'message.created');
    expect(pushed?.message).toMatchObject({ content: 'Shiny!', look: { bubble_color: 'gold', text_style: 'italic' } });

    // Changing skins later restyles new messages only.
    await guest.client.post('/api/skins/unequip', { kind: 'text_style' });
    await guest.client.post('/api/messages/create', { topic_id: topic.id, content: 'Plain style now' });
    await guest.client.post('/api/skins/unequip', { kind: 'bubble_color' });
    await guest.client.post('/api/messages/create', { topic_id: topic.id, content: 'No skin' });
    await owner.client.post('/api/messages/create', { topic_id: topic.id, content: 'Owner without skins' });

    const seen = await owner.client.get<MessagePage>(`/api/messages/index?topic_id=${topic.id}&page=1&page_size=20&order_by=id&order_dir=desc`);
    const looks = Object.fromEntries(seen.body.payload.data.map((m) => [m.content, m.look]));
    expect(looks).toEqual({
      'Shiny!': { bubble_color: 'gold', text_style: 'italic' },
      'Plain style now': { bubble_color: 'gold' },
      'No skin': null,
      'Owner without skins': null,
    });
    await expectLedgerConsistent(ctx.db);
  });
});

/**
 * A send takes the sender's look from the instance's memory (look-cache.ts). A change of skins made
 * through another instance reaches it: over Redis when REDIS_URL is set (PostgreSQL), else one in-process bus.
 */
describe.each(dialects)('skins in chat across two instances on %s', (dialect) => {
  const redisUrl = process.env.REDIS_URL;
  let ctx: TestContext;
  let other: FastifyInstance;
  const productIds: Record<string, number> = {};
  beforeAll(async () => {
    const bus = redisUrl && dialect === 'postgres' ? undefined : createInProcessBus();
    ctx = await createTestContext(dialect, chatContextOptions(bus ? { infra: { bus } } : { env: { REDIS_URL: redisUrl! } }));
    other = await ctx.buildAnother({ migrate: false });
    await seedProducts(ctx.db, ctx.app.clock);
    for (const p of await ctx.db.selectFrom('products').select(['id', 'look']).execute()) productIds[p.look] = p.id;
  });
  afterAll(() => ctx.close());

  const lookOf = async (sender: TestClient, topicId: number, content: string) => {
    const sent = await sender.post<{ message: Message }>('/api/messages/create', { topic_id: topicId, content });
    expect(sent.statusCode, JSON.stringify(sent.body)).toBe(200);
    return sent.body.payload.message.look;
  };

  it('equipping, unequipping and a product edit on one instance restyle the next message sent through the other', async () => {
    const { guest, topic } = await createChatPair(ctx.app);
    const elsewhere = guest.client.on(other);
    // The other instance has read (and kept) the look: none.
    expect(await lookOf(elsewhere, topic.id, 'Before')).toBeNull();

    const { order } = await checkoutSkin(guest.client, productIds.gold!, billingFor(await countryIdOf(ctx.app)));
    expect((await deliverOrderEvent(ctx.app, order, 'succeeded')).statusCode).toBe(200);
    expect((await guest.client.post('/api/skins/equip', { product_id: productIds.gold })).statusCode).toBe(200);
    await expect.poll(() => lookOf(elsewhere, topic.id, 'Equipped')).toEqual({ bubble_color: 'gold' });

    // An admin's change to the product's look (written directly, as the catalog editor does; looks are unique per kind).
    await ctx.db.deleteFrom('products').where('id', '=', productIds.mint!).execute();
    await ctx.db.updateTable('products').set({ look: 'mint' }).where('id', '=', productIds.gold!).execute();
    await expect.poll(() => lookOf(elsewhere, topic.id, 'Edited')).toEqual({ bubble_color: 'mint' });

    expect((await guest.client.post('/api/skins/unequip', { kind: 'bubble_color' })).statusCode).toBe(200);
    await expect.poll(() => lookOf(elsewhere, topic.id, 'Unequipped')).toBeNull();
    await expectLedgerConsistent(ctx.db);
  });
});
