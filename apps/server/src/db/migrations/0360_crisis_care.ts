import { type Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Crisis care (issue 36 §1). `crisis_config` is one row: the optional OpenAI-compatible moderation endpoint
 * (its key sealed like the LLM connection's), the operator's default country and, when the operator edited
 * them, the helplines (JSON; null: the shipped directory). `crisis_flags` puts a conversation whose writer
 * seemed at risk at the top of the moderation queue: the topic, how often, when, from which check; never text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('crisis_config')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('moderation_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('moderation_url', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('moderation_model', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('moderation_timeout_ms', 'integer', (c) => c.notNull().defaultTo(1500))
    .addColumn('moderation_key_sealed', 'text')
    .addColumn('moderation_key_last4', 'varchar(4)')
    .addColumn('default_country', 'varchar(3)', (c) => c.notNull().defaultTo('INT'))
    .addColumn('helplines', 'text')
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('crisis_flags'))
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('open'))
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('messages_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('first_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('handled_at', 'varchar(30)')
    .addColumn('handled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('crisis_flags_topic_status').on('crisis_flags').columns(['topic_id', 'status']).execute();
  await db.schema.createIndex('crisis_flags_status_last').on('crisis_flags').columns(['status', 'last_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('crisis_flags').execute();
  await db.schema.dropTable('crisis_config').execute();
}
