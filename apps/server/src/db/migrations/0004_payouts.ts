import { type Kysely, sql } from 'kysely';
import { withId, withTimestamps } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('contributor_applications'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('nickname', 'varchar(100)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('experience', 'text', (c) => c.notNull())
      .addColumn('interests', 'text', (c) => c.notNull())
      .addColumn('help_description', 'text', (c) => c.notNull())
      .addColumn('decided_at', 'varchar(30)')
      .addColumn('decided_by', 'integer')
      .addCheckConstraint('contributor_applications_status', sql`status in ('pending', 'approved', 'rejected')`),
  ).execute();
  await db.schema.createIndex('contributor_applications_user_id_idx').on('contributor_applications').columns(['user_id', 'id']).execute();
  // One open application per user, even under concurrent submits.
  await db.schema
    .createIndex('contributor_applications_one_pending')
    .on('contributor_applications')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
  await db.schema.createIndex('contributor_applications_status_idx').on('contributor_applications').columns(['status', 'id']).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('payouts'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('method', 'varchar(8)', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('coins', 'integer', (c) => c.notNull())
      .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('country_id', 'integer', (c) => c.notNull())
      .addColumn('city', 'varchar(100)', (c) => c.notNull())
      .addColumn('address', 'varchar(200)', (c) => c.notNull())
      .addColumn('zip', 'varchar(20)', (c) => c.notNull())
      // AES-256-GCM sealed JSON of the method details (card number, IBAN, account data).
      .addColumn('details_encrypted', 'text', (c) => c.notNull())
      // Last four characters of the destination, the only part ever shown to the user.
      .addColumn('destination_last4', 'varchar(4)', (c) => c.notNull())
      // Chosen by the client once per submission: a retried request finds its payout instead of holding twice.
      .addColumn('request_id', 'varchar(64)')
      .addColumn('decided_by', 'integer')
      .addColumn('approved_at', 'varchar(30)')
      .addColumn('paid_at', 'varchar(30)')
      .addColumn('rejected_at', 'varchar(30)')
      .addColumn('rejection_reason', 'varchar(255)')
      .addCheckConstraint('payouts_status', sql`status in ('pending', 'approved', 'paid', 'rejected')`)
      .addCheckConstraint('payouts_amount_positive', sql`amount_cents > 0 and coins > 0`),
  ).execute();
  await db.schema.createIndex('payouts_user_id_idx').on('payouts').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('payouts_request_id_idx').on('payouts').columns(['user_id', 'request_id']).unique().execute();
  await db.schema.createIndex('payouts_status_idx').on('payouts').columns(['status', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payouts').execute();
  await db.schema.dropTable('contributor_applications').execute();
}
