import { texts } from '@parley/contracts';
import { type Transaction } from 'kysely';
import { type Database } from '../../db/database.js';
import { localized } from '../../lib/app-error.js';
import { postEntry } from '../ledger/ledger.service.js';
import { reverseEarningsPaidBy } from '../payouts/earnings.service.js';
import { createNotification } from '../notifications/notifications.service.js';
import { parseBilling } from '../payments/billing.js';
import { refundUnfulfilled } from '../payments/payables.js';
import { payableFrom, type Payable, type PaymentHandlerDeps, type PaymentKind } from '../payments/payment-kinds.js';
import { chargedOf } from './deposits.mapper.js';
import * as repo from './deposits.repository.js';
import { type DepositRow } from './deposits.table.js';

type DepositPayable = Payable & { row: DepositRow };

const asPayable = (row: DepositRow): DepositPayable => payableFrom(row, chargedOf(row));

/** The coins a refund of `cents` buys back: in proportion, and the rest of them when the payment is refunded in full. */
function coinsFor(deposit: DepositRow, cents: number) {
  const { total_cents: total, refunded_cents: refunded } = chargedOf(deposit);
  const left = deposit.points - deposit.refunded_coins;
  if (refunded + cents >= total) return left;
  return Math.min(left, Math.round((cents * deposit.points) / total));
}

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

/**
 * Top-ups as a payment kind (`deposit:<id>`). Coins are credited exactly once: the conditional status move
 * lets one transaction through, and the ledger's idempotency key `deposit:<id>` would refuse a second credit.
 *
 * A success is final. A success that arrives after a failure still credits (the gateway says the money was
 * captured, so the buyer gets the coins); a success for an expired (canceled) checkout is refunded, never
 * lost; a failure that arrives after a success changes nothing.
 */
export const depositPayments: PaymentKind<DepositPayable> = {
  type: 'deposit',
  find: async (trx, id) => {
    const row = await repo.findDeposit(trx, id);
    return row && asPayable(row);
  },
  // The matching deposit moves to success in one statement and says whom to credit.
  async settle(trx, id, event, deps) {
    const payment = { paymentId: event.paymentId ?? event.sessionId, method: event.paymentMethod ?? 'Card' };
    const now = deps.clock.now().toISOString();
    const moved = await repo.settleDeposit(trx, { id, gateway: deps.gateway, sessionId: event.sessionId, amountCents: event.amountCents, now, ...payment });
    if (moved) await creditDeposit(trx, moved, deps);
    return Boolean(moved);
  },
  // Matching but not settled: already a success, credited by an earlier event, or an expired checkout.
  async fulfil(trx, deposit, event, deps) {
    if (deposit.status === 'canceled') await refundUnfulfilled(depositPayments, trx, deposit, event, deps, texts.money.expiredPaymentRefunded);
  },
  async fail(trx, deposit, event, deps) {
    await repo.markDepositFailed(trx, deposit.id, event.failureMessage ?? 'Payment failed', deps.clock.now().toISOString());
  },
  lateRefundKey: 'late',
  // The checkout had expired: no coins are credited.
  async onRefundedUnfulfilled(trx, deposit, event, _refund, deps) {
    await repo.noteLateRefund(trx, deposit.id, event.amountCents, texts.money.expiredPaymentRefunded, deps.clock.now().toISOString());
  },
  disputedCoins: ({ row }) => Math.max(0, row.points - row.refunded_coins),
  async onDisputeOpened(trx, deposit, dispute, deps) {
    const now = deps.clock.now().toISOString();
    await repo.setDisputed(trx, deposit.id, true, now);
    await createNotification(trx, {
      userId: deposit.userId,
      kind: 'deposit.disputed',
      title: texts.money.disputeNoticeTitle,
      body: localized('money.disputeNoticeBody', { coins: dispute.coins_held }),
      link: '/account?tab=history',
      dedupeKey: `dispute:${dispute.id}`,
      createdAt: now,
    });
  },
  // Won: back to what it was (paid, or refunded in part). Lost: stays 'disputed', the held coins are gone.
  async onDisputeClosed(trx, { row: deposit }, dispute, won, deps) {
    if (won) {
      await repo.setDisputed(trx, deposit.id, false, deps.clock.now().toISOString());
      return;
    }
    // The coins that could not be held had been spent in chats: the contributors' shares of them go back.
    const spent = Math.max(0, deposit.points - deposit.refunded_coins - dispute.coins_held);
    const share = Math.floor((spent * deps.settings.contributor_share_percent) / 100);
    if (share === 0) return;
    await reverseEarningsPaidBy(trx, deps.clock, {
      payerId: deposit.user_id,
      since: deposit.completed_at ?? deposit.created_at,
      coins: share,
      keyPrefix: `dispute:${dispute.id}:reverse`,
      reason: 'The card payment behind these earnings was charged back',
    });
  },
  bookable: ['success', 'refunded'],
  async bookRefund(trx, { row }, { cents, expectedRefundedCents, now }) {
    const coins = coinsFor(row, cents);
    return (await repo.addRefund(trx, row.id, { coins, cents, now, expectedRefundedCents })) ? coins : undefined;
  },
  async listReceiptPending(db, limit) {
    return (await repo.listReceiptPending(db, limit)).map((deposit) => ({
      id: deposit.id,
      userId: deposit.user_id,
      pendingAt: deposit.receipt_pending_at!,
      description: `${deposit.points} Parley coins`,
      charged: chargedOf(deposit),
      vatPercent: deposit.vat_percent,
      paymentMethod: deposit.payment_method,
      billing: parseBilling(deposit.billing),
    }));
  },
  markReceiptsIssued: async (trx, ids) => {
    await repo.clearReceiptPending(trx, ids);
  },
  expireStale: (db, clock) => repo.expireDeposits(db, clock.now().toISOString(), texts.money.checkoutExpired),
};
