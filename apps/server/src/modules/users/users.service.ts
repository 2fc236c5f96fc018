import { type DbOrTrx } from '../../db/database.js';
import * as repo from './users.repository.js';
import { type NewUserRow, type UserUpdate } from './users.table.js';

/**
 * The users module's face for other modules (ARCHITECTURE.md: a module reaches another through its service).
 * Account rows are read and changed here; the balance never is (only the ledger changes it).
 */
export function findUserById(db: DbOrTrx, id: number) {
  return repo.findUserById(db, id);
}

/** Emails are stored lower-cased; the lookup lower-cases too. */
export function findUserByEmail(db: DbOrTrx, email: string) {
  return repo.findUserByEmail(db, email);
}

export function updateUser(db: DbOrTrx, id: number, changes: Omit<UserUpdate, 'balance' | 'id'>) {
  return repo.updateUser(db, id, changes);
}

/** Sets the age confirmation once: a second confirmation keeps the first time. */
export function confirmAdultOnce(db: DbOrTrx, id: number, now: string) {
  return repo.confirmAdultOnce(db, id, now);
}

export function findCountryName(db: DbOrTrx, countryId: number) {
  return repo.findCountryName(db, countryId);
}

export function insertUser(db: DbOrTrx, user: NewUserRow) {
  return repo.insertUser(db, user);
}
