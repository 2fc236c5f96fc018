import { type Kysely } from 'kysely';

/**
 * The language a person reads Parley in (issue 19): mail and notices go out in it. Null: the default
 * language. Deleting a language leaves its readers on the default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language_id', 'integer', (c) => c.references('languages.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language_id').execute();
}
