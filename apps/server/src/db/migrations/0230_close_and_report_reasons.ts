import { type Kysely } from 'kysely';

/**
 * Issue 33: who closed a topic ('owner' by leaving, 'moderator' from the admin console or an upheld
 * report), so both sides are told why; and why a report was made (a reason code and the reporter's
 * own words), shown to moderators. Null on rows from before: unknown.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('topics').addColumn('closed_by', 'varchar(16)').execute();
  await db.schema.alterTable('reports').addColumn('reason', 'varchar(32)').execute();
  await db.schema.alterTable('reports').addColumn('details', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reports').dropColumn('details').execute();
  await db.schema.alterTable('reports').dropColumn('reason').execute();
  await db.schema.alterTable('topics').dropColumn('closed_by').execute();
}
