import { type Kysely, sql } from 'kysely';
import { withId, withTimestamps } from './helpers.js';

/**
 * Pending companion replies, durable across restarts. At most one pending row
 * per topic (a burst of user messages extends it); a worker claims a due row
 * with a conditional UPDATE so two instances never both reply.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('companion_replies'))
      .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
      .addColumn('last_user_message_id', 'integer', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('due_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claimed_by', 'varchar(64)')
      .addColumn('claimed_at', 'varchar(30)')
      .addColumn('reply_message_id', 'integer')
      .addColumn('error', 'varchar(255)'),
  ).execute();
  await db.schema
    .createIndex('companion_replies_one_pending')
    .on('companion_replies')
    .column('topic_id')
    .unique()
    .where(sql<boolean>`status = 'pending'`)
    .execute();
  await db.schema.createIndex('companion_replies_due').on('companion_replies').columns(['status', 'due_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('companion_replies').execute();
}
