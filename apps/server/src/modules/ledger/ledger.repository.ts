import { sql } from 'kysely';
import { postgresStatement, prepared } from '../../db/prepared.js';
import { isPostgresDb } from '../../db/dialect.js';
import { type Db } from '../../db/database.js';
import { type LedgerEntryRow } from './ledger.table.js';
import { type DbOrTrx } from '../../db/database.js';

export function findEntryByKey(db: DbOrTrx, idempotencyKey: string) {
  return db.selectFrom('ledger_entries').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/**
 * The CTE a posting for another statement's new row reads (`postingForRow`): the move happens only when it
 * gives a row, and the entry's key and reference are that row's id.
 */
const POSTING_ROW = 'posting_row';
const onlyForRow = sql<boolean>`exists (select 1 from ${sql.table(POSTING_ROW)})`;

/**
 * Promotional coins (decision 029): `promo_balance` is the promotional part of the balance, moved by the same
 * update as the balance, and `promo_moved` what that update did to it (signed), which its RETURNING reports
 * (RETURNING sees only the new row) so the entry records it as `promo_amount`. Portable CASE, no least().
 */
/** Promotional coins first: what a spend (or a promotional debit) of `coins` takes from `promo_balance`. */
const promoFirst = (coins: number) => sql<number>`(case when promo_balance < ${coins} then promo_balance else ${coins} end)`;
/** Bought coins first: promotional ones are taken only where the bought ones do not cover the debit. */
const boughtFirst = (coins: number) => sql<number>`(case when promo_balance > balance - ${coins} then promo_balance - (balance - ${coins}) else 0 end)`;
const takePromo = (taken: ReturnType<typeof promoFirst>) => ({
  promo_balance: sql<number>`promo_balance - ${taken}`,
  promo_moved: sql<number>`0 - ${taken}`,
});

/** A credit (`promo` of it promotional) or a debit (only if the balance covers it): prepared once each (every credit runs one). */
type CreditValues = { userId: number; amount: number; promo: number };
type DebitValues = { userId: number; amount: number };
const creditQuery = (db: Db, v: CreditValues, forRow: boolean) =>
  db
    .updateTable('users')
    .set({ balance: sql<number>`balance + ${v.amount}`, promo_balance: sql<number>`promo_balance + ${v.promo}`, promo_moved: sql<number>`${v.promo}` })
    .where('id', '=', v.userId)
    .$if(forRow, (qb) => qb.where(onlyForRow))
    .returning(['balance', 'promo_moved']);
const debitQuery = (db: Db, v: DebitValues, forRow: boolean, promo: 'first' | 'last') =>
  db
    .updateTable('users')
    .set({ balance: sql<number>`balance - ${v.amount}`, ...takePromo(promo === 'first' ? promoFirst(v.amount) : boughtFirst(v.amount)) })
    .where('id', '=', v.userId)
    .where('balance', '>=', v.amount)
    .$if(forRow, (qb) => qb.where(onlyForRow))
    .returning(['balance', 'promo_moved']);
const credit = prepared((db, v: CreditValues) => creditQuery(db, v, false));
const debit = prepared((db, v: DebitValues) => debitQuery(db, v, false, 'last'));
const debitPromoFirst = prepared((db, v: DebitValues) => debitQuery(db, v, false, 'first'));
const creditForRow = prepared((db, v: CreditValues) => creditQuery(db, v, true));
const debitForRow = prepared((db, v: DebitValues) => debitQuery(db, v, true, 'last'));
const debitPromoFirstForRow = prepared((db, v: DebitValues) => debitQuery(db, v, true, 'first'));

/** A balance move's outcome: the balance after it and what it did to the promotional part (signed). */
export type Moved = { balance: number; promo_moved: number };

/**
 * Adds `amount` to the balance (`promo` of a credit promotional); a debit only passes if it leaves the balance
 * >= 0, and takes bought coins first unless `promoFirst`.
 */
export async function applyToBalance(db: DbOrTrx, userId: number, amount: number, promo = 0, isPromoFirst = false): Promise<Moved | undefined> {
  if (amount >= 0) return (await credit(db, { userId, amount, promo }))[0];
  return (await (isPromoFirst ? debitPromoFirst : debit)(db, { userId, amount: -amount }))[0];
}

/** A limit as in force at `now`: the raised one once its 24 hours have passed. */
const effectiveLimit = (current: 'spend_limit_daily' | 'spend_limit_monthly', next: 'spend_limit_next_daily' | 'spend_limit_next_monthly', now: string) =>
  sql<number | null>`(case when spend_limit_next_at is not null and spend_limit_next_at <= ${now} then ${sql.ref(next)} else ${sql.ref(current)} end)`;

/**
 * Spends coins: one conditional update takes them from the balance and adds them to the day's and
 * the month's spending, only if the balance covers them and neither personal limit would be passed.
 * Concurrent spends serialise on the row, so no number of them can overdraw or overspend.
 */
/** The UTC day and month a spend counts in, and when it happens (spending-limits.service#spendingClock). */
type Spending = { now: string; day: string; month: string };
type SpendValues = { userId: number; coins: number } & Spending;
const spendQuery = (db: Db, v: SpendValues, forRow: boolean) => {
  const spentDay = sql<number>`(case when spent_day_key = ${v.day} then spent_day else 0 end)`;
  const spentMonth = sql<number>`(case when spent_month_key = ${v.month} then spent_month else 0 end)`;
  const daily = effectiveLimit('spend_limit_daily', 'spend_limit_next_daily', v.now);
  const monthly = effectiveLimit('spend_limit_monthly', 'spend_limit_next_monthly', v.now);
  return db
    .updateTable('users')
    .set({
      balance: sql<number>`balance - ${v.coins}`,
      spent_day: sql<number>`${spentDay} + ${v.coins}`,
      spent_day_key: v.day,
      spent_month: sql<number>`${spentMonth} + ${v.coins}`,
      spent_month_key: v.month,
      // Promotional coins first (decision 029): they can never be paid out, bought ones keep their worth.
      ...takePromo(promoFirst(v.coins)),
    })
    .where('id', '=', v.userId)
    .where('balance', '>=', v.coins)
    .where(sql<boolean>`(${daily} is null or ${spentDay} + ${v.coins} <= ${daily})`)
    .where(sql<boolean>`(${monthly} is null or ${spentMonth} + ${v.coins} <= ${monthly})`)
    .$if(forRow, (qb) => qb.where(onlyForRow))
    .returning(['balance', 'promo_moved']);
};
/** Every paid send runs it: prepared once (the CASE expressions cost more to build than to run). */
const spend = prepared((db, v: SpendValues) => spendQuery(db, v, false));
const spendForRow = prepared((db, v: SpendValues) => spendQuery(db, v, true));

/**
 * PostgreSQL: the move for an entry, inlined for a larger statement — the spend (counted against the
 * personal limits) when `spending` is given, else a debit or a credit; `forRow`, only when `posting_row`
 * gives a row. The same prepared statements SQLite runs, so the rule is written once.
 */
function inlineMove(db: DbOrTrx, move: MoveInput, forRow: boolean, offset = 0) {
  const { userId, amount, spending } = move;
  if (spending) return (forRow ? spendForRow : spend).inline(db, { userId, coins: -amount, ...spending }, offset);
  if (amount < 0) {
    const statement = move.promoFirst ? (forRow ? debitPromoFirstForRow : debitPromoFirst) : forRow ? debitForRow : debit;
    return statement.inline(db, { userId, amount: -amount }, offset);
  }
  return (forRow ? creditForRow : credit).inline(db, { userId, amount, promo: move.promo ?? 0 }, offset);
}

/**
 * A balance move: a spend (counted against the personal limits, promotional coins first) when `spending` is
 * given, else a credit (`promo` of it promotional) or a debit (bought coins first unless `promoFirst`).
 */
export interface MoveInput {
  userId: number;
  amount: number;
  spending?: Spending;
  promo?: number;
  promoFirst?: boolean;
}

/** The columns of a ledger entry as SQL (parameters or expressions), for `entryInsert`. */
interface EntrySql {
  userId: string;
  amount: string;
  kind: string;
  referenceType: string;
  referenceId: string;
  key: string;
  note: string;
  createdAt: string;
}

/** PostgreSQL: the entry after the move CTE `move` (its balance is the entry's balance_after), unless its key was posted before. */
const entryInsert = (move: string, from: string, e: EntrySql) =>
  `insert into ledger_entries (user_id, amount, kind, reference_type, reference_id, idempotency_key, balance_after, promo_amount, note, created_at)
  select ${e.userId}, ${e.amount}, ${e.kind}, ${e.referenceType}, ${e.referenceId}, ${e.key}, ${move}.balance, ${move}.promo_moved, ${e.note}, ${e.createdAt}
  from ${from}
  on conflict (idempotency_key) do nothing
  returning *`;

export async function applySpend(db: DbOrTrx, userId: number, coins: number, at: Spending): Promise<Moved | undefined> {
  const [row] = await spend(db, { userId, coins, ...at });
  return row;
}

/**
 * Undoes a move made in this transaction (its idempotency key had been posted already): the balance and
 * its promotional part back, and for a spend (`spending`) what it counted against the limits.
 */
export async function undoMove(db: DbOrTrx, userId: number, moved: { amount: number; promo: number }, spending?: { day: string; month: string }) {
  const coins = -moved.amount;
  await db
    .updateTable('users')
    .set({
      balance: sql<number>`balance - ${moved.amount}`,
      promo_balance: sql<number>`promo_balance - ${moved.promo}`,
      ...(spending && {
        spent_day: sql<number>`case when spent_day_key = ${spending.day} then spent_day - ${coins} else spent_day end`,
        spent_month: sql<number>`case when spent_month_key = ${spending.month} then spent_month - ${coins} else spent_month end`,
      }),
    })
    .where('id', '=', userId)
    .execute();
}

export function findSpendingRow(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'balance',
      'spend_limit_daily',
      'spend_limit_monthly',
      'spend_limit_next_daily',
      'spend_limit_next_monthly',
      'spend_limit_next_at',
      'spend_confirm_above',
      'spent_day_key',
      'spent_day',
      'spent_month_key',
      'spent_month',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}
export type SpendingRow = NonNullable<Awaited<ReturnType<typeof findSpendingRow>>>;

export function updateSpendingLimits(
  db: DbOrTrx,
  userId: number,
  values: {
    spend_limit_daily: number | null;
    spend_limit_monthly: number | null;
    spend_limit_next_daily: number | null;
    spend_limit_next_monthly: number | null;
    spend_limit_next_at: string | null;
  },
) {
  return db.updateTable('users').set(values).where('id', '=', userId).execute();
}

export function updateSpendConfirmation(db: DbOrTrx, userId: number, confirmAbove: number) {
  return db.updateTable('users').set({ spend_confirm_above: confirmAbove }).where('id', '=', userId).execute();
}

type EntryValues = Omit<LedgerEntryRow, 'id'>;

/** Every posting runs it on SQLite: prepared once. */
const insertEntry = prepared((db, e: EntryValues) =>
  db
    .insertInto('ledger_entries')
    .values({
      user_id: e.user_id,
      amount: e.amount,
      kind: e.kind,
      reference_type: e.reference_type,
      reference_id: e.reference_id,
      idempotency_key: e.idempotency_key,
      note: e.note,
      created_at: e.created_at,
      balance_after: e.balance_after,
      promo_amount: e.promo_amount,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll(),
);

/** Inserts the entry unless one with its idempotency key exists (then returns undefined). */
export async function insertEntryOnce(db: DbOrTrx, entry: EntryValues): Promise<LedgerEntryRow | undefined> {
  const [row] = await insertEntry(db, entry);
  return row;
}

export function listEntries(db: DbOrTrx, userId: number, limit: number, offset: number) {
  return db.selectFrom('ledger_entries').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

/** Users whose balance, or its promotional part, differs from the sum of their entries' amounts (promo_amount). */
export function findInconsistentBalances(db: DbOrTrx) {
  return db
    .selectFrom('users')
    .leftJoin(
      db
        .selectFrom('ledger_entries')
        .select(['user_id', sql<number>`coalesce(sum(amount), 0)`.as('total'), sql<number>`coalesce(sum(promo_amount), 0)`.as('promo_total')])
        .groupBy('user_id')
        .as('sums'),
      'sums.user_id',
      'users.id',
    )
    .select([
      'users.id',
      'users.balance',
      sql<number>`coalesce(sums.total, 0)`.as('total'),
      'users.promo_balance',
      sql<number>`coalesce(sums.promo_total, 0)`.as('promo_total'),
    ])
    .where(sql<boolean>`(users.balance <> coalesce(sums.total, 0) or users.promo_balance <> coalesce(sums.promo_total, 0))`)
    .execute();
}

/** Balances below zero, and promotional parts below zero or above their balance. */
export function countNegativeBalances(db: DbOrTrx) {
  return db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or([eb('balance', '<', 0), eb('promo_balance', '<', 0), eb('promo_balance', '>', eb.ref('balance'))]))
    .executeTakeFirstOrThrow();
}

/** The user's entries in [from, to), oldest first (statements). */
export function listEntriesBetween(db: DbOrTrx, userId: number, from: string, to: string) {
  return db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('id')
    .execute();
}

/** Sum of a user's entries of these kinds, optionally only those created after `since`. */
export async function sumEntries(db: DbOrTrx, userId: number, kinds: string[], since?: string): Promise<number> {
  let query = db
    .selectFrom('ledger_entries')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds);
  if (since) query = query.where('created_at', '>', since);
  return Number((await query.executeTakeFirstOrThrow()).total);
}

/** The oldest credit of these kinds created after `since`. */
export async function findOldestEntrySince(db: DbOrTrx, userId: number, kinds: string[], since: string) {
  return db
    .selectFrom('ledger_entries')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds)
    .where('created_at', '>', since)
    .where('amount', '>', 0)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
}

export async function findBalance(db: DbOrTrx, userId: number): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirst();
  return row?.balance;
}

