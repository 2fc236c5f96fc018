import { type Transaction } from 'kysely';
import { type Database, type DbOrTrx } from './database.js';

/**
 * Runs `work` in a transaction: a new one on a database handle, or the caller's
 * when already inside one (so an admin action and its audit row can share it).
 */
export function withTransaction<T>(db: DbOrTrx, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  return db.transaction().execute(work);
}
