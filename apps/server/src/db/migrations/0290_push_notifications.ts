import { type Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Issue 34 §3: Web Push subscriptions per device, each user's notification settings and muted
 * conversations, which tab shows which conversation (a lease), unread news for the mail digest,
 * the push sweep's cursors, and the headers of a stored dev-mailbox mail (List-Unsubscribe).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('push_subscriptions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
    .addColumn('auth', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_sent_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('quiet_start', 'varchar(5)')
    .addColumn('quiet_end', 'varchar(5)')
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('email_digest', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('digest_after_minutes', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('last_digest_at', 'varchar(30)')
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('conversation_mutes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversation_mutes_pk', ['user_id', 'topic_id'])
    .execute();

  // One row per open tab (a random id the tab keeps), renewed while the tab shows a conversation.
  await db.schema
    .createTable('topic_viewers')
    .addColumn('viewer_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('topic_id', 'integer', (c) => c.notNull())
    .addColumn('until', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('topic_viewers_user_topic_idx').on('topic_viewers').columns(['user_id', 'topic_id']).execute();

  // A conversation with news its person has not seen since first_at; mailed_at once the digest told them.
  await db.schema
    .createTable('conversation_news')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('topic_id', 'integer', (c) => c.notNull())
    .addColumn('first_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('mailed_at', 'varchar(30)')
    .addPrimaryKeyConstraint('conversation_news_pk', ['user_id', 'topic_id'])
    .execute();
  await db.schema.createIndex('conversation_news_first_idx').on('conversation_news').column('first_at').execute();

  await db.schema
    .createTable('push_cursors')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('last_id', 'integer', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('mails').addColumn('headers', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mails').dropColumn('headers').execute();
  for (const table of ['push_cursors', 'conversation_news', 'topic_viewers', 'conversation_mutes', 'notification_settings', 'push_subscriptions'])
    await db.schema.dropTable(table).execute();
}
