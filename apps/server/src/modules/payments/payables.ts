import { type Transaction } from 'kysely';
import { type Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { closeDispute, openDispute } from '../disputes/disputes.service.js';
import { getBalance, postEntry } from '../ledger/ledger.service.js';
import { executeRefund, gatewayRefundTarget, notifyRefund, recordGatewayRefund, reserveRefund } from '../refunds/refunds.service.js';
import { isDisputeEvent, isRefundEvent, type DisputeEvent, type GatewayRefundEvent, type PaymentEvent, type PaymentOutcomeEvent } from './gateway.js';
import { referenceId, type Payable, type PaymentHandlerDeps, type PaymentKind } from './payment-kinds.js';
import { webhookErrors } from './webhook-signature.js';

/**
 * The one payment core: what a verified gateway event does to a payable of any kind, inside the webhook's
 * transaction (payments.service.ts#dispatchPaymentEvent). The order of checks is the same for every kind:
 * the payable must exist on this gateway; disputes and refunds name only the payment; an outcome must name
 * the payable's own session; a failure changes only an open payable; a success must match the amount charged.
 */
export async function handlePayableEvent(kind: PaymentKind, trx: Transaction<Database>, event: PaymentEvent, deps: PaymentHandlerDeps): Promise<void> {
  const id = referenceId(event.reference);
  // The usual case in one statement where the kind offers it.
  if (event.kind === 'succeeded' && id !== undefined && kind.settle && (await kind.settle(trx, id, event, deps))) return;
  const payable = id === undefined ? undefined : await kind.find(trx, id);
  if (!payable || (payable.gateway !== null && payable.gateway !== deps.gateway)) throw new AppError('BAD_REQUEST', webhookErrors.unknownReference);
  if (isDisputeEvent(event)) return handleDispute(kind, trx, payable, event, deps);
  if (isRefundEvent(event)) return bookGatewayRefund(kind, trx, payable.id, event, deps);
  if (payable.sessionId && payable.sessionId !== event.sessionId) throw new AppError('BAD_REQUEST', webhookErrors.unknownReference);
  if (event.kind === 'failed') return kind.fail(trx, payable, event, deps);
  // Never fulfil a payment that does not match the charge.
  if (event.amountCents !== payable.charged.total_cents) throw new AppError('BAD_REQUEST', webhookErrors.amountMismatch);
  return kind.fulfil(trx, payable, event, deps);
}

/**
 * A payment that cannot fulfil (the checkout had expired, or what it buys is owned already): the whole
 * payment goes back through the gateway after the commit, once per payment (the refund's request key).
 */
export async function refundUnfulfilled(
  kind: PaymentKind,
  trx: Transaction<Database>,
  payable: Payable,
  event: PaymentOutcomeEvent,
  deps: PaymentHandlerDeps,
  reason: string,
): Promise<void> {
  const paymentId = event.paymentId ?? event.sessionId;
  const { refund, created } = await reserveRefund(trx, deps.clock, {
    source: kind.type,
    sourceId: payable.id,
    userId: payable.userId,
    amountCents: event.amountCents,
    currency: payable.charged.currency,
    coins: 0,
    reason,
    gateway: deps.gateway,
    paymentId,
    actorId: null,
    requestKey: `${kind.lateRefundKey}:${kind.type}:${payable.id}:${paymentId}`.slice(0, 128),
  });
  if (!created) return;
  await kind.onRefundedUnfulfilled(trx, payable, event, refund, deps);
  await notifyRefund(trx, deps.clock, refund);
  deps.afterCommit(() => executeRefund({ db: deps.db, clock: deps.clock, gateway: deps.gatewayClient, log: deps.log }, refund.id).then(() => undefined));
}

/** Opened: the coins bought with the payment are held; won: given back; lost: they stay gone (the kind says more). */
async function handleDispute(kind: PaymentKind, trx: Transaction<Database>, payable: Payable, event: DisputeEvent, deps: PaymentHandlerDeps) {
  if (event.kind === 'dispute_opened') {
    const { dispute, created } = await openDispute(trx, deps.clock, {
      gateway: deps.gateway,
      disputeId: event.disputeId,
      source: kind.type,
      sourceId: payable.id,
      userId: payable.userId,
      amountCents: event.amountCents,
      reason: event.reason,
      coins: kind.disputedCoins(payable),
    });
    if (!created) return;
    await kind.onDisputeOpened?.(trx, payable, dispute, deps);
    if (dispute.coins_held > 0) deps.afterCommit(() => publishBalance(deps, payable.userId));
    return;
  }
  const won = event.kind === 'dispute_won';
  const dispute = await closeDispute(trx, deps.clock, deps.gateway, event.disputeId, won ? 'won' : 'lost');
  if (!dispute) return;
  await kind.onDisputeClosed?.(trx, payable, dispute, won, deps);
  if (won && dispute.coins_held > 0) deps.afterCommit(() => publishBalance(deps, payable.userId));
}

/** Concurrent refund events of one payment: each re-reads after another one booked (PostgreSQL re-checks the row). */
const MAX_ROUNDS = 5;

/**
 * A refund made at the gateway (ours, or one started in the gateway's dashboard; issue 31): the payable books
 * what the gateway refunded beyond what it has booked already, and the coins bought with that money come back
 * off the balance through the ledger (never below zero: coins spent in chats stay spent). The booking is
 * conditional on the refunded cents it read, so racing events book once.
 */
async function bookGatewayRefund(kind: PaymentKind, trx: Transaction<Database>, id: number, event: GatewayRefundEvent, deps: PaymentHandlerDeps) {
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const target = await gatewayRefundTarget(trx, deps.clock, deps.gateway, event);
    const payable = (await kind.find(trx, id))!;
    const { charged } = payable;
    const cents = Math.min(target, charged.total_cents) - charged.refunded_cents;
    if (cents <= 0 || !kind.bookable.includes(payable.status)) {
      if (cents > 0) deps.log.warn({ source: kind.type, id, status: payable.status, cents }, 'payments: a gateway refund on a payment that cannot book it');
      return;
    }
    const coins = await kind.bookRefund(trx, payable, { cents, expectedRefundedCents: charged.refunded_cents, now: deps.clock.now().toISOString() });
    if (coins === undefined) continue;
    const taken = coins > 0 ? Math.min(coins, await getBalance(trx, payable.userId)) : 0;
    const refund = await recordGatewayRefund(trx, deps.clock, {
      source: kind.type,
      sourceId: payable.id,
      userId: payable.userId,
      amountCents: cents,
      currency: charged.currency,
      coins: taken,
      gateway: deps.gateway,
      paymentId: event.paymentId,
      gatewayRefundId: event.refunds.length === 1 ? event.refunds[0]!.refundId : null,
      requestKey: `gateway:${deps.gateway}:${event.paymentId}:${charged.refunded_cents + cents}`,
    });
    if (!refund) throw new Error(`${kind.type} ${payable.id}: gateway refund booked twice`);
    if (taken > 0) {
      await postEntry(trx, deps.clock, {
        userId: payable.userId,
        amount: -taken,
        kind: 'refund',
        idempotencyKey: `refund:${refund.id}`,
        reference: { type: kind.type, id: payable.id },
        note: refund.reason,
      });
      deps.afterCommit(() => publishBalance(deps, payable.userId));
    }
    await notifyRefund(trx, deps.clock, refund);
    return;
  }
  throw new Error(`${kind.type} ${id}: gateway refund still racing after ${MAX_ROUNDS} rounds`);
}

async function publishBalance(deps: PaymentHandlerDeps, userId: number) {
  await deps.bus.publish({ type: 'balance', userId, balance: await getBalance(deps.db, userId) });
}
