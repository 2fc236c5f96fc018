import { formatMoney, texts, type Refund } from '@parley/contracts';
import { type FastifyBaseLogger } from 'fastify';
import { type Transaction } from 'kysely';
import { type Database, type Db, type DbOrTrx } from '../../db/database.js';
import { AppError, localized } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { recordAudit } from '../audit/audit.service.js';
import { createNotification } from '../notifications/notifications.service.js';
import { type GatewayRefundEvent, type PaymentGateway } from '../payments/gateway.js';
import * as repo from './refunds.repository.js';
import { type RefundRow, type RefundSource } from './refunds.table.js';

/**
 * Refunds in two steps. In the caller's transaction (the one that also takes the coins back
 * and moves the payment's status) a refund row is reserved, unique per request key: a repeated
 * click or webhook finds it and does nothing. After the commit the gateway is asked, with the
 * refund's id as its idempotency key, so a retry never refunds twice; a refund the gateway could
 * not take yet stays pending and `retryPendingRefunds` (periodic job) asks again.
 */
export interface RefundDeps {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
}

export interface ReserveRefundInput {
  source: RefundSource;
  sourceId: number;
  userId: number;
  amountCents: number;
  currency: string;
  coins: number;
  reason: string;
  gateway: string;
  paymentId: string;
  actorId: number | null;
  requestKey: string;
}

/** What every refund row says of the payment it gives money back on. */
const refundRow = (input: Omit<ReserveRefundInput, 'actorId' | 'reason' | 'requestKey'>, now: string) => ({
  source_type: input.source,
  source_id: input.sourceId,
  user_id: input.userId,
  amount_cents: input.amountCents,
  currency: input.currency,
  coins: input.coins,
  gateway: input.gateway,
  payment_id: input.paymentId,
  last_error: null,
  created_at: now,
  updated_at: now,
});

/** The refund for this request key: `created` false when it existed already (nothing else may change then). */
export async function reserveRefund(trx: Transaction<Database>, clock: Clock, input: ReserveRefundInput): Promise<{ refund: RefundRow; created: boolean }> {
  const now = clock.now().toISOString();
  const inserted = await repo.insertRefund(trx, {
    ...refundRow(input, now),
    reason: input.reason.slice(0, 255),
    status: 'pending',
    actor_id: input.actorId,
    request_key: input.requestKey,
    gateway_refund_id: null,
  });
  if (inserted) return { refund: inserted, created: true };
  return { refund: (await repo.findRefundByKey(trx, input.requestKey))!, created: false };
}

export const findRefundByKey = repo.findRefundByKey;

/**
 * A refund made at the gateway, whoever started it (issue 31): notes the refunds the event names by their
 * ids and returns what the gateway has refunded of the payment in all, as far as anyone told us — the
 * event's total when it has one, else the sum of every refund id reported so far. The payment's owner books
 * the part of it its records lack (its refunded cents include our own admin refunds, booked before the
 * gateway was asked), so repeated, reordered and racing events take the money and coins back once.
 */
export async function gatewayRefundTarget(trx: Transaction<Database>, clock: Clock, gateway: string, event: GatewayRefundEvent): Promise<number> {
  for (const refund of event.refunds) {
    await repo.insertGatewayRefund(trx, {
      gateway,
      refund_id: refund.refundId.slice(0, 128),
      payment_id: event.paymentId,
      amount_cents: refund.amountCents,
      created_at: clock.now().toISOString(),
    });
  }
  return Math.max(event.totalRefundedCents ?? 0, await repo.sumGatewayRefunds(trx, gateway, event.paymentId));
}

/** Books a refund the gateway has made already (status succeeded), once per key; undefined if the key was used. */
export async function recordGatewayRefund(
  trx: Transaction<Database>,
  clock: Clock,
  input: Omit<ReserveRefundInput, 'actorId' | 'reason'> & { gatewayRefundId: string | null },
): Promise<RefundRow | undefined> {
  const now = clock.now().toISOString();
  return repo.insertRefund(trx, {
    ...refundRow(input, now),
    reason: texts.money.gatewayRefund,
    status: 'succeeded',
    actor_id: null,
    request_key: input.requestKey.slice(0, 128),
    gateway_refund_id: input.gatewayRefundId?.slice(0, 128) ?? null,
  });
}

/** Asks the gateway to pay a reserved refund back; true when it is (now or already) done. */
export async function executeRefund(deps: RefundDeps, refundId: number): Promise<boolean> {
  const refund = await repo.findRefund(deps.db, refundId);
  if (!refund) return false;
  if (refund.status === 'succeeded') return true;
  try {
    const { refundId: gatewayRefundId } = await deps.gateway.refund({
      paymentId: refund.payment_id,
      amountCents: refund.amount_cents,
      currency: refund.currency,
      idempotencyKey: `refund:${refund.id}`,
      reference: `${refund.source_type}:${refund.source_id}`,
    });
    await repo.markRefundSucceeded(deps.db, refund.id, gatewayRefundId, deps.clock.now().toISOString());
    return true;
  } catch (error) {
    deps.log.warn({ err: error, refundId }, 'refund: the gateway did not refund yet; will retry');
    await repo.markRefundAttemptFailed(deps.db, refund.id, error instanceof Error ? error.message : String(error), deps.clock.now().toISOString());
    return false;
  }
}

