import { type Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Issue 35 §1–§2: interlocutors on call (availability, the chats they take at once, "talk again"), one alert per
 * waiting topic per interlocutor, every match's time-to-join (the payer's estimate reads them), saved replies,
 * and the payer's "talk again" wish on a topic.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('interlocutor_presence')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('away'))
    .addColumn('max_chats', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('talk_again', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('available_since', 'varchar(30)')
    .addColumn('active_at', 'varchar(30)')
    .addColumn('disconnected_at', 'varchar(30)')
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('interlocutor_presence_status_idx').on('interlocutor_presence').columns(['status', 'active_at']).execute();

  await db.schema
    .createTable('queue_alerts')
    .addColumn('topic_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('queue_alerts_pk', ['topic_id', 'user_id'])
    .execute();

  await withId(db, db.schema.createTable('topic_matches'))
    .addColumn('topic_id', 'integer', (c) => c.notNull())
    .addColumn('room_id', 'integer')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('partner_id', 'integer', (c) => c.notNull())
    .addColumn('waited_seconds', 'integer', (c) => c.notNull())
    .addColumn('hour_of_day', 'integer', (c) => c.notNull())
    .addColumn('matched_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('topic_matches_owner_idx').on('topic_matches').columns(['owner_id', 'id']).execute();
  await db.schema.createIndex('topic_matches_room_idx').on('topic_matches').columns(['room_id', 'id']).execute();

  await withId(db, db.schema.createTable('saved_replies'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('text', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_replies_user_idx').on('saved_replies').column('user_id').execute();

  await db.schema
    .alterTable('topics')
    .addColumn('talk_again', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('topics').dropColumn('talk_again').execute();
  await db.schema.dropTable('saved_replies').execute();
  await db.schema.dropTable('topic_matches').execute();
  await db.schema.dropTable('queue_alerts').execute();
  await db.schema.dropTable('interlocutor_presence').execute();
}
