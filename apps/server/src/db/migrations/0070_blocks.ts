import { type Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Blocks (issue 15): who blocked whom, from which conversation, and the chat name the blocked
 * person had then (what the blocker knew them by; nobody sees another person's id).
 * One block per ordered pair; it works both ways in matching and joining.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('blocks'))
    .addColumn('blocker_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('topic_id', 'integer', (c) => c.references('topics.id').onDelete('set null'))
    .addColumn('blocked_chat_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blocks_pair').on('blocks').columns(['blocker_id', 'blocked_id']).unique().execute();
  await db.schema.createIndex('blocks_blocked').on('blocks').column('blocked_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blocks').execute();
}
