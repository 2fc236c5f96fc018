import { type DbOrTrx } from '../../db/database.js';

/** Records a gateway event id; undefined when it had been recorded before (a redelivery). */
export function recordPaymentEvent(
  db: DbOrTrx,
  event: { gateway: string; event_id: string; kind: string; reference: string; amount_cents: number; created_at: string },
) {
  return db
    .insertInto('payment_events')
    .values(event)
    .onConflict((oc) => oc.columns(['gateway', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
}
