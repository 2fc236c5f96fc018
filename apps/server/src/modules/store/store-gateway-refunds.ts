import { type Transaction } from 'kysely';
import { type Database } from '../../db/database.js';
import { type GatewayRefundEvent } from '../payments/gateway.js';
import { type PaymentHandlerDeps } from '../payments/payment-handlers.js';
import { gatewayRefundTarget, notifyRefund, recordGatewayRefund } from '../refunds/refunds.service.js';
import { chargedOf } from './store.mapper.js';
import * as repo from './store.repository.js';

const BOOKABLE = ['success', 'refunded'];
const MAX_ROUNDS = 5;

/**
 * A refund made at the gateway on a skin order, whoever started it (issue 31): the order books what the gateway
 * refunded beyond what it has booked, and a full refund takes the skin back, as an admin's does
 * (store-refunds.ts). Conditional on the refunded cents it read, so racing events book once.
 */
export async function handleOrderGatewayRefund(trx: Transaction<Database>, orderId: number, event: GatewayRefundEvent, deps: PaymentHandlerDeps) {
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const target = await gatewayRefundTarget(trx, deps.clock, deps.gateway, event);
    const order = (await repo.findOrderById(trx, orderId))!;
    const charged = chargedOf(order);
    const cents = Math.min(target, charged.total_cents) - charged.refunded_cents;
    if (cents <= 0 || !BOOKABLE.includes(order.status)) {
      if (cents > 0) deps.log.warn({ orderId, status: order.status, cents }, 'payments: a gateway refund on an order that cannot book it');
      return;
    }
    if (!(await repo.addOrderRefund(trx, order.id, cents, deps.clock.now().toISOString(), charged.refunded_cents))) continue;
    if (charged.refunded_cents + cents >= charged.total_cents) await repo.revokeSkin(trx, order.user_id, order.product_id);
    const refund = await recordGatewayRefund(trx, deps.clock, {
      source: 'order',
      sourceId: order.id,
      userId: order.user_id,
      amountCents: cents,
      currency: charged.currency,
      coins: 0,
      gateway: deps.gateway,
      paymentId: event.paymentId,
      gatewayRefundId: event.refunds.length === 1 ? event.refunds[0]!.refundId : null,
      requestKey: `gateway:${deps.gateway}:${event.paymentId}:${charged.refunded_cents + cents}`,
    });
    if (!refund) throw new Error(`order ${order.id}: gateway refund booked twice`);
    await notifyRefund(trx, deps.clock, refund);
    return;
  }
  throw new Error(`order ${orderId}: gateway refund still racing after ${MAX_ROUNDS} rounds`);
}
