import { type Kysely, sql } from 'kysely';

/**
 * The sandbox gateway's webhook outbox moves onto the durable job queue (modules/jobs):
 * deliveries still pending become `sandbox.webhook` jobs with their attempts and due time,
 * and the outbox's own table goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pending = await sql<{ event_id: string; payload: string; attempts: number; next_attempt_at: string; last_error: string | null; created_at: string }>`
    SELECT event_id, payload, attempts, next_attempt_at, last_error, created_at FROM sandbox_webhook_deliveries WHERE status = 'pending'
  `.execute(db);
  for (const row of pending.rows) {
    await sql`
      INSERT INTO jobs (kind, payload, status, attempts, max_attempts, run_at, dedupe_key, last_error, created_at, updated_at)
      VALUES ('sandbox.webhook', ${JSON.stringify({ payload: row.payload })}, 'pending', ${row.attempts}, 16, ${row.next_attempt_at},
              ${`sandbox.webhook:${row.event_id}`}, ${row.last_error}, ${row.created_at}, ${row.created_at})
    `.execute(db);
  }
  await db.schema.dropTable('sandbox_webhook_deliveries').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_webhook_deliveries')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_error', 'varchar(255)')
    .addColumn('delivered_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}
