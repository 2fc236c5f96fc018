import { sql } from 'kysely';
import { type DbOrTrx } from '../../db/database.js';

/** Jobs waiting to run and the age of the oldest due one (seconds). */
export async function findJobQueueState(db: DbOrTrx, now: string) {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => [eb.fn.countAll<number>().as('pending'), eb.fn.min('run_at').as('oldest')])
    .where('status', '=', 'pending')
    .where('run_at', '<=', now)
    .executeTakeFirstOrThrow();
  const dead = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'dead')
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), oldest: row.oldest as string | null, dead: Number(dead.n) };
}

/** The coins users hold and the ledger's entry count: the invariant's two sides at a glance. */
export async function findLedgerTotals(db: DbOrTrx) {
  const balances = await db
    .selectFrom('users')
    .select(sql<number>`coalesce(sum(balance), 0)`.as('total'))
    .executeTakeFirstOrThrow();
  const entries = await db
    .selectFrom('ledger_entries')
    .select([sql<number>`count(*)`.as('count'), sql<number>`coalesce(sum(amount), 0)`.as('sum')])
    .executeTakeFirstOrThrow();
  return { balances: Number(balances.total), entries: Number(entries.count), entriesSum: Number(entries.sum) };
}
