import { type Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.js';

/** Topics, participants, messages, attachments, terms acceptances and reports. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('topics'))
      .addColumn('room_id', 'integer', (c) => c.references('rooms.id').onDelete('set null'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('chat_mode', 'varchar(8)', (c) => c.notNull().defaultTo('human'))
      .addColumn('companion_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('is_closed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_highlighted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('highlight_color', 'varchar(32)')
      .addColumn('text_look', 'varchar(16)', (c) => c.notNull().defaultTo('normal'))
      .addColumn('color', 'varchar(32)')
      .addColumn('terms_title', 'varchar(200)', (c) => c.notNull())
      .addColumn('terms_description', 'text', (c) => c.notNull())
      .addColumn('terms_rules', 'text', (c) => c.notNull())
      .addColumn('participants_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('waiting_since', 'varchar(30)'),
  ).execute();
  await db.schema.createIndex('topics_room_open').on('topics').columns(['room_id', 'is_closed', 'id']).execute();
  await db.schema.createIndex('topics_waiting').on('topics').columns(['chat_mode', 'is_closed', 'participants_count', 'waiting_since']).execute();
  await db.schema.createIndex('topics_user_id').on('topics').column('user_id').execute();

  await withId(db, db.schema.createTable('topic_participants'))
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('left_at', 'varchar(30)')
    .addUniqueConstraint('topic_participants_topic_user', ['topic_id', 'user_id'])
    .execute();
  await db.schema.createIndex('topic_participants_user').on('topic_participants').columns(['user_id', 'left_at']).execute();

  await withId(db, db.schema.createTable('messages'))
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sender_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('cost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('look', 'text')
    .addColumn('client_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_topic_id').on('messages').columns(['topic_id', 'id']).execute();
  await db.schema.createIndex('messages_sender_client').on('messages').columns(['sender_id', 'client_id']).unique().execute();

  await withId(db, db.schema.createTable('attachments'))
    .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('path', 'varchar(100)', (c) => c.notNull())
    .addColumn('original_filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('filesize', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attachments_message_id').on('attachments').column('message_id').execute();

  await withId(db, db.schema.createTable('terms_acceptances'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('accepted_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('terms_acceptances_user_topic', ['user_id', 'topic_id'])
    .execute();

  await withId(db, db.schema.createTable('reports'))
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('reported_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('resolved_at', 'varchar(30)')
    .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('reports_status').on('reports').columns(['status', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['reports', 'terms_acceptances', 'attachments', 'messages', 'topic_participants', 'topics']) await db.schema.dropTable(t).execute();
}
