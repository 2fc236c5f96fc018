import { type Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Coins given back after an upheld report (issue 15): one row per refunded message, so a
 * message is refunded once however many reports about its conversation are upheld.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('moderation_refunds'))
    .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('message_id', 'integer', (c) => c.notNull())
    .addColumn('reporter_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moderation_refunds_message').on('moderation_refunds').column('message_id').unique().execute();
  await db.schema.createIndex('moderation_refunds_report').on('moderation_refunds').column('report_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('moderation_refunds').execute();
}
