import { texts, type Order } from '@parley/contracts';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, expectLedgerConsistent, FakeClock, type TestContext } from '../../../test/harness.js';
import { billingFor, checkoutSkin, countryIdOf, deliverOrderEvent } from '../../../test/store.js';
import { saveSettings } from '../reference/settings.service.js';
import { seedProducts } from './store.seed.js';

type StatusPayload = { status: string; status_label: string; order: Order };
const HOUR = 3600_000;

describe.each(dialects)('no double charge, checkout expiry on %s', (dialect) => {
  let ctx: TestContext;
  let second: FastifyInstance;
  const clock = new FakeClock(new Date('2030-03-01T10:00:00.000Z'));
  let countryId: number;
  const productIds: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock } });
    second = await ctx.buildAnother();
    await seedProducts(ctx.db, clock);
    for (const p of await ctx.db.selectFrom('products').select(['id', 'look']).execute()) productIds[p.look] = p.id;
    countryId = await countryIdOf(ctx.app);
  });
  afterAll(() => ctx.close());

  const buy = (client: TestClient, look: string) => checkoutSkin(client, productIds[look]!, billingFor(countryId));
  const statusOf = async (client: TestClient, id: number) => (await client.get<StatusPayload>(`/api/orders/${id}/status`)).body.payload;
  /** The card was charged at the gateway (the hosted page's outcome), as when a buyer pays two open tabs. */
  const captureAtGateway = (order: Order) =>
    ctx.db.updateTable('sandbox_sessions').set({ status: 'succeeded' }).where('reference', '=', `order:${order.id}`).execute();
  const refundsOf = (order: Order) => ctx.db.selectFrom('refunds').selectAll().where('source_type', '=', 'order').where('source_id', '=', order.id).execute();
  const skinsOf = (userId: number) => ctx.db.selectFrom('user_skins').selectAll().where('user_id', '=', userId).execute();

  it('refuses a second checkout for a skin with a checkout in progress, and for an owned skin, with a clear message', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const { order } = await buy(client, 'blue');
    const again = await client.post(`/api/checkout/${productIds.blue}`, billingFor(countryId));
    expect(again.statusCode).toBe(409);
    expect(again.body.message).toBe(texts.money.openCheckout);
    await deliverOrderEvent(ctx.app, order, 'succeeded');
    const owned = await client.post(`/api/checkout/${productIds.blue}`, billingFor(countryId));
    expect(owned.statusCode).toBe(409);
    expect(owned.body.message).toBe(texts.store.alreadyOwned);
  });

  it('two payments for one skin arriving at two instances at once: one fulfils, the other is refunded through the gateway and the order says why', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const first = (await buy(client, 'red')).order;
    expect((await client.post(`/api/orders/${first.id}/cancel`)).statusCode).toBe(200);
    const secondOrder = (await buy(client, 'red')).order;
    await captureAtGateway(first);
    await captureAtGateway(secondOrder);

    const [a, b] = await Promise.all([deliverOrderEvent(ctx.app, first, 'succeeded'), deliverOrderEvent(second, secondOrder, 'succeeded')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const statuses = [await statusOf(client, first.id), await statusOf(client, secondOrder.id)];
    expect(statuses.map((s) => s.status).sort()).toEqual(['canceled', 'success']);
    const canceled = statuses.find((s) => s.status === 'canceled')!;
    expect(canceled).toMatchObject({ status_label: 'Canceled', order: { message: texts.money.duplicatePaymentRefunded } });
    expect(await skinsOf(user.id)).toHaveLength(1);

    const refunds = await refundsOf(canceled.order);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ status: 'succeeded', amount_cents: canceled.order.total_cents, actor_id: null });
    const session = await ctx.db.selectFrom('sandbox_sessions').selectAll().where('reference', '=', `order:${canceled.order.id}`).executeTakeFirstOrThrow();
    expect(session.refunded_cents).toBe(canceled.order.total_cents);
    const notices = await ctx.db.selectFrom('notifications').selectAll().where('user_id', '=', user.id).where('kind', '=', 'order.refunded').execute();
    expect(notices.map((n) => n.body)).toEqual([expect.stringContaining(texts.money.duplicatePaymentRefunded)]);

    // Replays on either instance change nothing: one refund, one skin.
    await Promise.all([deliverOrderEvent(second, first, 'succeeded'), deliverOrderEvent(ctx.app, secondOrder, 'succeeded')]);
    expect(await refundsOf(canceled.order)).toHaveLength(1);
    expect(await ctx.db.selectFrom('sandbox_refunds').selectAll().where('session_id', '=', session.id).execute()).toHaveLength(1);
    expect(await skinsOf(user.id)).toHaveLength(1);
    await expectLedgerConsistent(ctx.db);
  });

  it("refuses a payment event naming another checkout session than the order's, and grants nothing", async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const { order } = await buy(client, 'purple');
    const forged = await deliverOrderEvent(ctx.app, order, 'succeeded', { sessionId: 'sbx_another_checkout' });
    expect(forged.statusCode).toBe(400);
    expect((await statusOf(client, order.id)).status).toBe('processing');
    expect(await skinsOf(user.id)).toHaveLength(0);
  });

  it('an unpaid order expires after the configured time to Canceled; a late payment is refunded, never lost', async () => {
    await saveSettings(ctx.db, { checkout_expiry_hours: 2 });
    const { user, client } = await createSignedInUser(ctx.app);
    const { order } = await buy(client, 'gold');
    clock.advance(2 * HOUR - 1000);
    expect((await statusOf(client, order.id)).status).toBe('processing');
    clock.advance(2000);
    expect(await statusOf(client, order.id)).toMatchObject({ status: 'canceled', status_label: 'Canceled', order: { message: texts.money.checkoutExpired } });

    await captureAtGateway(order);
    expect((await deliverOrderEvent(ctx.app, order, 'succeeded')).statusCode).toBe(200);
    expect(await statusOf(client, order.id)).toMatchObject({ status: 'canceled', order: { message: texts.money.expiredPaymentRefunded } });
    expect(await refundsOf(order)).toMatchObject([{ status: 'succeeded', amount_cents: order.total_cents }]);
    expect(await skinsOf(user.id)).toHaveLength(0);
    // The skin can be bought again afterwards.
    expect((await buy(client, 'gold')).order.status).toBe('processing');
    await saveSettings(ctx.db, { checkout_expiry_hours: 24 });
    await expectLedgerConsistent(ctx.db);
  });
});
