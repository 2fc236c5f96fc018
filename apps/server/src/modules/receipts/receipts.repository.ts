import { sql, type Insertable } from 'kysely';
import { type DbOrTrx } from '../../db/database.js';
import { type ReceiptsTable } from './receipts.table.js';

/**
 * The operator's next receipt number. The counter row stays locked until the payment's
 * transaction ends (PostgreSQL row lock; SQLite has one writer), so numbers are sequential
 * and a rolled-back payment gives its number back: no gaps.
 */
export async function takeNextNumber(db: DbOrTrx, operator: string): Promise<number> {
  const row = await db
    .insertInto('receipt_counters')
    .values({ operator, last_number: 1 })
    .onConflict((oc) => oc.column('operator').doUpdateSet({ last_number: sql<number>`receipt_counters.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export const insertReceipt = (db: DbOrTrx, row: Insertable<ReceiptsTable>) => db.insertInto('receipts').values(row).returningAll().executeTakeFirstOrThrow();

export const findReceiptBySource = (db: DbOrTrx, sourceType: 'deposit' | 'order', sourceId: number) =>
  db.selectFrom('receipts').selectAll().where('source_type', '=', sourceType).where('source_id', '=', sourceId).executeTakeFirst();

export async function listReceiptSources(db: DbOrTrx, sourceType: 'deposit' | 'order', sourceIds: number[]): Promise<Set<number>> {
  if (sourceIds.length === 0) return new Set();
  const rows = await db.selectFrom('receipts').select('source_id').where('source_type', '=', sourceType).where('source_id', 'in', sourceIds).execute();
  return new Set(rows.map((r) => Number(r.source_id)));
}

export const findReceiptById = (db: DbOrTrx, id: number) => db.selectFrom('receipts').selectAll().where('id', '=', id).executeTakeFirst();
