import { sql } from 'kysely';
import { type DbOrTrx } from '../../db/database.js';

export interface MovementRow {
  source: 'ledger' | 'order' | 'deposit';
  id: number;
  type: string;
  /** Coins (ledger) or euro cents (order, deposit). */
  amount: number;
  status: string;
  created_at: string;
}

/** Every money movement of a user: ledger entries (coins), skin orders and card top-ups (euros), newest first. */
function movements(db: DbOrTrx, userId: number) {
  const ledger = db
    .selectFrom('ledger_entries')
    .select([sql<string>`'ledger'`.as('source'), 'id', sql<string>`kind`.as('type'), 'amount', sql<string>`'success'`.as('status'), 'created_at'])
    .where('user_id', '=', userId);
  const orders = db
    .selectFrom('orders')
    .select([
      sql<string>`'order'`.as('source'),
      'id',
      sql<string>`'skin_purchase'`.as('type'),
      sql<number>`total_cents`.as('amount'),
      sql<string>`status`.as('status'),
      'created_at',
    ])
    .where('user_id', '=', userId);
  const deposits = db
    .selectFrom('deposits')
    .select([
      sql<string>`'deposit'`.as('source'),
      'id',
      sql<string>`'top_up_payment'`.as('type'),
      sql<number>`total_cents`.as('amount'),
      sql<string>`status`.as('status'),
      'created_at',
    ])
    .where('user_id', '=', userId);
  return ledger.unionAll(orders).unionAll(deposits);
}

export async function listMovements(db: DbOrTrx, userId: number, limit: number, offset: number): Promise<MovementRow[]> {
  const rows = await db
    .selectFrom(movements(db, userId).as('m'))
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('source')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({ ...r, source: r.source as MovementRow['source'], id: Number(r.id), amount: Number(r.amount) }));
}

export async function countMovements(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom(movements(db, userId).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
