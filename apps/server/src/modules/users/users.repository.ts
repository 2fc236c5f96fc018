import { type DbOrTrx } from '../../db/database.js';
import { type NewUserRow, type UserRow, type UserUpdate } from './users.table.js';

export function findUserById(db: DbOrTrx, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: DbOrTrx, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function insertUser(db: DbOrTrx, user: NewUserRow) {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

/** Never used for balance: only the ledger changes it. */
export function updateUser(db: DbOrTrx, id: number, changes: Omit<UserUpdate, 'balance' | 'id'>) {
  return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Sets the age confirmation once: a second confirmation keeps the first time. */
export async function confirmAdultOnce(db: DbOrTrx, id: number, now: string) {
  await db.updateTable('users').set({ adult_confirmed_at: now, updated_at: now }).where('id', '=', id).where('adult_confirmed_at', 'is', null).execute();
}

export function findCountryName(db: DbOrTrx, countryId: number) {
  return db.selectFrom('countries').select(['id', 'title']).where('id', '=', countryId).executeTakeFirst();
}

/** A country Parley supports, by its ISO code (phone numbers from elsewhere are refused). */
export function findCountryIdByIso(db: DbOrTrx, iso: string) {
  return db.selectFrom('countries').select('id').where('iso', '=', iso).executeTakeFirst();
}

export async function setUserRole(db: DbOrTrx, id: number, role: UserRow['role'], now: string) {
  await db.updateTable('users').set({ role, updated_at: now }).where('id', '=', id).execute();
}
