import { type DbOrTrx } from '../../db/database.js';
import { type NewDepositRow } from './deposits.table.js';

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

export const findDeposit = (db: DbOrTrx, id: number) => db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserDeposit = (db: DbOrTrx, userId: number, id: number) =>
  db.selectFrom('deposits').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

export const setGatewaySession = (db: DbOrTrx, id: number, sessionId: string, now: string) =>
  db.updateTable('deposits').set({ gateway_session_id: sessionId, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** Pending (or failed: see docs/decisions) → success. True only for the one transaction that moved it. */
export async function markDepositSucceeded(db: DbOrTrx, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('deposits')
    .set({ status: 'success', failure_message: null, completed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'error'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Pending (or failed) → success for the deposit that matches the gateway event in every respect (gateway,
 * session when one was recorded, amount). Returns whom to credit, or undefined when nothing moved.
 */
export const settleDeposit = (db: DbOrTrx, match: { id: number; gateway: string; sessionId: string; totalCents: number; now: string }) =>
  db
    .updateTable('deposits')
    .set({ status: 'success', failure_message: null, completed_at: match.now, updated_at: match.now })
    .where('id', '=', match.id)
    .where('gateway', '=', match.gateway)
    .where('status', 'in', ['pending', 'error'])
    .where('total_cents', '=', match.totalCents)
    .where((eb) => eb.or([eb('gateway_session_id', 'is', null), eb('gateway_session_id', '=', match.sessionId)]))
    .returning(['id', 'user_id', 'points'])
    .executeTakeFirst();

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
    .select(['id', 'created_at', 'completed_at', 'total_cents', 'points'])
    .where('user_id', '=', userId)
    .where('status', '=', 'success')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export async function countSuccessfulDeposits(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('deposits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'success')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
