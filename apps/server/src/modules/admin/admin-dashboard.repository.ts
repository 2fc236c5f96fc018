import { sql } from 'kysely';
import { type Db } from '../../db/database.js';

const count = (n: unknown) => Number(n ?? 0);
/** The calendar day (UTC) of an ISO timestamp column, on both dialects. */
const dayOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

export async function countUsers(db: Db, since: string) {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      sql<number>`sum(case when banned_at is not null then 1 else 0 end)`.as('banned'),
      sql<number>`sum(case when created_at >= ${since} then 1 else 0 end)`.as('new_today'),
      sql<number>`sum(case when is_contributor = 1 then 1 else 0 end)`.as('contributors'),
    ])
    .executeTakeFirstOrThrow();
  return { total: count(row.total), banned: count(row.banned), new_today: count(row.new_today), contributors: count(row.contributors) };
}

export async function countOpenTopics(db: Db) {
  const row = await db
    .selectFrom('topics')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_closed', '=', 0)
    .executeTakeFirstOrThrow();
  return count(row.n);
}

export async function countMessagesSince(db: Db, since: string) {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return count(row.n);
}

/** Confirmed top-ups: coins credited and euros (net of VAT and gross) received. */
export async function sumDeposits(db: Db) {
  const row = await db
    .selectFrom('deposits')
    .select([
      sql<number>`coalesce(sum(points), 0)`.as('points'),
      sql<number>`coalesce(sum(amount_cents), 0)`.as('net'),
      sql<number>`coalesce(sum(total_cents), 0)`.as('gross'),
    ])
    .where('status', '=', 'success')
    .executeTakeFirstOrThrow();
  return { coins: count(row.points), net_cents: count(row.net), gross_cents: count(row.gross) };
}

export async function sumPaidOrders(db: Db) {
  const row = await db
    .selectFrom('orders')
    .select([sql<number>`coalesce(sum(price_cents), 0)`.as('net'), sql<number>`coalesce(sum(total_cents), 0)`.as('gross')])
    .where('status', '=', 'success')
    .executeTakeFirstOrThrow();
  return { net_cents: count(row.net), gross_cents: count(row.gross) };
}

export async function countPending(db: Db) {
  const [applications, payouts, reports] = await Promise.all([
    db
      .selectFrom('contributor_applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payouts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['pending', 'approved'])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow(),
  ]);
  return { applications: count(applications.n), payouts: count(payouts.n), reports: count(reports.n) };
}

export type DailySeries = { day: string; value: number }[];

export async function messagesPerDay(db: Db, since: string): Promise<DailySeries> {
  const rows = await db
    .selectFrom('messages')
    .select([dayOf('created_at').as('day'), (eb) => eb.fn.countAll<number>().as('value')])
    .where('created_at', '>=', since)
    .groupBy(dayOf('created_at'))
    .execute();
  return rows.map((r) => ({ day: r.day, value: count(r.value) }));
}

export async function signupsPerDay(db: Db, since: string): Promise<DailySeries> {
  const rows = await db
    .selectFrom('users')
    .select([dayOf('created_at').as('day'), (eb) => eb.fn.countAll<number>().as('value')])
    .where('created_at', '>=', since)
    .groupBy(dayOf('created_at'))
    .execute();
  return rows.map((r) => ({ day: r.day, value: count(r.value) }));
}

/** Net revenue (cents) per day of confirmation: top-ups plus paid store orders. */
export async function revenuePerDay(db: Db, since: string): Promise<DailySeries> {
  const deposits = await db
    .selectFrom('deposits')
    .select([dayOf('completed_at').as('day'), sql<number>`sum(amount_cents)`.as('value')])
    .where('status', '=', 'success')
    .where('completed_at', '>=', since)
    .groupBy(dayOf('completed_at'))
    .execute();
  const orders = await db
    .selectFrom('orders')
    .select([dayOf('paid_at').as('day'), sql<number>`sum(price_cents)`.as('value')])
    .where('status', '=', 'success')
    .where('paid_at', '>=', since)
    .groupBy(dayOf('paid_at'))
    .execute();
  const byDay = new Map<string, number>();
  for (const r of [...deposits, ...orders]) byDay.set(r.day, (byDay.get(r.day) ?? 0) + count(r.value));
  return [...byDay].map(([day, value]) => ({ day, value }));
}
