import { texts } from '@parley/contracts';
import { type Transaction } from 'kysely';
import { type Database } from '../../db/database.js';
import { AppError, localized } from '../../lib/app-error.js';
import { closeDispute, openDispute } from '../disputes/disputes.service.js';
import { getBalance, postEntry } from '../ledger/ledger.service.js';
import { reverseEarningsPaidBy } from '../payouts/earnings.service.js';
import { createNotification } from '../notifications/notifications.service.js';
import { isDisputeEvent, isRefundEvent, type DisputeEvent, type PaymentOutcomeEvent } from '../payments/gateway.js';
import { referenceId, type PaymentHandler, type PaymentHandlerDeps } from '../payments/payment-handlers.js';
import { webhookErrors } from '../payments/webhook-signature.js';
import { executeRefund, notifyRefund, reserveRefund } from '../refunds/refunds.service.js';
import { handleDepositGatewayRefund } from './deposit-gateway-refunds.js';
import { chargedOf } from './deposits.mapper.js';
import * as repo from './deposits.repository.js';
import { type DepositRow } from './deposits.table.js';

/**
 * The `deposit:` payment handler. Coins are credited exactly once: the
 * conditional status move lets one transaction through, and the ledger's
 * idempotency key `deposit:<id>` would refuse a second credit anyway.
 *
 * A success is final. A success that arrives after a failure still credits
 * (the gateway says the money was captured, so the buyer gets the coins);
 * a success for an expired (canceled) checkout is refunded, never lost;
 * a failure that arrives after a success changes nothing.
 */
export const handleDepositPayment: PaymentHandler = async (trx, event, deps) => {
  const id = referenceId(event.reference);
  const now = deps.clock.now().toISOString();
  // The usual case in one statement: the matching deposit moves to success and says whom to credit.
  if (event.kind === 'succeeded' && id !== undefined) {
    const payment = { paymentId: event.paymentId ?? event.sessionId, method: event.paymentMethod ?? 'Card' };
    const moved = await repo.settleDeposit(trx, { id, gateway: deps.gateway, sessionId: event.sessionId, amountCents: event.amountCents, now, ...payment });
    if (moved) return creditDeposit(trx, moved, deps);
  }

  const deposit = id === undefined ? undefined : await repo.findDeposit(trx, id);
  if (!deposit || deposit.gateway !== deps.gateway) throw new AppError('BAD_REQUEST', webhookErrors.unknownReference);
  if (isDisputeEvent(event)) return handleDispute(trx, deposit, event, deps);
  if (isRefundEvent(event)) return handleDepositGatewayRefund(trx, deposit.id, event, deps);
  if (deposit.gateway_session_id && deposit.gateway_session_id !== event.sessionId) throw new AppError('BAD_REQUEST', webhookErrors.unknownReference);
  if (event.kind === 'failed') {
    await repo.markDepositFailed(trx, deposit.id, event.failureMessage ?? 'Payment failed', now);
    return;
  }
  if (event.amountCents !== chargedOf(deposit).total_cents) throw new AppError('BAD_REQUEST', webhookErrors.amountMismatch);
  if (deposit.status === 'canceled') return refundLatePayment(trx, deposit, event, deps);
  // Matching but not moved: already a success, credited by an earlier event.
};

/**
 * The coins and, after the commit, the new balance. The receipt is not written here: the settle marked
 * the deposit as waiting for it, and the job worker numbers and mails it (receipts/receipts.issuer.ts).
 */
async function creditDeposit(trx: Transaction<Database>, deposit: Pick<DepositRow, 'id' | 'user_id' | 'points'>, deps: PaymentHandlerDeps) {
  const { entry, created } = await postEntry(trx, deps.clock, {
    userId: deposit.user_id,
    amount: deposit.points,
    kind: 'top_up',
    idempotencyKey: `deposit:${deposit.id}`,
    reference: { type: 'deposit', id: deposit.id },
  });
  if (created) deps.afterCommit(() => deps.bus.publish({ type: 'balance', userId: deposit.user_id, balance: entry.balance_after }));
}