/**
 * Contributor earnings paid for by `payerId`'s messages since `since`, newest first: the earnings a
 * lost card dispute of that payer takes back (newest first, so pending ones go first).
 */
export function listEarningsPaidBy(db: DbOrTrx, payerId: number, since: string, limit: number) {
  return db
    .selectFrom('ledger_entries')
    .innerJoin('messages', (join) => join.on(sql<boolean>`ledger_entries.reference_id = cast(messages.id as varchar(20))`))
    .select(['ledger_entries.id', 'ledger_entries.user_id', 'ledger_entries.amount'])
    .where('ledger_entries.kind', '=', 'contributor_earning')
    .where('ledger_entries.reference_type', '=', 'message')
    .where('messages.sender_id', '=', payerId)
    .where('ledger_entries.created_at', '>=', since)
    .orderBy('ledger_entries.id', 'desc')
    .limit(limit)
    .execute();
}

/** What a user paid for their messages in a topic with seq in (fromSeq, toSeq]: message id, coins and the promotional part of them (positive). */
export async function listMessageCharges(db: DbOrTrx, userId: number, topicId: number, fromSeq: number, toSeq: number) {
  const rows = await db
    .selectFrom('messages')
    .innerJoin('ledger_entries', (join) =>
      join.on(sql<boolean>`ledger_entries.reference_id = cast(messages.id as varchar(20))`).on('ledger_entries.reference_type', '=', 'message'),
    )
    .select(['messages.id as message_id', 'ledger_entries.amount', 'ledger_entries.promo_amount'])
    .where('messages.topic_id', '=', topicId)
    .where('messages.sender_id', '=', userId)
    .where('messages.seq', '>', fromSeq)
    .where('messages.seq', '<=', toSeq)
    .where('ledger_entries.kind', '=', 'message')
    .where('ledger_entries.user_id', '=', userId)
    .orderBy('messages.id')
    .execute();
  return rows.map((r) => ({ messageId: Number(r.message_id), coins: -Number(r.amount), promoCoins: -Number(r.promo_amount) })).filter((r) => r.coins > 0);
}

