import { type Kysely } from 'kysely';

/**
 * The admin System page and retention (issue 30).
 * - `instances`: each API instance writes its row every 15 s (heartbeat); the page lists those seen lately.
 * - `system_marks`: facts an operator records, such as the last backup (`npm run backup:mark`).
 * - `jobs.claimed_at`: set while a worker runs an attempt, so the queue can tell running from waiting.
 * - indexes for the hourly retention job, which deletes by age in small batches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instances')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('hostname', 'varchar(255)', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('version', 'varchar(64)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_seen', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('instances_last_seen').on('instances').column('last_seen').execute();
  await db.schema
    .createTable('system_marks')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .addColumn('note', 'varchar(255)')
    .addColumn('recorded_by', 'varchar(255)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('jobs').addColumn('claimed_at', 'varchar(30)').execute();
  await db.schema.createIndex('jobs_finished').on('jobs').columns(['status', 'finished_at']).execute();
  await db.schema.createIndex('notifications_created').on('notifications').column('created_at').execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();
  await db.schema.createIndex('payment_events_created').on('payment_events').column('created_at').execute();
  await db.schema.createIndex('held_messages_decided').on('held_messages').column('decided_at').execute();
  await db.schema.createIndex('users_deleted_at').on('users').column('deleted_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['users_deleted_at', 'held_messages_decided', 'payment_events_created', 'audit_log_created', 'notifications_created', 'jobs_finished'])
    await db.schema.dropIndex(index).execute();
  await db.schema.alterTable('jobs').dropColumn('claimed_at').execute();
  await db.schema.dropTable('system_marks').execute();
  await db.schema.dropTable('instances').execute();
}
