import { type Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Per-language text of content rows (issue 33: German left the seeded FAQ, bundles, skins, rooms and
 * legal pages in English). The row's own columns keep the default language's text; a translation
 * replaces one field of one row in one language, and a missing one falls back to the row's text.
 * `table_name`: faqs, bundles, products, rooms or static_pages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('content_translations'))
    .addColumn('table_name', 'varchar(40)', (c) => c.notNull())
    .addColumn('row_id', 'integer', (c) => c.notNull())
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id').onDelete('cascade'))
    .addColumn('field', 'varchar(40)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('content_translations_unique')
    .on('content_translations')
    .columns(['table_name', 'language_id', 'row_id', 'field'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_translations').execute();
}
