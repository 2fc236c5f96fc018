import { type Kysely } from 'kysely';

/**
 * A coin spend above this many coins asks the user first (issue 33): channel status, topic creation.
 * Each user sets it in Account → Settings; 0 asks every time. Per-message sends never ask.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('spend_confirm_above', 'integer', (c) => c.notNull().defaultTo(100))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('spend_confirm_above').execute();
}
