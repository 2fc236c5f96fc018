import { type Kysely, sql } from 'kysely';

/**
 * Receipts are numbered after the payment's commit (issue 18, decision 023): a paid deposit or order
 * carries `receipt_pending_at` until the receipt worker has given it its receipt. The partial indexes
 * hold only the few rows still waiting, in the order they were paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['deposits', 'orders']) {
    await db.schema.alterTable(table).addColumn('receipt_pending_at', 'varchar(30)').execute();
    await db.schema
      .createIndex(`${table}_receipt_pending`)
      .on(table)
      .columns(['receipt_pending_at', 'id'])
      .where(sql.ref('receipt_pending_at'), 'is not', null)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['deposits', 'orders']) {
    await db.schema.dropIndex(`${table}_receipt_pending`).execute();
    await db.schema.alterTable(table).dropColumn('receipt_pending_at').execute();
  }
}