/** The checkout had expired: the money goes back through the gateway, no coins are credited. */
async function refundLatePayment(trx: Transaction<Database>, deposit: DepositRow, event: PaymentOutcomeEvent, deps: PaymentHandlerDeps) {
  const paymentId = event.paymentId ?? event.sessionId;
  const { refund, created } = await reserveRefund(trx, deps.clock, {
    source: 'deposit',
    sourceId: deposit.id,
    userId: deposit.user_id,
    amountCents: event.amountCents,
    currency: chargedOf(deposit).currency,
    coins: 0,
    reason: texts.money.expiredPaymentRefunded,
    gateway: deps.gateway,
    paymentId,
    actorId: null,
    requestKey: `late:deposit:${deposit.id}:${paymentId}`.slice(0, 128),
  });
  if (!created) return;
  await notifyRefund(trx, deps.clock, refund);
  await repo.noteLateRefund(trx, deposit.id, event.amountCents, texts.money.expiredPaymentRefunded, deps.clock.now().toISOString());
  deps.afterCommit(() => executeRefund({ db: deps.db, clock: deps.clock, gateway: deps.gatewayClient, log: deps.log }, refund.id).then(() => undefined));
}

async function handleDispute(trx: Transaction<Database>, deposit: DepositRow, event: DisputeEvent, deps: PaymentHandlerDeps) {
  const now = deps.clock.now().toISOString();
  if (event.kind === 'dispute_opened') {
    const { dispute, created } = await openDispute(trx, deps.clock, {
      gateway: deps.gateway,
      disputeId: event.disputeId,
      source: 'deposit',
      sourceId: deposit.id,
      userId: deposit.user_id,
      amountCents: event.amountCents,
      reason: event.reason,
      coins: Math.max(0, deposit.points - deposit.refunded_coins),
    });
    if (created) {
      await repo.setDisputed(trx, deposit.id, true, now);
      await createNotification(trx, {
        userId: deposit.user_id,
        kind: 'deposit.disputed',
        title: texts.money.disputeNoticeTitle,
        body: localized('money.disputeNoticeBody', { coins: dispute.coins_held }),
        link: '/account?tab=history',
        dedupeKey: `dispute:${dispute.id}`,
        createdAt: now,
      });
    }
    if (created && dispute.coins_held > 0) deps.afterCommit(() => publishBalance(deps, deposit.user_id));
    return;
  }
  const dispute = await closeDispute(trx, deps.clock, deps.gateway, event.disputeId, event.kind === 'dispute_won' ? 'won' : 'lost');
  if (!dispute) return;
  // Won: back to what it was (paid, or refunded in part). Lost: stays 'disputed', the held coins are gone.
  if (event.kind === 'dispute_won') {
    await repo.setDisputed(trx, deposit.id, false, now);
    if (dispute.coins_held > 0) deps.afterCommit(() => publishBalance(deps, deposit.user_id));
    return;
  }
  // The coins that could not be held had been spent in chats: the contributors' shares of them go back.
  const spent = Math.max(0, deposit.points - deposit.refunded_coins - dispute.coins_held);
  const share = Math.floor((spent * deps.settings.contributor_share_percent) / 100);
  if (share > 0) {
    await reverseEarningsPaidBy(trx, deps.clock, {
      payerId: deposit.user_id,
      since: deposit.completed_at ?? deposit.created_at,
      coins: share,
      keyPrefix: `dispute:${dispute.id}:reverse`,
      reason: 'The card payment behind these earnings was charged back',
    });
  }
}

async function publishBalance(deps: PaymentHandlerDeps, userId: number) {
  await deps.bus.publish({ type: 'balance', userId, balance: await getBalance(deps.db, userId) });
}
