import { type Kysely, sql } from 'kysely';
import { withId } from './helpers.js';

/**
 * In-app notices (statements of reasons, refunds, outcomes). A row is written in the
 * transaction of the decision it reports; `delivered_at` stays null until the delivery
 * worker has pushed it over the WebSocket and mailed it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'varchar(500)')
    .addColumn('dedupe_key', 'varchar(120)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('read_at', 'varchar(30)')
    .addColumn('delivered_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('notifications_dedupe').on('notifications').column('dedupe_key').unique().execute();
  await db.schema
    .createIndex('notifications_undelivered')
    .on('notifications')
    .column('id')
    .where(sql<boolean>`delivered_at is null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
}
