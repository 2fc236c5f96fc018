import { type Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.js';

/** Coins: deposits (top-ups), the sandbox gateway's sessions and webhook outbox, received payment events. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('deposits'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('vat_percent', 'double precision', (c) => c.notNull())
      .addColumn('vat_cents', 'integer', (c) => c.notNull())
      .addColumn('total_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(8)', (c) => c.notNull().defaultTo('EUR'))
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('bundle_id', 'integer')
      .addColumn('gateway', 'varchar(16)', (c) => c.notNull())
      .addColumn('gateway_session_id', 'varchar(255)')
      .addColumn('failure_message', 'varchar(255)')
      .addColumn('billing', 'text', (c) => c.notNull())
      .addColumn('completed_at', 'varchar(30)'),
  ).execute();
  await db.schema.createIndex('deposits_user_id').on('deposits').columns(['user_id', 'status', 'id']).execute();

  await withTimestamps(
    db.schema
      .createTable('sandbox_sessions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('reference', 'varchar(64)', (c) => c.notNull())
      .addColumn('result_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(8)', (c) => c.notNull())
      .addColumn('description', 'varchar(255)', (c) => c.notNull())
      .addColumn('customer_email', 'varchar(254)', (c) => c.notNull())
      .addColumn('return_url', 'varchar(1000)', (c) => c.notNull())
      .addColumn('cancel_url', 'varchar(1000)', (c) => c.notNull())
      .addColumn('status', 'varchar(24)', (c) => c.notNull().defaultTo('open'))
      .addColumn('card_last4', 'varchar(4)'),
  ).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('sandbox_webhook_deliveries'))
      .addColumn('event_id', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('last_error', 'varchar(255)')
      .addColumn('delivered_at', 'varchar(30)'),
  ).execute();
  await db.schema.createIndex('sandbox_webhook_deliveries_due').on('sandbox_webhook_deliveries').columns(['status', 'next_attempt_at']).execute();

  await withId(db, db.schema.createTable('payment_events'))
    .addColumn('gateway', 'varchar(16)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('reference', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('payment_events_gateway_event', ['gateway', 'event_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['payment_events', 'sandbox_webhook_deliveries', 'sandbox_sessions', 'deposits']) await db.schema.dropTable(t).execute();
}
