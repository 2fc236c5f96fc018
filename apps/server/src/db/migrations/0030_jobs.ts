import { type Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.js';

/**
 * The durable job queue (modules/jobs): one row per job. A worker claims a due
 * row with a conditional UPDATE that moves `run_at` past a lease, so two
 * instances never run the same attempt. `dedupe_key` makes an enqueue
 * idempotent (periodic jobs use one key per time slot).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('jobs'))
      .addColumn('kind', 'varchar(64)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull())
      .addColumn('run_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('dedupe_key', 'varchar(191)')
      .addColumn('last_error', 'varchar(255)')
      .addColumn('finished_at', 'varchar(30)'),
  ).execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('jobs_dedupe_key').on('jobs').column('dedupe_key').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
