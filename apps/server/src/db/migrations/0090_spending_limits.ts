import { type Kysely } from 'kysely';

/**
 * Personal spending limits (issue 15). The limits and what was spent in the current UTC day and
 * month live on the user row, so the conditional debit that charges a message also enforces them,
 * in the same statement. A raised limit waits in `spend_limit_next_*` until `spend_limit_next_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: [string, 'integer' | 'varchar(10)' | 'varchar(30)'][] = [
    ['spend_limit_daily', 'integer'],
    ['spend_limit_monthly', 'integer'],
    ['spend_limit_next_daily', 'integer'],
    ['spend_limit_next_monthly', 'integer'],
    ['spend_limit_next_at', 'varchar(30)'],
    ['spent_day_key', 'varchar(10)'],
    ['spent_month_key', 'varchar(10)'],
  ];
  for (const [name, type] of columns) await db.schema.alterTable('users').addColumn(name, type).execute();
  for (const name of ['spent_day', 'spent_month'])
    await db.schema
      .alterTable('users')
      .addColumn(name, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'spend_limit_daily',
    'spend_limit_monthly',
    'spend_limit_next_daily',
    'spend_limit_next_monthly',
    'spend_limit_next_at',
    'spent_day_key',
    'spent_month_key',
    'spent_day',
    'spent_month',
  ])
    await db.schema.alterTable('users').dropColumn(name).execute();
}
