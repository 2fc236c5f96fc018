import { prepared } from '../../db/prepared.js';
import { type DbOrTrx } from '../../db/database.js';

type PaymentEventValues = { gateway: string; event_id: string; kind: string; reference: string; amount_cents: number; created_at: string };

/** Every webhook runs it: prepared once. */
const insertPaymentEvent = prepared((db, e: PaymentEventValues) =>
  db
    .insertInto('payment_events')
    .values({ gateway: e.gateway, event_id: e.event_id, kind: e.kind, reference: e.reference, amount_cents: e.amount_cents, created_at: e.created_at })
    .onConflict((oc) => oc.columns(['gateway', 'event_id']).doNothing())
    .returning('id'),
);

/** Records a gateway event id; undefined when it had been recorded before (a redelivery). */
export async function recordPaymentEvent(db: DbOrTrx, event: PaymentEventValues) {
  const [row] = await insertPaymentEvent(db, event);
  return row;
}

export const findCurrencyByCode = (db: DbOrTrx, code: string) =>
  db.selectFrom('currencies').select(['code', 'symbol', 'value']).where('code', '=', code.toUpperCase()).executeTakeFirst();

/** Remembers which reference a captured payment belongs to (disputes name only the payment). */
export function recordGatewayPayment(db: DbOrTrx, row: { gateway: string; payment_id: string; reference: string; created_at: string }) {
  return db
    .insertInto('gateway_payments')
    .values(row)
    .onConflict((oc) => oc.columns(['gateway', 'payment_id']).doNothing())
    .execute();
}

export async function findReferenceOfPayment(db: DbOrTrx, gateway: string, paymentId: string): Promise<string | undefined> {
  const row = await db.selectFrom('gateway_payments').select('reference').where('gateway', '=', gateway).where('payment_id', '=', paymentId).executeTakeFirst();
  return row?.reference;
}