/** A contributor's earnings from the given messages, in coins. */
export async function sumEarningsFromMessages(db: DbOrTrx, earnerId: number, messageIds: number[]): Promise<number> {
  let total = 0;
  for (let i = 0; i < messageIds.length; i += 500) {
    const row = await db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
      .where('user_id', '=', earnerId)
      .where('kind', '=', 'contributor_earning')
      .where('reference_type', '=', 'message')
      .where(
        'reference_id',
        'in',
        messageIds.slice(i, i + 500).map((id) => String(id)),
      )
      .executeTakeFirst();
    total += Number(row?.total ?? 0);
  }
  return total;
}

/** An entry to post; its balance_after comes from the move. */
export type NewEntry = Omit<LedgerEntryRow, 'id' | 'balance_after' | 'promo_amount'>;

type MovedRow = { moved_balance: number; moved_promo: number } & { [K in keyof LedgerEntryRow]: LedgerEntryRow[K] | null };

const withEntry = new Map<string, (db: DbOrTrx, parameters: unknown[]) => Promise<MovedRow[]>>();

/**
 * PostgreSQL: a balance move (the prepared credit, debit or spend, inlined: the rule is the one SQLite runs)
 * and its entry, inserted unless its key was posted before, in one statement. The move's parameters come
 * first; the entry's follow them.
 */
