import { type Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Statements of reasons and complaints (issue 36 §2, DSA Art. 17 and 20). A statement records one
 * restrictive decision about one person: its type, the subject it concerns, the facts as the decider wrote
 * them, a detail of the rule relied on, whether it was automated, who decided (null: automated) and the
 * coins it moved (what an upheld complaint gives back). `contest_token_hash` is the hash of the secret in the
 * statement's mail link: a banned person, who cannot sign in, contests through it. `dedupe_key` makes a replayed decision record one
 * statement. A complaint contests one statement (unique), with an optional stored file; `status` moves from
 * open to upheld or rejected once (a conditional update), so racing decisions decide it once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('decision_statements'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(30)', (c) => c.notNull())
    .addColumn('subject_type', 'varchar(30)', (c) => c.notNull())
    .addColumn('subject_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('facts', 'text')
    .addColumn('ground_detail', 'varchar(255)')
    .addColumn('automated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('decided_by', 'integer')
    .addColumn('coins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content_type', 'varchar(20)', (c) => c.notNull().defaultTo('text'))
    .addColumn('dedupe_key', 'varchar(120)', (c) => c.notNull())
    .addColumn('contest_token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('contest_until', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('decision_statements_dedupe').on('decision_statements').column('dedupe_key').unique().execute();
  await db.schema.createIndex('decision_statements_user').on('decision_statements').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('decision_statements_token').on('decision_statements').column('contest_token_hash').unique().execute();
  await db.schema.createIndex('decision_statements_created').on('decision_statements').column('created_at').execute();

  await withId(db, db.schema.createTable('complaints'))
    .addColumn('statement_id', 'integer', (c) => c.notNull().references('decision_statements.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('file_key', 'varchar(64)')
    .addColumn('file_name', 'varchar(200)')
    .addColumn('file_mime', 'varchar(100)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('due_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'varchar(30)')
    .addColumn('reasons', 'text')
    .execute();
  await db.schema.createIndex('complaints_statement').on('complaints').column('statement_id').unique().execute();
  await db.schema.createIndex('complaints_status_due').on('complaints').columns(['status', 'due_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('complaints').execute();
  await db.schema.dropTable('decision_statements').execute();
}
