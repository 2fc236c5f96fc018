import { type Kysely } from 'kysely';

/**
 * Adults only (issue 15): when the user confirmed they are 18 or older. Sign-up asks for it; an
 * account from before is asked once, the first time it tops up, chats with a human or applies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('adult_confirmed_at', 'varchar(30)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('adult_confirmed_at').execute();
}
