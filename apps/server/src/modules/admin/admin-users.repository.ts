import { type AdminUsersQuery } from '@parley/contracts';
import { type DbOrTrx, type Db } from '../../db/database.js';
import { containsInsensitive } from '../../db/dialect.js';

const userColumns = [
  'users.id',
  'users.email',
  'users.name',
  'users.surname',
  'users.phone',
  'users.role',
  'users.balance',
  'users.promo_balance',
  'users.is_contributor',
  'users.email_verified_at',
  'users.banned_at',
  'users.channel_expire_at',
  'users.created_at',
  'users.totp_enabled_at',
  'users.passkey_count',
  'users.deleted_at',
] as const;

/** Users matching the admin filters; the caller pages and sorts. */
export function selectUsers(db: Db, filter: Pick<AdminUsersQuery, 'q' | 'role' | 'status' | 'contributor'>) {
  let query = db.selectFrom('users').select(userColumns);
  if (filter.q) {
    const q = filter.q;
    const id = /^\d+$/.test(q) ? Number(q) : null;
    query = query.where((eb) =>
      eb.or([
        containsInsensitive(db, eb.ref('users.email'), q),
        containsInsensitive(db, eb.ref('users.name'), q),
        containsInsensitive(db, eb.ref('users.surname'), q),
        containsInsensitive(db, eb.ref('users.phone'), q),
        ...(id !== null && id <= 2_147_483_647 ? [eb('users.id', '=', id)] : []),
      ]),
    );
  }
  if (filter.role) query = query.where('users.role', '=', filter.role);
  if (filter.status === 'banned') query = query.where('users.banned_at', 'is not', null);
  if (filter.status === 'active') query = query.where('users.banned_at', 'is', null);
  if (filter.contributor) query = query.where('users.is_contributor', '=', filter.contributor === 'yes' ? 1 : 0);
  return query;
}

export function findUserForAdmin(db: DbOrTrx, id: number) {
  return db.selectFrom('users').select(userColumns).where('users.id', '=', id).executeTakeFirst();
}

export function setBannedAt(db: DbOrTrx, id: number, bannedAt: string | null, now: string) {
  return db.updateTable('users').set({ banned_at: bannedAt, updated_at: now }).where('id', '=', id).execute();
}

export function deleteUserSessions(db: DbOrTrx, userId: number) {
  return db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
}

export async function countUserSessions(db: DbOrTrx, userId: number, now: string) {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function selectLedgerEntries(db: Db, userId: number) {
  return db.selectFrom('ledger_entries').selectAll().where('user_id', '=', userId);
}