function moveWithEntry(move: { sql: string; parameters: unknown[] }) {
  let run = withEntry.get(move.sql);
  if (!run) {
    const p = (i: number, type: string) => `$${move.parameters.length + 1 + i}::${type}`;
    const entry = entryInsert('moved', 'moved', {
      userId: p(0, 'integer'),
      amount: p(1, 'integer'),
      kind: p(2, 'varchar'),
      referenceType: p(3, 'varchar'),
      referenceId: p(4, 'varchar'),
      key: p(5, 'varchar'),
      note: p(6, 'varchar'),
      createdAt: p(7, 'varchar'),
    });
    run = postgresStatement<MovedRow>(`with moved as (${move.sql}),
entry as (${entry})
select moved.balance as moved_balance, moved.promo_moved as moved_promo, entry.* from moved left join entry on true`);
    withEntry.set(move.sql, run);
  }
  return run;
}

/** An entry for a row a statement creates: its key is `keyPrefix` + the row's id, its reference the row's id. */
export type NewRowEntry = Omit<NewEntry, 'reference_id' | 'idempotency_key'> & { keyPrefix: string };

/**
 * The outcome of `postingForRow`, as the statement selects it (one JSON value): the balance moved to (null:
 * refused), what the move did to the promotional part, and the entry (null: its key was posted before).
 */
