import { texts } from '@parley/contracts';
import { parseBilling } from '../payments/billing.js';
import { refundUnfulfilled } from '../payments/payables.js';
import { payableFrom, type Payable, type PaymentKind } from '../payments/payment-kinds.js';
import { CANCELLED_MESSAGE } from '../payments/sandbox-page.routes.js';
import { chargedOf } from './store.mapper.js';
import * as repo from './store.repository.js';
import { OPEN } from './store.service.js';
import { type OrderRow } from './store.table.js';

type OrderPayable = Payable & { row: OrderRow };

const asPayable = (row: OrderRow): OrderPayable => payableFrom(row, chargedOf(row));

/** Statuses from which a confirmed payment still fulfils: money taken means the customer gets the skin. */
const FULFILLABLE = ['pending', 'processing', 'failed', 'canceled'] as const;

/**
 * Skin orders as a payment kind (`order:<id>`). Success fulfils exactly once: a conditional status change,
 * then a grant unique per (user, product). A payment that cannot fulfil — the checkout had expired, or the
 * skin is already owned (a second payment that raced in) — is refunded through the gateway and the order is
 * canceled with the reason. A failure only closes an open order and grants nothing. A dispute is recorded
 * for the admins (no coins to hold); a full refund takes the skin back.
 */
export const orderPayments: PaymentKind<OrderPayable> = {
  type: 'order',
  find: async (trx, id) => {
    const row = await repo.findOrderById(trx, id);
    return row && asPayable(row);
  },
  async fulfil(trx, order, event, deps) {
    if (order.status === 'success' || order.status === 'refunded') return;
    const { row } = order;
    const refund = (payable: OrderPayable, reason: string) => refundUnfulfilled(orderPayments, trx, payable, event, deps, reason);
    if (order.status === 'canceled' && row.failure_message === texts.money.checkoutExpired) return refund(order, texts.money.expiredPaymentRefunded);
    if (await repo.findOwnedSkin(trx, row.user_id, row.product_id)) return refund(order, texts.money.duplicatePaymentRefunded);
    const now = deps.clock.now().toISOString();
    const payment = { gateway_payment_id: event.paymentId ?? event.sessionId, payment_method: event.paymentMethod ?? 'Card' };
    const moved = await repo.transitionOrder(trx, row.id, FULFILLABLE, 'success', { updated_at: now, paid_at: now, failure_message: null, ...payment });
    if (!moved) return;
    // Two payments for one skin committed side by side: the grant's unique key lets one through.
    const granted = await repo.grantSkin(trx, { user_id: row.user_id, product_id: row.product_id, order_id: row.id, created_at: now });
    if (!granted) return refund({ ...order, status: 'success' }, texts.money.duplicatePaymentRefunded);
    // Its receipt is numbered and mailed by the job worker (receipts/receipts.issuer.ts).
    await repo.markReceiptPending(trx, row.id, now);
    deps.log.info({ orderId: row.id, userId: row.user_id, productId: row.product_id }, 'store order fulfilled');
  },
  async fail(trx, order, event, deps) {
    const failure = (event.failureMessage ?? texts.topUp.paymentFailed).slice(0, 255);
    // The buyer pressed cancel on the hosted page: that is a cancelled order, not a failed payment.
    const status = event.failureMessage === CANCELLED_MESSAGE ? 'canceled' : 'failed';
    await repo.transitionOrder(trx, order.id, OPEN, status, { updated_at: deps.clock.now().toISOString(), failure_message: failure });
  },
  lateRefundKey: 'auto',
  async onRefundedUnfulfilled(trx, order, event, refund, deps) {
    await repo.transitionOrder(trx, order.id, [order.status as OrderRow['status']], 'canceled', {
      updated_at: deps.clock.now().toISOString(),
      failure_message: refund.reason,
      gateway_payment_id: refund.payment_id,
      payment_method: event.paymentMethod ?? 'Card',
      refunded_cents: event.amountCents,
    });
    deps.log.warn({ orderId: order.id, reason: refund.reason }, 'store: payment refunded automatically');
  },
  disputedCoins: () => 0,
  bookable: ['success', 'refunded'],
  async bookRefund(trx, { row, charged }, { cents, expectedRefundedCents, now }) {
    if (!(await repo.addOrderRefund(trx, row.id, cents, now, expectedRefundedCents))) return undefined;
    // Refunded in full: the skin goes back, as an admin's refund does (store-refunds.ts).
    if (expectedRefundedCents + cents >= charged.total_cents) await repo.revokeSkin(trx, row.user_id, row.product_id);
    return 0;
  },
  async listReceiptPending(db, limit) {
    return (await repo.listReceiptPending(db, limit)).map((order) => ({
      id: order.id,
      userId: order.user_id,
      pendingAt: order.receipt_pending_at!,
      description: `Chat skin: ${order.product_name}`,
      charged: chargedOf(order),
      vatPercent: Number(order.vat_percent),
      paymentMethod: order.payment_method,
      billing: parseBilling(order.billing),
    }));
  },
  markReceiptsIssued: async (trx, ids) => {
    await repo.clearReceiptPending(trx, ids);
  },
  expireStale: (db, clock) => repo.expireOrders(db, clock.now().toISOString(), texts.money.checkoutExpired, {}),
};
