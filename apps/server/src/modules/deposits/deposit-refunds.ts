import { texts, type RefundBody, type RefundQuote } from '@parley/contracts';
import { type Transaction } from 'kysely';
import { type Database, type Db, type DbOrTrx } from '../../db/database.js';
import { AppError, localized, validationError } from '../../lib/app-error.js';
import { type EventBus } from '../../lib/event-bus.js';
import { getBalance, postEntry } from '../ledger/ledger.service.js';
import { listRefundsOf, runAdminRefund, toRefund, type RefundDeps, type RefundPlan } from '../refunds/refunds.service.js';
import { type RefundRow } from '../refunds/refunds.table.js';
import { chargedOf } from './deposits.mapper.js';
import * as repo from './deposits.repository.js';
import { type DepositRow } from './deposits.table.js';

const tm = texts.money;
const REFUNDABLE = ['success', 'refunded'];

/** Coins that can still be taken back: bought with this deposit, not refunded yet, and still on the balance. */
async function refundableCoins(db: DbOrTrx, deposit: DepositRow) {
  if (!REFUNDABLE.includes(deposit.status)) return 0;
  return Math.max(0, Math.min(deposit.points - deposit.refunded_coins, await getBalance(db, deposit.user_id)));
}

/** The money for `coins` of the deposit; the last coins take the rest, so a full refund is exactly what was paid. */
function centsFor(deposit: DepositRow, coins: number) {
  const { total_cents: total, refunded_cents: refunded } = chargedOf(deposit);
  if (deposit.refunded_coins + coins >= deposit.points) return total - refunded;
  return Math.floor((coins * total) / deposit.points);
}

export async function quoteDepositRefund(db: Db, id: number): Promise<RefundQuote & { refunds: ReturnType<typeof toRefund>[] }> {
  const deposit = await repo.findDeposit(db, id);
  if (!deposit) throw new AppError('NOT_FOUND', texts.admin.notFound);
  const charged = chargedOf(deposit);
  const coins = await refundableCoins(db, deposit);
  return {
    source: 'deposit',
    id,
    status: deposit.status,
    currency: charged.currency,
    total_cents: charged.total_cents,
    refunded_cents: charged.refunded_cents,
    refundable_cents: coins > 0 ? centsFor(deposit, coins) : 0,
    coins: deposit.points,
    refunded_coins: deposit.refunded_coins,
    refundable_coins: coins,
    refunds: await listRefundsOf(db, 'deposit', id),
  };
}

async function planDepositRefund(trx: Transaction<Database>, clock: RefundDeps['clock'], id: number, body: RefundBody): Promise<RefundPlan> {
  const deposit = await repo.findDeposit(trx, id);
  if (!deposit) throw new AppError('NOT_FOUND', texts.admin.notFound);
  if (!REFUNDABLE.includes(deposit.status) || !deposit.gateway_payment_id) throw new AppError('CONFLICT', tm.notRefundable);
  const left = await refundableCoins(trx, deposit);
  if (left === 0) throw new AppError('CONFLICT', tm.nothingLeftToRefund);
  const coins = body.coins ?? left;
  if (coins > left) throw validationError('coins', localized('money.refundCoinsLeft', { coins: left }));
  const amountCents = centsFor(deposit, coins);
  return {
    userId: deposit.user_id,
    amountCents,
    currency: chargedOf(deposit).currency,
    coins,
    gateway: deposit.gateway,
    paymentId: deposit.gateway_payment_id,
    async apply(inner: Transaction<Database>, refund: RefundRow) {
      const now = clock.now().toISOString();
      if (!(await repo.addRefund(inner, deposit.id, { coins, cents: amountCents, now }))) throw new AppError('CONFLICT', tm.nothingLeftToRefund);
      await postEntry(inner, clock, {
        userId: deposit.user_id,
        amount: -coins,
        kind: 'refund',
        idempotencyKey: `refund:${refund.id}`,
        reference: { type: 'deposit', id: deposit.id },
        note: refund.reason,
      });
    },
  };
}

/**
 * An admin refunds a deposit (all that is left, or some coins of it) with a reason. The coins
 * come back off the balance in the same transaction (never below zero), exactly once per request id.
 */
export async function refundDeposit(deps: RefundDeps & { bus: EventBus }, actorId: number, id: number, body: RefundBody) {
  let result;
  try {
    result = await runAdminRefund(deps, {
      source: 'deposit',
      sourceId: id,
      actorId,
      requestId: body.request_id,
      reason: body.reason,
      plan: (trx) => planDepositRefund(trx, deps.clock, id, body),
      auditsCoins: true,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
      const deposit = await repo.findDeposit(deps.db, id);
      throw validationError('coins', localized('money.refundCoinsLeft', { coins: deposit ? await refundableCoins(deps.db, deposit) : 0 }));
    }
    throw error;
  }
  if (result.created) {
    await deps.bus
      .publish({ type: 'balance', userId: result.refund.user_id, balance: await getBalance(deps.db, result.refund.user_id) })
      .catch(() => undefined);
  }
  return { refund: toRefund(result.refund), created: result.created, quote: await quoteDepositRefund(deps.db, id) };
}

/** Paid deposits as the admin's payments list shows them. */
export async function listPaidDeposits(db: Db, page: number, perPage: number) {
  const rows = await repo.listPaidDepositsForAdmin(db, perPage, (page - 1) * perPage);
  return rows.map((row) => ({
    source: 'deposit' as const,
    id: row.id,
    user_email: row.user_email,
    description: `${row.points} coins`,
    status: row.status,
    charged: chargedOf(row),
    paid_at: row.completed_at,
  }));
}
