import { type Kysely, sql } from 'kysely';
import { withId, withTimestamps } from './helpers.js';

/**
 * Money you can trust: what was charged in which currency, refunds, disputes,
 * receipts with gapless numbers, checkout expiry, one open checkout per skin.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['deposits', 'orders']) {
    await db.schema.alterTable(table).addColumn('charge_currency', 'varchar(8)').execute();
    await db.schema.alterTable(table).addColumn('charge_net_cents', 'integer').execute();
    await db.schema.alterTable(table).addColumn('charge_vat_cents', 'integer').execute();
    await db.schema.alterTable(table).addColumn('charge_total_cents', 'integer').execute();
    await db.schema
      .alterTable(table)
      .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable(table).addColumn('gateway_payment_id', 'varchar(255)').execute();
    await db.schema.alterTable(table).addColumn('payment_method', 'varchar(64)').execute();
    await db.schema.alterTable(table).addColumn('expires_at', 'varchar(30)').execute();
  }
  await db.schema
    .alterTable('deposits')
    .addColumn('refunded_coins', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // One open checkout per user and skin: the second one racing in fails on this index.
  await db.schema
    .createIndex('orders_one_open_per_product')
    .on('orders')
    .columns(['user_id', 'product_id'])
    .unique()
    .where(sql.ref('status'), 'in', ['pending', 'processing'])
    .execute();

  await db.schema.alterTable('sandbox_sessions').addColumn('expires_at', 'varchar(30)').execute();
  await db.schema
    .alterTable('sandbox_sessions')
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('sandbox_sessions').addColumn('dispute_status', 'varchar(16)').execute();

  await withId(db, db.schema.createTable('gateway_payments'))
    .addColumn('gateway', 'varchar(16)', (c) => c.notNull())
    .addColumn('payment_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('reference', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('gateway_payments_payment', ['gateway', 'payment_id'])
    .execute();

  await withId(db, db.schema.createTable('sandbox_refunds'))
    .addColumn('session_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('refunds'))
      .addColumn('source_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(8)', (c) => c.notNull())
      .addColumn('coins', 'integer', (c) => c.notNull())
      .addColumn('reason', 'varchar(255)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('gateway', 'varchar(16)', (c) => c.notNull())
      .addColumn('payment_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('gateway_refund_id', 'varchar(255)')
      .addColumn('actor_id', 'integer')
      .addColumn('request_key', 'varchar(128)', (c) => c.notNull().unique())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'varchar(255)'),
  ).execute();
  await db.schema.createIndex('refunds_source').on('refunds').columns(['source_type', 'source_id']).execute();
  await db.schema.createIndex('refunds_status').on('refunds').columns(['status', 'id']).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('disputes'))
      .addColumn('gateway', 'varchar(16)', (c) => c.notNull())
      .addColumn('gateway_dispute_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('source_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('coins_held', 'integer', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('reason', 'varchar(100)')
      .addUniqueConstraint('disputes_gateway_dispute', ['gateway', 'gateway_dispute_id']),
  ).execute();
  await db.schema.createIndex('disputes_status').on('disputes').columns(['status', 'id']).execute();

  await db.schema
    .createTable('receipt_counters')
    .addColumn('operator', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('receipts'))
    .addColumn('operator', 'varchar(64)', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('source_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('description', 'varchar(255)', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('net_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_percent', 'double precision', (c) => c.notNull())
    .addColumn('vat_cents', 'integer', (c) => c.notNull())
    .addColumn('gross_cents', 'integer', (c) => c.notNull())
    .addColumn('payment_method', 'varchar(64)', (c) => c.notNull())
    .addColumn('operator_requisites', 'text', (c) => c.notNull())
    .addColumn('billing', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('receipts_operator_number', ['operator', 'number'])
    .addUniqueConstraint('receipts_source', ['source_type', 'source_id'])
    .execute();
  await db.schema.createIndex('ledger_entries_user_created').on('ledger_entries').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ledger_entries_user_created').execute();
  for (const t of ['receipts', 'receipt_counters', 'disputes', 'refunds', 'sandbox_refunds', 'gateway_payments']) await db.schema.dropTable(t).execute();
  await db.schema.dropIndex('orders_one_open_per_product').execute();
  for (const column of ['dispute_status', 'refunded_cents', 'expires_at']) await db.schema.alterTable('sandbox_sessions').dropColumn(column).execute();
  await db.schema.alterTable('deposits').dropColumn('refunded_coins').execute();
  for (const table of ['deposits', 'orders']) {
    for (const column of [
      'expires_at',
      'payment_method',
      'gateway_payment_id',
      'refunded_cents',
      'charge_total_cents',
      'charge_vat_cents',
      'charge_net_cents',
      'charge_currency',
    ]) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
