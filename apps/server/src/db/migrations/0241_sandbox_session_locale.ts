import { type Kysely } from 'kysely';

/** The buyer's language of a sandbox checkout (issue 33): its hosted card page speaks it. Null: the browser's, else the default. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_sessions').addColumn('locale', 'varchar(20)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_sessions').dropColumn('locale').execute();
}
