import { texts, type RefundBody, type RefundQuote } from '@parley/contracts';
import { type Transaction } from 'kysely';
import { type Database, type Db } from '../../db/database.js';
import { AppError, validationError } from '../../lib/app-error.js';
import { listRefundsOf, runAdminRefund, toRefund, type RefundDeps, type RefundPlan } from '../refunds/refunds.service.js';
import { chargedOf } from './store.mapper.js';
import * as repo from './store.repository.js';

const tm = texts.money;
const REFUNDABLE = ['success', 'refunded'];

export async function quoteOrderRefund(db: Db, id: number): Promise<RefundQuote & { refunds: ReturnType<typeof toRefund>[] }> {
  const order = await repo.findOrderById(db, id);
  if (!order) throw new AppError('NOT_FOUND', texts.admin.notFound);
  const charged = chargedOf(order);
  const left = REFUNDABLE.includes(order.status) ? charged.total_cents - charged.refunded_cents : 0;
  return {
    source: 'order',
    id,
    status: order.status,
    currency: charged.currency,
    total_cents: charged.total_cents,
    refunded_cents: charged.refunded_cents,
    refundable_cents: left,
    coins: 0,
    refunded_coins: 0,
    refundable_coins: 0,
    refunds: await listRefundsOf(db, 'order', id),
  };
}

async function planOrderRefund(trx: Transaction<Database>, clock: RefundDeps['clock'], id: number, body: RefundBody): Promise<RefundPlan> {
  const order = await repo.findOrderById(trx, id);
  if (!order) throw new AppError('NOT_FOUND', texts.admin.notFound);
  if (!REFUNDABLE.includes(order.status) || !order.gateway_payment_id || !order.gateway) throw new AppError('CONFLICT', tm.notRefundable);
  const charged = chargedOf(order);
  const left = charged.total_cents - charged.refunded_cents;
  if (left <= 0) throw new AppError('CONFLICT', tm.nothingLeftToRefund);
  const amountCents = body.amount_cents ?? left;
  if (amountCents > left) throw validationError('amount_cents', tm.refundAmountTooLarge);
  return {
    userId: order.user_id,
    amountCents,
    currency: charged.currency,
    coins: 0,
    gateway: order.gateway,
    paymentId: order.gateway_payment_id,
    async apply(inner: Transaction<Database>) {
      if (!(await repo.addOrderRefund(inner, order.id, amountCents, clock.now().toISOString()))) throw new AppError('CONFLICT', tm.nothingLeftToRefund);
      // Refunded in full: the skin goes back too.
      if (amountCents === left) await repo.revokeSkin(inner, order.user_id, order.product_id);
    },
  };
}

/** An admin refunds a skin order, in full (the skin is taken back) or in part, exactly once per request id. */
export async function refundOrder(deps: RefundDeps, actorId: number, id: number, body: RefundBody) {
  const result = await runAdminRefund(deps, {
    source: 'order',
    sourceId: id,
    actorId,
    requestId: body.request_id,
    reason: body.reason,
    plan: (trx) => planOrderRefund(trx, deps.clock, id, body),
  });
  return { refund: toRefund(result.refund), created: result.created, quote: await quoteOrderRefund(deps.db, id) };
}

/** Paid orders as the admin's payments list shows them. */
export async function listPaidOrders(db: Db, page: number, perPage: number) {
  const rows = await repo.listPaidOrdersForAdmin(db, perPage, (page - 1) * perPage);
  return rows.map((row) => ({
    source: 'order' as const,
    id: row.id,
    user_email: row.user_email,
    description: row.product_name,
    status: row.status,
    charged: chargedOf(row),
    paid_at: row.paid_at,
  }));
}
