import { type Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.js';

/**
 * The AI companion people pay for: personas defined by admins (a topic keeps the one it
 * started with), and per reply the model, token usage, timings and the refund when no
 * reply could be produced.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('companion_personas'))
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('avatar_color', 'varchar(16)', (c) => c.notNull())
      .addColumn('system_prompt', 'text', (c) => c.notNull())
      .addColumn('model', 'varchar(100)')
      .addColumn('temperature', 'real', (c) => c.notNull())
      .addColumn('max_tokens', 'integer', (c) => c.notNull())
      // JSON array of room ids; null: every room (and random AI chats).
      .addColumn('room_ids', 'text')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await db.schema.alterTable('topics').addColumn('persona_id', 'integer').execute();
  for (const [column, type] of [
    ['first_user_message_id', 'integer'],
    ['persona_id', 'integer'],
    ['model', 'varchar(100)'],
    ['prompt_tokens', 'integer'],
    ['completion_tokens', 'integer'],
    ['latency_ms', 'integer'],
    ['first_token_ms', 'integer'],
    ['refunded_coins', 'integer'],
  ] as const)
    await db.schema.alterTable('companion_replies').addColumn(column, type).execute();
  await db.schema.createIndex('companion_replies_updated').on('companion_replies').column('updated_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('companion_replies_updated').execute();
  for (const column of ['first_user_message_id', 'persona_id', 'model', 'prompt_tokens', 'completion_tokens', 'latency_ms', 'first_token_ms', 'refunded_coins'])
    await db.schema.alterTable('companion_replies').dropColumn(column).execute();
  await db.schema.alterTable('topics').dropColumn('persona_id').execute();
  await db.schema.dropTable('companion_personas').execute();
}