/** Pending refunds (the gateway was down): asked again; returns how many went through. */
export async function retryPendingRefunds(deps: RefundDeps): Promise<number> {
  let done = 0;
  for (const refund of await repo.listPendingRefunds(deps.db, 50)) if (await executeRefund(deps, refund.id)) done += 1;
  return done;
}

export function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    source: row.source_type,
    source_id: row.source_id,
    amount_cents: row.amount_cents,
    currency: row.currency,
    coins: row.coins,
    reason: row.reason,
    status: row.status,
    created_at: row.created_at,
  };
}

export async function listRefundsOf(db: DbOrTrx, source: RefundSource, sourceId: number): Promise<Refund[]> {
  return (await repo.listRefundsOf(db, source, sourceId)).map(toRefund);
}

/** What one admin refund does to its payment, decided inside the transaction by the payment's owner module. */
export interface RefundPlan {
  userId: number;
  amountCents: number;
  currency: string;
  coins: number;
  gateway: string;
  paymentId: string;
  /** Books it on the payment (conditional update), takes the coins back, grants or revokes… inside the transaction. */
  apply(trx: Transaction<Database>, refund: RefundRow): Promise<void>;
}

export interface AdminRefundInput {
  source: RefundSource;
  sourceId: number;
  actorId: number;
  requestId: string;
  reason: string;
  plan(trx: Transaction<Database>): Promise<RefundPlan>;
  /** The audit entry (`<source>.refund`) lists the coins taken back too (top-ups). */
  auditsCoins?: boolean;
}

async function bookAdminRefund(trx: Transaction<Database>, clock: Clock, input: AdminRefundInput, requestKey: string) {
  const earlier = await repo.findRefundByKey(trx, requestKey);
  if (earlier) return { refund: earlier, created: false };
  const plan = await input.plan(trx);
  const { refund, created } = await reserveRefund(trx, clock, {
    source: input.source,
    sourceId: input.sourceId,
    userId: plan.userId,
    amountCents: plan.amountCents,
    currency: plan.currency,
    coins: plan.coins,
    reason: input.reason,
    gateway: plan.gateway,
    paymentId: plan.paymentId,
    actorId: input.actorId,
    requestKey,
  });
  if (!created) return { refund, created };
  await plan.apply(trx, refund);
  // In the same transaction: the audit row and the notice to the user.
  const { amount_cents, currency, coins, reason } = refund;
  await recordAudit(trx, clock, {
    actorId: input.actorId,
    action: `${input.source}.refund`,
    subjectType: input.source,
    subjectId: input.sourceId,
    after: { refund_id: refund.id, amount_cents, currency, ...(input.auditsCoins ? { coins } : {}), reason },
  });
  await notifyRefund(trx, clock, refund);
  return { refund, created };
}

/**
 * An admin refund, exactly once per request id: the refund row is reserved first (unique key;
 * a concurrent second click waits for the first and then finds it), the owner module books it
 * on the payment and takes the coins back, the audit row lands in the same transaction, and the
 * gateway is asked after the commit. Returns the refund and whether this call created it.
 */
export async function runAdminRefund(deps: RefundDeps, input: AdminRefundInput): Promise<{ refund: RefundRow; created: boolean }> {
  const requestKey = `admin:${input.requestId}`;
  let outcome: { refund: RefundRow; created: boolean };
  try {
    outcome = await deps.db.transaction().execute((trx) => bookAdminRefund(trx, deps.clock, input, requestKey));
  } catch (error) {
    // A concurrent click with the same request id committed while this one was checking: its refund is the answer.
    const earlier = await repo.findRefundByKey(deps.db, requestKey);
    if (!earlier) throw error;
    outcome = { refund: earlier, created: false };
  }
  if (outcome.refund.source_type !== input.source || outcome.refund.source_id !== input.sourceId) throw new AppError('CONFLICT', texts.admin.requestIdReused);
  // Only the click that booked it asks the gateway; a pending one left behind is retried by retryPendingRefunds.
  if (outcome.created) await executeRefund(deps, outcome.refund.id);
  return { refund: (await repo.findRefund(deps.db, outcome.refund.id))!, created: outcome.created };
}

/** The user's notice of a refund, written in the refund's transaction (once per refund). */
export function notifyRefund(trx: Transaction<Database>, clock: Clock, refund: RefundRow) {
  const tab = refund.source_type === 'order' ? 'orders' : 'history';
  return createNotification(trx, {
    userId: refund.user_id,
    kind: `${refund.source_type}.refunded`,
    title: texts.money.refundNoticeTitle,
    body: [localized('money.refundNoticeBody', { amount: formatMoney(refund.amount_cents, `${refund.currency} `) }), refund.reason],
    link: `/account?tab=${tab}`,
    dedupeKey: `refund:${refund.id}`,
    createdAt: clock.now().toISOString(),
  });
}
