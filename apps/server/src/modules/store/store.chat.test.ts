import { type ChatEvent, type Message } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatContextOptions, createChatPair, recordEvents } from '../../../test/chat.js';
import { createTestContext, dialects, expectLedgerConsistent, type TestContext } from '../../../test/harness.js';
import { billingFor, checkoutSkin, countryIdOf, deliverOrderEvent } from '../../../test/store.js';
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
