import { texts } from '@parley/contracts';
import { type Transaction } from 'kysely';
import { type Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { closeDispute, openDispute } from '../disputes/disputes.service.js';
import { isDisputeEvent, isRefundEvent, type DisputeEvent, type PaymentOutcomeEvent } from '../payments/gateway.js';
import { referenceId, type PaymentHandler, type PaymentHandlerDeps } from '../payments/payment-handlers.js';
import { CANCELLED_MESSAGE } from '../payments/sandbox-page.routes.js';
import { webhookErrors } from '../payments/webhook-signature.js';
import { executeRefund, notifyRefund, reserveRefund } from '../refunds/refunds.service.js';
import { handleOrderGatewayRefund } from './store-gateway-refunds.js';
import { chargedOf } from './store.mapper.js';
import * as repo from './store.repository.js';
import { OPEN } from './store.service.js';
import { type OrderRow } from './store.table.js';

/** Statuses from which a confirmed payment still fulfils: money taken means the customer gets the skin. */
const FULFILLABLE = ['pending', 'processing', 'failed', 'canceled'] as const;

/**
 * The payment handler for `order:<id>` (see payments/payment-handlers.ts), inside the webhook's transaction.
 * The event must name the order's own gateway session. Success fulfils exactly once: a conditional status
 * change, then a grant unique per (user, product). A payment that cannot fulfil — the checkout had expired,
 * or the skin is already owned (a second payment that raced in) — is refunded through the gateway and the
 * order is canceled with the reason. A failure only closes an open order and grants nothing.
 */
export const handleOrderPayment: PaymentHandler = async (trx, event, deps) => {
  const orderId = referenceId(event.reference);
  const order = orderId ? await repo.findOrderById(trx, orderId) : undefined;
  if (!order || (order.gateway && order.gateway !== deps.gateway)) throw new AppError('BAD_REQUEST', webhookErrors.unknownReference);
  if (isDisputeEvent(event)) return handleOrderDispute(trx, order, event, deps);
  if (isRefundEvent(event)) return handleOrderGatewayRefund(trx, order.id, event, deps);
  if (order.gateway_session_id && order.gateway_session_id !== event.sessionId) throw new AppError('BAD_REQUEST', webhookErrors.unknownReference);
  const now = deps.clock.now().toISOString();

  if (event.kind === 'failed') {
    const failure = (event.failureMessage ?? texts.topUp.paymentFailed).slice(0, 255);
    // The buyer pressed cancel on the hosted page: that is a cancelled order, not a failed payment.
    const status = event.failureMessage === CANCELLED_MESSAGE ? 'canceled' : 'failed';
    await repo.transitionOrder(trx, order.id, OPEN, status, { updated_at: now, failure_message: failure });
    return;
  }
  // Never hand out a skin for a payment that does not match the order.
  if (event.amountCents !== chargedOf(order).total_cents) throw new AppError('BAD_REQUEST', webhookErrors.amountMismatch);
  if (order.status === 'success' || order.status === 'refunded') return;
  const payment = { gateway_payment_id: event.paymentId ?? event.sessionId, payment_method: event.paymentMethod ?? 'Card' };

  const expired = order.status === 'canceled' && order.failure_message === texts.money.checkoutExpired;
  if (expired) return refundAndCancel(trx, order, event, deps, texts.money.expiredPaymentRefunded);
  if (await repo.findOwnedSkin(trx, order.user_id, order.product_id)) return refundAndCancel(trx, order, event, deps, texts.money.duplicatePaymentRefunded);
  const moved = await repo.transitionOrder(trx, order.id, FULFILLABLE, 'success', { updated_at: now, paid_at: now, failure_message: null, ...payment });
  if (!moved) return;
  // Two payments for one skin committed side by side: the grant's unique key lets one through.
  const granted = await repo.grantSkin(trx, { user_id: order.user_id, product_id: order.product_id, order_id: order.id, created_at: now });
  if (!granted) return refundAndCancel(trx, { ...order, status: 'success' }, event, deps, texts.money.duplicatePaymentRefunded);
  // Its receipt is numbered and mailed by the job worker (receipts/receipts.issuer.ts).
  await repo.markReceiptPending(trx, order.id, now);
  deps.log.info({ orderId: order.id, userId: order.user_id, productId: order.product_id }, 'store order fulfilled');
};

/** The order cannot be fulfilled: canceled with the reason, the whole payment refunded through the gateway after the commit. */
async function refundAndCancel(trx: Transaction<Database>, order: OrderRow, event: PaymentOutcomeEvent, deps: PaymentHandlerDeps, reason: string) {
  const paymentId = event.paymentId ?? event.sessionId;
  const { refund, created } = await reserveRefund(trx, deps.clock, {
    source: 'order',
    sourceId: order.id,
    userId: order.user_id,
    amountCents: event.amountCents,
    currency: chargedOf(order).currency,
    coins: 0,
    reason,
    gateway: deps.gateway,
    paymentId,
    actorId: null,
    requestKey: `auto:order:${order.id}:${paymentId}`.slice(0, 128),
  });
  if (!created) return;
  const now = deps.clock.now().toISOString();
  await repo.transitionOrder(trx, order.id, [order.status], 'canceled', {
    updated_at: now,
    failure_message: reason,
    gateway_payment_id: paymentId,
    payment_method: event.paymentMethod ?? 'Card',
    refunded_cents: event.amountCents,
  });
  await notifyRefund(trx, deps.clock, refund);
  deps.log.warn({ orderId: order.id, reason }, 'store: payment refunded automatically');
  deps.afterCommit(() => executeRefund({ db: deps.db, clock: deps.clock, gateway: deps.gatewayClient, log: deps.log }, refund.id).then(() => undefined));
}

/** A disputed skin payment is recorded for the admins (no coins to hold). */
async function handleOrderDispute(trx: Transaction<Database>, order: OrderRow, event: DisputeEvent, deps: PaymentHandlerDeps) {
  if (event.kind === 'dispute_opened') {
    await openDispute(trx, deps.clock, {
      gateway: deps.gateway,
      disputeId: event.disputeId,
      source: 'order',
      sourceId: order.id,
      userId: order.user_id,
      amountCents: event.amountCents,
      reason: event.reason,
      coins: 0,
    });
    return;
  }
  await closeDispute(trx, deps.clock, deps.gateway, event.disputeId, event.kind === 'dispute_won' ? 'won' : 'lost');
}
