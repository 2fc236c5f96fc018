import { type Transaction } from 'kysely';
import { type Database } from '../../db/database.js';
import { getBalance, postEntry } from '../ledger/ledger.service.js';
import { type GatewayRefundEvent } from '../payments/gateway.js';
import { type PaymentHandlerDeps } from '../payments/payment-handlers.js';
import { gatewayRefundTarget, notifyRefund, recordGatewayRefund } from '../refunds/refunds.service.js';
import { chargedOf } from './deposits.mapper.js';
import * as repo from './deposits.repository.js';
import { type DepositRow } from './deposits.table.js';

const BOOKABLE = ['success', 'refunded'];
/** Concurrent refund events of one payment: each re-reads after another one booked (PostgreSQL re-checks the row). */
const MAX_ROUNDS = 5;

/** The coins a refund of `cents` buys back: in proportion, and the rest of them when the payment is refunded in full. */
function coinsFor(deposit: DepositRow, cents: number) {
  const { total_cents: total, refunded_cents: refunded } = chargedOf(deposit);
  const left = deposit.points - deposit.refunded_coins;
  if (refunded + cents >= total) return left;
  return Math.min(left, Math.round((cents * deposit.points) / total));
}

/**
 * A refund made at the gateway (ours, or one started in the gateway's dashboard; issue 31): the deposit books
 * what the gateway refunded beyond what it has booked already, as refunded (in part or in full), and the coins
 * bought with that money come back off the balance through the ledger (never below zero: coins spent in chats
 * stay spent). The booking is a conditional update on the refunded cents it read, so racing events book once.
 */
export async function handleDepositGatewayRefund(trx: Transaction<Database>, depositId: number, event: GatewayRefundEvent, deps: PaymentHandlerDeps) {
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const target = await gatewayRefundTarget(trx, deps.clock, deps.gateway, event);
    const deposit = (await repo.findDeposit(trx, depositId))!;
    const charged = chargedOf(deposit);
    const cents = Math.min(target, charged.total_cents) - charged.refunded_cents;
    if (cents <= 0 || !BOOKABLE.includes(deposit.status)) {
      if (cents > 0) deps.log.warn({ depositId, status: deposit.status, cents }, 'payments: a gateway refund on a deposit that cannot book it');
      return;
    }
    const coins = coinsFor(deposit, cents);
    const now = deps.clock.now().toISOString();
    if (!(await repo.addRefund(trx, deposit.id, { coins, cents, now, expectedRefundedCents: charged.refunded_cents }))) continue;
    const taken = Math.min(coins, await getBalance(trx, deposit.user_id));
    const refund = await recordGatewayRefund(trx, deps.clock, {
      source: 'deposit',
      sourceId: deposit.id,
      userId: deposit.user_id,
      amountCents: cents,
      currency: charged.currency,
      coins: taken,
      gateway: deps.gateway,
      paymentId: event.paymentId,
      gatewayRefundId: event.refunds.length === 1 ? event.refunds[0]!.refundId : null,
      requestKey: `gateway:${deps.gateway}:${event.paymentId}:${charged.refunded_cents + cents}`,
    });
    if (!refund) throw new Error(`deposit ${deposit.id}: gateway refund booked twice`);
    if (taken > 0) {
      await postEntry(trx, deps.clock, {
        userId: deposit.user_id,
        amount: -taken,
        kind: 'refund',
        idempotencyKey: `refund:${refund.id}`,
        reference: { type: 'deposit', id: deposit.id },
        note: refund.reason,
      });
      deps.afterCommit(async () => deps.bus.publish({ type: 'balance', userId: deposit.user_id, balance: await getBalance(deps.db, deposit.user_id) }));
    }
    await notifyRefund(trx, deps.clock, refund);
    return;
  }
  throw new Error(`deposit ${depositId}: gateway refund still racing after ${MAX_ROUNDS} rounds`);
}
