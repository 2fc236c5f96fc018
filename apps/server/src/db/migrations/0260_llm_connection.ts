import { type Kysely } from 'kysely';

/**
 * The LLM endpoint an admin connects from /admin → AI (issue 33): one row (id 1). The API key is
 * sealed with the payout key (lib/secret-box, bound to 'llm-connection'), and only its last four
 * characters are kept readable. No row: the LLM_* environment variables, else the offline companion.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('llm_connection')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('base_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('model', 'varchar(200)', (c) => c.notNull())
    .addColumn('api_key_sealed', 'text')
    .addColumn('api_key_last4', 'varchar(4)')
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('llm_connection').execute();
}
