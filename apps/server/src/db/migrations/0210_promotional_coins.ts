import { type Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Promotional coins (issue 31, decision 029): spendable, never an interlocutor's withdrawable earnings.
 * `users.promo_balance` is the part of the balance that is promotional (0 ≤ promo_balance ≤ balance), kept by
 * the ledger's balance update alone; `users.promo_moved` is what the last ledger move did to it (signed), so the
 * same update's RETURNING can tell the entry (RETURNING sees only the new row). `ledger_entries.promo_amount`
 * is an entry's promotional part, signed like its amount. Existing coins count as bought: both start at 0.
 * `promo_shares`: the share an interlocutor was not credited because the payer spent promotional coins.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of ['promo_balance', 'promo_moved'])
    await db.schema
      .alterTable('users')
      .addColumn(name, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  await db.schema
    .alterTable('ledger_entries')
    .addColumn('promo_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await withId(db, db.schema.createTable('promo_shares'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('payer_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('reference_type', 'varchar(30)', (c) => c.notNull())
    .addColumn('reference_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('coins', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('promo_shares_reference_unique', ['user_id', 'reference_type', 'reference_id'])
    .execute();
  await db.schema.createIndex('promo_shares_user_created').on('promo_shares').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('promo_shares').execute();
  await db.schema.alterTable('ledger_entries').dropColumn('promo_amount').execute();
  for (const name of ['promo_balance', 'promo_moved']) await db.schema.alterTable('users').dropColumn(name).execute();
}
