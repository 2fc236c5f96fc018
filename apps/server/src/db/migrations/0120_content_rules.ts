import { type Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Content rules (issue 15): words and regular expressions with an action (refuse, mask, hold for
 * review), and the messages held until a moderator decides. A held message takes no seq in its topic
 * until it is approved (decision 011's ranges stay exact); its coins were charged at send and go back
 * if it is rejected.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('content_rules'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('pattern', 'varchar(500)', (c) => c.notNull())
    .addColumn('action', 'varchar(10)', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('held_messages'))
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('cost', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'varchar(64)')
    .addColumn('rule_id', 'integer')
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('message_id', 'integer')
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('held_messages_status').on('held_messages').columns(['status', 'id']).execute();
  await db.schema.createIndex('held_messages_sender').on('held_messages').columns(['sender_id', 'topic_id']).execute();
  // A resent held message (same client id) is the same one, charged once.
  await db.schema.createIndex('held_messages_client').on('held_messages').columns(['sender_id', 'client_id']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('held_messages').execute();
  await db.schema.dropTable('content_rules').execute();
}
