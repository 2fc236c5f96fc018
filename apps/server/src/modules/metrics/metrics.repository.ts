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

export interface LedgerTotals {
  balances: number;
  entries: number;
  entriesSum: number;
}

/**
 * The coins users hold and the ledger's entries: the invariant's two sides, read in one statement
 * (one snapshot, so a write between two reads cannot make them differ).
 */
export async function findLedgerTotals(db: DbOrTrx): Promise<LedgerTotals> {
  const row = await db
    .selectNoFrom([
      sql<number>`(select coalesce(sum(balance), 0) from users)`.as('balances'),
      sql<number>`(select count(*) from ledger_entries)`.as('entries'),
      sql<number>`(select coalesce(sum(amount), 0) from ledger_entries)`.as('entries_sum'),
    ])
    .executeTakeFirstOrThrow();
  return { balances: Number(row.balances), entries: Number(row.entries), entriesSum: Number(row.entries_sum) };
}

/**
 * Takes or renews the lease `name` for `holder` until `until`: true when `holder` holds it now
 * (it was free, expired, or already its own). One statement when the row exists, two the first time.
 */
export async function claimLease(db: DbOrTrx, name: string, holder: string, now: string, until: string): Promise<boolean> {
  const renewed = await db
    .updateTable('cluster_leases')
    .set({ holder, expires_at: until })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<', now)]))
    .executeTakeFirst();
  if (Number(renewed.numUpdatedRows) > 0) return true;
  const inserted = await db
    .insertInto('cluster_leases')
    .values({ name, holder, expires_at: until })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Gives the lease up (an instance shutting down), if `holder` has it. */
export async function releaseLease(db: DbOrTrx, name: string, holder: string) {
  await db.deleteFrom('cluster_leases').where('name', '=', name).where('holder', '=', holder).execute();
}
