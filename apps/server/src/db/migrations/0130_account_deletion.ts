import { type Kysely } from 'kysely';

/**
 * Account deletion (issue 15): the user row stays as an anonymous tombstone (the ledger, orders and
 * payouts keep pointing at it for the legal retention period); `deleted_at` says when it was erased.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deleted_at', 'varchar(30)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
