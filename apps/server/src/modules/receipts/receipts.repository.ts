import { sql, type Insertable } from 'kysely';
import { type DbOrTrx } from '../../db/database.js';
import { type ReceiptsTable } from './receipts.table.js';

/**
 * The operator's last receipt number, taking the counter row for the rest of the transaction
 * (PostgreSQL: the upsert's row lock; SQLite: the one writer). Numbering transactions therefore
 * run one at a time per operator, each seeing what the one before it issued.
 */
export async function lockCounter(db: DbOrTrx, operator: string): Promise<number> {
  const row = await db
    .insertInto('receipt_counters')
    .values({ operator, last_number: 0 })
    .onConflict((oc) => oc.column('operator').doUpdateSet({ last_number: sql<number>`receipt_counters.last_number` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export const setCounter = (db: DbOrTrx, operator: string, lastNumber: number) =>
  db.updateTable('receipt_counters').set({ last_number: lastNumber }).where('operator', '=', operator).execute();

/** Receipts in one statement; the unique source refuses a second receipt for a payment (the transaction fails). */
export function insertReceipts(db: DbOrTrx, rows: Insertable<ReceiptsTable>[]) {
  return db.insertInto('receipts').values(rows).returning(['id', 'number', 'source_type', 'source_id']).execute();
}

export const findReceiptBySource = (db: DbOrTrx, sourceType: 'deposit' | 'order', sourceId: number) =>
  db.selectFrom('receipts').selectAll().where('source_type', '=', sourceType).where('source_id', '=', sourceId).executeTakeFirst();

export async function listReceiptSources(db: DbOrTrx, sourceType: 'deposit' | 'order', sourceIds: number[]): Promise<Set<number>> {
  if (sourceIds.length === 0) return new Set();
  const rows = await db.selectFrom('receipts').select('source_id').where('source_type', '=', sourceType).where('source_id', 'in', sourceIds).execute();
  return new Set(rows.map((r) => Number(r.source_id)));
}

export const findReceiptById = (db: DbOrTrx, id: number) => db.selectFrom('receipts').selectAll().where('id', '=', id).executeTakeFirst();