export type PostingOutcome = { balance: number | null; promo: number | null; entry: LedgerEntryRow | null };

/** The CTEs of a posting, by the SQL of its move (which carries its parameter offset): built once each. */
const postingCtes = new Map<string, string>();
const postingJoins = 'left join posted_move on true left join posted_entry on true';
const postingOutcome = "json_build_object('balance', posted_move.balance, 'promo', posted_move.promo_moved, 'entry', to_json(posted_entry))";

/**
 * PostgreSQL: a posting inside another statement, for the row it creates. That statement defines the CTE
 * `posting_row` (POSTING_ROW: the new row's `id`, at most one row) and then these two: `posted_move`, the
 * prepared spend, credit or debit (the rule SQLite runs, inlined), which happens only when `posting_row` gives
 * a row, and `posted_entry`, the entry unless its key was posted before. Their parameters follow the
 * statement's own `offset` ones. The statement adds `joins` to its FROM (the move may be refused) and selects
 * `outcome`, a PostingOutcome.
 */
export function postingForRow(db: DbOrTrx, entry: NewRowEntry, move: MoveInput, offset: number) {
  const inlined = inlineMove(db, move, true, offset);
  let ctes = postingCtes.get(inlined.sql);
  if (ctes === undefined) {
    const p = (i: number, type: string) => `$${offset + inlined.parameters.length + 1 + i}::${type}`;
    const posted = entryInsert('posted_move', `posted_move, ${POSTING_ROW}`, {
      userId: p(0, 'integer'),
      amount: p(1, 'integer'),
      kind: p(2, 'varchar'),
      referenceType: p(3, 'varchar'),
      referenceId: `${POSTING_ROW}.id::varchar`,
      key: `${p(4, 'varchar')} || ${POSTING_ROW}.id`,
      note: p(5, 'varchar'),
      createdAt: p(6, 'varchar'),
    });
    postingCtes.set(inlined.sql, (ctes = `posted_move as (${inlined.sql}),\nposted_entry as (${posted})`));
  }
  const parameters = [...inlined.parameters, entry.user_id, entry.amount, entry.kind, entry.reference_type, entry.keyPrefix, entry.note, entry.created_at];
  return { rowCte: POSTING_ROW, ctes, parameters, joins: postingJoins, outcome: postingOutcome };
}

