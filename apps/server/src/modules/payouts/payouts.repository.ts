import { type PayoutStatus } from '@parley/contracts';
import { type Insertable, sql } from 'kysely';
import { type DbOrTrx } from '../../db/database.js';
import { type PayoutsTable } from './payouts.table.js';

/**
 * Takes the user's row lock for the rest of the transaction (a no-op write), so two
 * payout requests of one user are checked one after the other on PostgreSQL too.
 */
export async function lockUser(db: DbOrTrx, userId: number) {
  return db
    .updateTable('users')
    .set({ updated_at: sql`updated_at` })
    .where('id', '=', userId)
    .returning(['id', 'balance', 'is_contributor'])
    .executeTakeFirst();
}

export function findUserBalance(db: DbOrTrx, userId: number) {
  return db.selectFrom('users').select(['balance', 'is_contributor']).where('id', '=', userId).executeTakeFirst();
}

export async function countryExists(db: DbOrTrx, countryId: number): Promise<boolean> {
  return (await db.selectFrom('countries').select('id').where('id', '=', countryId).executeTakeFirst()) !== undefined;
}

export function insertPayout(db: DbOrTrx, row: Insertable<PayoutsTable>) {
  return db.insertInto('payouts').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findPayoutById(db: DbOrTrx, id: number) {
  return db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPayoutByRequestId(db: DbOrTrx, userId: number, requestId: string) {
  return db.selectFrom('payouts').selectAll().where('user_id', '=', userId).where('request_id', '=', requestId).executeTakeFirst();
}

/** Moves a payout from one of `from` to `to`; undefined when it was in another state (someone else decided first). */
export function transitionPayout(
  db: DbOrTrx,
  id: number,
  from: PayoutStatus[],
  to: PayoutStatus,
  changes: { updated_at: string; decided_by: number | null; approved_at?: string; paid_at?: string; rejected_at?: string; rejection_reason?: string | null },
) {
  return db
    .updateTable('payouts')
    .set({ status: to, ...changes })
    .where('id', '=', id)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();
}

export function listUserPayouts(db: DbOrTrx, userId: number, limit: number, offset: number) {
  return db.selectFrom('payouts').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countUserPayouts(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('payouts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listPayouts(db: DbOrTrx, filter: { status?: PayoutStatus; limit: number; offset: number }) {
  let query = db
    .selectFrom('payouts')
    .innerJoin('users', 'users.id', 'payouts.user_id')
    .selectAll('payouts')
    .select(['users.email as user_email', 'users.name as user_name']);
  if (filter.status) query = query.where('payouts.status', '=', filter.status);
  return query.orderBy('payouts.id', 'desc').limit(filter.limit).offset(filter.offset).execute();
}

export async function countPayouts(db: DbOrTrx, status?: PayoutStatus): Promise<number> {
  let query = db.selectFrom('payouts').select((eb) => eb.fn.countAll<number>().as('n'));
  if (status) query = query.where('status', '=', status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * Where a payee's message earnings up to `until` came from (coins): all of them, those paid by accounts
 * created after `freshSince`, and those paid by accounts that signed in from an address the payee also used
 * (sessions' ip, compared in SQL: no address leaves the database).
 */
export async function sumEarningSources(db: DbOrTrx, payeeId: number, until: string, freshSince: string) {
  const sharedAddress = sql<boolean>`exists (
    select 1 from sessions payer_session inner join sessions payee_session on payee_session.ip = payer_session.ip
    where payer_session.user_id = payer.id and payee_session.user_id = ${payeeId} and payer_session.ip is not null)`;
  const row = await db
    .selectFrom('ledger_entries')
    .innerJoin('messages', (join) => join.on(sql<boolean>`ledger_entries.reference_id = cast(messages.id as varchar(20))`))
    .innerJoin('users as payer', 'payer.id', 'messages.sender_id')
    .select([
      sql<number | string | null>`sum(ledger_entries.amount)`.as('total'),
      sql<number | string | null>`sum(case when payer.created_at > ${freshSince} then ledger_entries.amount else 0 end)`.as('fresh'),
      sql<number | string | null>`sum(case when ${sharedAddress} then ledger_entries.amount else 0 end)`.as('shared'),
    ])
    .where('ledger_entries.user_id', '=', payeeId)
    .where('ledger_entries.kind', '=', 'contributor_earning')
    .where('ledger_entries.reference_type', '=', 'message')
    .where('ledger_entries.created_at', '<=', until)
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), fresh: Number(row?.fresh ?? 0), shared: Number(row?.shared ?? 0) };
}

/** Every stored destination's sealed details (key rotation and the backup check), oldest first. */
export function listSealedDestinations(db: DbOrTrx) {
  return db.selectFrom('payouts').select(['id', 'user_id', 'details_encrypted']).orderBy('id').execute();
}

export async function updateSealedDetails(db: DbOrTrx, id: number, detailsEncrypted: string) {
  await db.updateTable('payouts').set({ details_encrypted: detailsEncrypted }).where('id', '=', id).execute();
}
