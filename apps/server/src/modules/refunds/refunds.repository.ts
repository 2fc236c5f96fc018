import { type Insertable } from 'kysely';
import { type DbOrTrx } from '../../db/database.js';
import { type RefundSource, type RefundsTable } from './refunds.table.js';

/** Inserts a refund; undefined when its request key was used before (the same click or cause again). */
export function insertRefund(db: DbOrTrx, row: Insertable<RefundsTable>) {
  return db
    .insertInto('refunds')
    .values(row)
    .onConflict((oc) => oc.column('request_key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export const findRefundByKey = (db: DbOrTrx, key: string) => db.selectFrom('refunds').selectAll().where('request_key', '=', key).executeTakeFirst();

export const findRefund = (db: DbOrTrx, id: number) => db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();

export function markRefundSucceeded(db: DbOrTrx, id: number, gatewayRefundId: string, now: string) {
  return db
    .updateTable('refunds')
    .set((eb) => ({ status: 'succeeded', gateway_refund_id: gatewayRefundId, attempts: eb('attempts', '+', 1), last_error: null, updated_at: now }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export function markRefundAttemptFailed(db: DbOrTrx, id: number, error: string, now: string) {
  return db
    .updateTable('refunds')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 255), updated_at: now }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export function listPendingRefunds(db: DbOrTrx, limit: number) {
  return db.selectFrom('refunds').selectAll().where('status', '=', 'pending').orderBy('id').limit(limit).execute();
}

export function listRefundsOf(db: DbOrTrx, sourceType: RefundSource, sourceId: number) {
  return db.selectFrom('refunds').selectAll().where('source_type', '=', sourceType).where('source_id', '=', sourceId).orderBy('id').execute();
}

/** Notes a refund the gateway reported; nothing when its id was noted before. */
export function insertGatewayRefund(db: DbOrTrx, row: { gateway: string; refund_id: string; payment_id: string; amount_cents: number; created_at: string }) {
  return db
    .insertInto('gateway_refunds')
    .values(row)
    .onConflict((oc) => oc.columns(['gateway', 'refund_id']).doNothing())
    .execute();
}

/** The sum of the refunds a gateway reported on a payment. */
export async function sumGatewayRefunds(db: DbOrTrx, gateway: string, paymentId: string): Promise<number> {
  const row = await db
    .selectFrom('gateway_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount_cents'), eb.lit(0)).as('total'))
    .where('gateway', '=', gateway)
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
