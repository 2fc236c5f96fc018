import { type DbOrTrx } from '../../db/database.js';
import { type NewUserRow, type UserUpdate } from './users.table.js';

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

export function findCountryName(db: DbOrTrx, countryId: number) {
  return db.selectFrom('countries').select(['id', 'title']).where('id', '=', countryId).executeTakeFirst();
}
