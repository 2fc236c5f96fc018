import { type DbOrTrx } from '../../db/database.js';
import { type SandboxSessionRow, type SandboxSessionsTable } from './payments.table.js';
import { type Insertable } from 'kysely';

type SessionStatus = SandboxSessionRow['status'];

export function insertSession(db: DbOrTrx, session: Insertable<SandboxSessionsTable>) {
  return db.insertInto('sandbox_sessions').values(session).execute();
}

export function findSession(db: DbOrTrx, id: string) {
  return db.selectFrom('sandbox_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Conditional transition: true only for the one caller that moved the session out of `from`. */
export async function transitionSession(
  db: DbOrTrx,
  id: string,
  from: SessionStatus[],
  to: SessionStatus,
  changes: { card_last4?: string; updated_at: string },
) {
  const result = await db
    .updateTable('sandbox_sessions')
    .set({ status: to, ...changes })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findRefundByKey(db: DbOrTrx, key: string) {
  return db.selectFrom('sandbox_refunds').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** Adds to what was refunded of a paid session, never past what was paid. */
export async function addRefundedCents(db: DbOrTrx, sessionId: string, cents: number, now: string) {
  const result = await db
    .updateTable('sandbox_sessions')
    .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', cents), updated_at: now }))
    .where('id', '=', sessionId)
    .where('status', '=', 'succeeded')
    .where((eb) => eb(eb('refunded_cents', '+', cents), '<=', eb.ref('amount_cents')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function insertRefund(db: DbOrTrx, row: { session_id: string; amount_cents: number; idempotency_key: string; created_at: string }) {
  return db.insertInto('sandbox_refunds').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Moves a paid session's test dispute (none → open → won | lost), once. */
export async function transitionDispute(db: DbOrTrx, id: string, from: SandboxSessionRow['dispute_status'][], to: 'open' | 'won' | 'lost', now: string) {
  let query = db.updateTable('sandbox_sessions').set({ dispute_status: to, updated_at: now }).where('id', '=', id).where('status', '=', 'succeeded');
  query = from.includes(null)
    ? query.where('dispute_status', 'is', null)
    : query.where(
        'dispute_status',
        'in',
        from.filter((f) => f !== null),
      );
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
