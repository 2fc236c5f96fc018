import { type Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Every refund a gateway reported on a payment, whoever started it (issue 31): the sum of these, or the
 * payment's refunded total when an event carries it, is what the payment's owner must have booked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('gateway_refunds'))
    .addColumn('gateway', 'varchar(16)', (c) => c.notNull())
    .addColumn('refund_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('payment_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('gateway_refunds_gateway_refund_id_unique', ['gateway', 'refund_id'])
    .execute();
  await db.schema.createIndex('gateway_refunds_payment_idx').on('gateway_refunds').columns(['gateway', 'payment_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('gateway_refunds').execute();
}