/**
 * Moves the balance (`move`: MoveInput) and records the entry unless its key was posted before. `moved` is
 * undefined when the move was refused (balance or limit); `entry` is undefined when the key exists (the move
 * happened and must be undone). One round trip on PostgreSQL (a data-modifying CTE), two statements on SQLite.
 */
export async function moveAndRecord(db: DbOrTrx, entry: NewEntry, move: MoveInput): Promise<{ moved: Moved | undefined; entry: LedgerEntryRow | undefined }> {
  if (isPostgresDb(db as Db)) {
    const inlined = inlineMove(db, move, false);
    const tail = [entry.user_id, entry.amount, entry.kind, entry.reference_type, entry.reference_id, entry.idempotency_key, entry.note, entry.created_at];
    const [row] = await moveWithEntry(inlined)(db, [...inlined.parameters, ...tail]);
    if (!row) return { moved: undefined, entry: undefined };
    const { moved_balance: balance, moved_promo, ...recorded } = row;
    return { moved: { balance, promo_moved: moved_promo }, entry: recorded.id === null ? undefined : (recorded as LedgerEntryRow) };
  }
  const moved = move.spending
    ? await applySpend(db, move.userId, -move.amount, move.spending)
    : await applyToBalance(db, move.userId, move.amount, move.promo ?? 0, move.promoFirst);
  if (moved === undefined) return { moved, entry: undefined };
  return { moved, entry: await insertEntryOnce(db, { ...entry, balance_after: moved.balance, promo_amount: moved.promo_moved }) };
}

/** The promotional coins the entries with these keys spent (positive). */
export async function sumPromoSpent(db: DbOrTrx, idempotencyKeys: string[]): Promise<number> {
  let total = 0;
  for (let i = 0; i < idempotencyKeys.length; i += 500) {
    const row = await db
      .selectFrom('ledger_entries')
      .select(sql<number | string | null>`sum(0 - promo_amount)`.as('total'))
      .where('idempotency_key', 'in', idempotencyKeys.slice(i, i + 500))
      .where('amount', '<', 0)
      .executeTakeFirst();
    total += Number(row?.total ?? 0);
  }
  return total;
}

/** Records a share not credited because the payer spent promotional coins (once per earner and reference). */
export function insertPromoShare(
  db: DbOrTrx,
  row: { user_id: number; payer_id: number; reference_type: string; reference_id: string; coins: number; created_at: string },
) {
  return db
    .insertInto('promo_shares')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'reference_type', 'reference_id']).doNothing())
    .execute();
}

/** The shares an interlocutor was not credited because payers spent promotional coins, optionally only after `since`. */
export async function sumPromoShares(db: DbOrTrx, userId: number, since?: string): Promise<number> {
  let query = db
    .selectFrom('promo_shares')
    .select(sql<number | string>`coalesce(sum(coins), 0)`.as('total'))
    .where('user_id', '=', userId);
  if (since) query = query.where('created_at', '>', since);
  return Number((await query.executeTakeFirstOrThrow()).total);
}

export async function findPromoBalance(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('promo_balance').where('id', '=', userId).executeTakeFirst();
  return row?.promo_balance ?? 0;
}
