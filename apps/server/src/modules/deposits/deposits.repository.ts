import { prepared } from '../../db/prepared.js';
import { type DbOrTrx } from '../../db/database.js';
import { sql } from 'kysely';
import { type DepositStatus, type NewDepositRow } from './deposits.table.js';

export const listActiveBundles = (db: DbOrTrx) => db.selectFrom('bundles').selectAll().where('is_active', '=', 1).orderBy('position').orderBy('id').execute();

export const findActiveBundle = (db: DbOrTrx, id: number) =>
  db.selectFrom('bundles').selectAll().where('id', '=', id).where('is_active', '=', 1).executeTakeFirst();

export const findCurrencyByCode = (db: DbOrTrx, code: string) =>
  db.selectFrom('currencies').selectAll().where('code', '=', code.toUpperCase()).executeTakeFirst();

export function findCountry(db: DbOrTrx, country: number | string) {
  const query = db.selectFrom('countries').select(['id', 'title', 'iso']);
  if (typeof country === 'number') return query.where('id', '=', country).executeTakeFirst();
  if (/^\d+$/.test(country)) return query.where('id', '=', Number(country)).executeTakeFirst();
  if (/^[A-Za-z]{2}$/.test(country)) return query.where('iso', '=', country.toUpperCase()).executeTakeFirst();
  return query.where('title', '=', country).executeTakeFirst();
}

export const insertDeposit = (db: DbOrTrx, deposit: NewDepositRow) => db.insertInto('deposits').values(deposit).returningAll().executeTakeFirstOrThrow();

/** The billing details of the user's latest top-up (JSON), if any. */
export const findLatestBilling = async (db: DbOrTrx, userId: number) =>
  (
    await db
      .selectFrom('deposits')
      .select('billing')
      .where('user_id', '=', userId)
      .where('billing', 'is not', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
  )?.billing ?? null;

export const findDeposit = (db: DbOrTrx, id: number) => db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserDeposit = (db: DbOrTrx, userId: number, id: number) =>
  db.selectFrom('deposits').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

export const setGatewaySession = (db: DbOrTrx, id: number, sessionId: string, now: string) =>
  db.updateTable('deposits').set({ gateway_session_id: sessionId, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

type SettleMatch = { id: number; gateway: string; sessionId: string; amountCents: number; now: string; paymentId: string; method: string };

/** Every credit runs it: prepared once. */
const settle = prepared((db, m: SettleMatch) =>
  db
    .updateTable('deposits')
    .set({
      status: 'success',
      failure_message: null,
      completed_at: m.now,
      updated_at: m.now,
      gateway_payment_id: m.paymentId,
      payment_method: m.method,
      receipt_pending_at: m.now,
    })
    .where('id', '=', m.id)
    .where('gateway', '=', m.gateway)
    .where('status', 'in', ['pending', 'error'])
    .where((eb) => eb(eb.fn.coalesce('charge_total_cents', 'total_cents'), '=', m.amountCents))
    .where((eb) => eb.or([eb('gateway_session_id', 'is', null), eb('gateway_session_id', '=', m.sessionId)]))
    .returning(['id', 'user_id', 'points']),
);

/**
 * Pending (or failed) → success for the deposit that matches the gateway event in every respect (gateway,
 * session when one was recorded, amount), marked as waiting for its receipt. Returns whom to credit (only
 * that: every column more is parsed on every credit), or undefined when nothing moved.
 */
export const settleDeposit = async (db: DbOrTrx, match: SettleMatch) => {
  const [row] = await settle(db, match);
  return row;
};

/** Paid deposits still waiting for their receipt, in the order they were paid. */
export const listReceiptPending = (db: DbOrTrx, limit: number) =>
  db.selectFrom('deposits').selectAll().where('receipt_pending_at', 'is not', null).orderBy('receipt_pending_at').orderBy('id').limit(limit).execute();

export const clearReceiptPending = (db: DbOrTrx, ids: number[]) =>
  db.updateTable('deposits').set({ receipt_pending_at: null }).where('id', 'in', ids).execute();

/** Pending → error; a success is final and never undone by a late failure. */
export async function markDepositFailed(db: DbOrTrx, id: number, message: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('deposits')
    .set({ status: 'error', failure_message: message.slice(0, 255), completed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const listSuccessfulDeposits = (db: DbOrTrx, userId: number, limit: number, offset: number) =>
  db
    .selectFrom('deposits')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['success', 'refunded', 'disputed'])
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export async function countSuccessfulDeposits(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('deposits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['success', 'refunded', 'disputed'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Pending checkouts past their expiry → canceled (all of them, or one). Returns how many moved. */
export async function expireDeposits(db: DbOrTrx, now: string, message: string, id?: number): Promise<number> {
  let query = db
    .updateTable('deposits')
    .set({ status: 'canceled', failure_message: message, completed_at: now, updated_at: now })
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now);
  if (id !== undefined) query = query.where('id', '=', id);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

/** A late payment for an expired checkout was refunded: recorded on the deposit, which stays canceled. */
export function noteLateRefund(db: DbOrTrx, id: number, cents: number, message: string, now: string) {
  return db
    .updateTable('deposits')
    .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', cents), failure_message: message, updated_at: now }))
    .where('id', '=', id)
    .execute();
}

/**
 * Books a refund on a paid deposit, never past what was paid or bought: true only if it fitted.
 * Concurrent refunds of one deposit are serialized by this conditional update.
 */
export async function addRefund(
  db: DbOrTrx,
  id: number,
  refund: {
    coins: number;
    cents: number;
    now: string;
    /** Only if the booked cents are still these (a gateway refund's reckoning). */ expectedRefundedCents?: number;
  },
): Promise<boolean> {
  let update = db
    .updateTable('deposits')
    .set((eb) => ({
      status: 'refunded',
      refunded_coins: eb('refunded_coins', '+', refund.coins),
      refunded_cents: eb('refunded_cents', '+', refund.cents),
      updated_at: refund.now,
    }))
    .where('id', '=', id)
    .where('status', 'in', ['success', 'refunded'])
    .where((eb) => eb(eb('refunded_coins', '+', refund.coins), '<=', eb.ref('points')))
    .where((eb) => eb(eb('refunded_cents', '+', refund.cents), '<=', eb.fn.coalesce('charge_total_cents', 'total_cents')));
  if (refund.expectedRefundedCents !== undefined) update = update.where('refunded_cents', '=', refund.expectedRefundedCents);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Paid (or refunded in part) ⇄ disputed. */
export function setDisputed(db: DbOrTrx, id: number, disputed: boolean, now: string) {
  if (disputed)
    return db
      .updateTable('deposits')
      .set({ status: 'disputed', updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', ['success', 'refunded'])
      .execute();
  return db
    .updateTable('deposits')
    .set({ status: sql<DepositStatus>`case when refunded_coins > 0 then 'refunded' else 'success' end`, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'disputed')
    .execute();
}

/** Paid deposits for the admin's refund screen, newest first, with the buyer's email. */
export function listPaidDepositsForAdmin(db: DbOrTrx, limit: number, offset: number) {
  return db
    .selectFrom('deposits')
    .innerJoin('users', 'users.id', 'deposits.user_id')
    .selectAll('deposits')
    .select('users.email as user_email')
    .where('deposits.status', 'in', ['success', 'refunded', 'disputed'])
    .orderBy('deposits.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
