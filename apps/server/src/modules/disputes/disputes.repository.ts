import { type Insertable } from 'kysely';
import { type DbOrTrx } from '../../db/database.js';
import { type DisputesTable, type DisputeStatus } from './disputes.table.js';

/** Undefined when this gateway dispute was recorded before (a redelivered or repeated event). */
export function insertDispute(db: DbOrTrx, row: Insertable<DisputesTable>) {
  return db
    .insertInto('disputes')
    .values(row)
    .onConflict((oc) => oc.columns(['gateway', 'gateway_dispute_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function setCoinsHeld(db: DbOrTrx, id: number, coins: number) {
  return db.updateTable('disputes').set({ coins_held: coins }).where('id', '=', id).execute();
}

/** open → won | lost, once. */
export function closeDispute(db: DbOrTrx, gateway: string, disputeId: string, to: Exclude<DisputeStatus, 'open'>, now: string) {
  return db
    .updateTable('disputes')
    .set({ status: to, updated_at: now })
    .where('gateway', '=', gateway)
    .where('gateway_dispute_id', '=', disputeId)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

export function listDisputes(db: DbOrTrx, status: DisputeStatus | undefined, limit: number) {
  let query = db.selectFrom('disputes').innerJoin('users', 'users.id', 'disputes.user_id').selectAll('disputes').select('users.email as user_email');
  if (status) query = query.where('disputes.status', '=', status);
  return query.orderBy('disputes.id', 'desc').limit(limit).execute();
}

export async function countDisputes(db: DbOrTrx, status: DisputeStatus): Promise<number> {
  const row = await db
    .selectFrom('disputes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const findDispute = (db: DbOrTrx, gateway: string, disputeId: string) =>
  db.selectFrom('disputes').selectAll().where('gateway', '=', gateway).where('gateway_dispute_id', '=', disputeId).executeTakeFirst();
