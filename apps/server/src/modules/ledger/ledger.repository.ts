import { type Expression, type QueryCreator, type RawBuilder, sql, type SqlBool } from 'kysely';
import { prepared } from '../../db/prepared.js';
import { composedWrite } from '../../db/dialect.js';
import { type Database } from '../../db/database.js';
import { type LedgerEntryRow } from './ledger.table.js';
import { type DbOrTrx } from '../../db/database.js';

export function findEntryByKey(db: DbOrTrx, idempotencyKey: string) {
  return db.selectFrom('ledger_entries').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

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

/**
 * The balance moves as query builders (on `db` or inside a CTE of a larger statement: `qb`), each an UPDATE
 * of the user's row returning the balance after it and what it did to the promotional part. `guard`: the
 * move happens only where it holds (the enclosing statement's condition). Prepared once each below.
 */
type CreditValues = { userId: number; amount: number; promo: number };
type DebitValues = { userId: number; amount: number };
type Guard = Expression<SqlBool> | undefined;
const creditQuery = (qb: QueryCreator<Database>, v: CreditValues, guard?: Guard) =>
  qb
    .updateTable('users')
    .set({ balance: sql<number>`balance + ${v.amount}`, promo_balance: sql<number>`promo_balance + ${v.promo}`, promo_moved: sql<number>`${v.promo}` })
    .where('id', '=', v.userId)
    .$if(guard !== undefined, (q) => q.where(guard!))
    .returning(['balance', 'promo_moved']);
const debitQuery = (qb: QueryCreator<Database>, v: DebitValues, promo: 'first' | 'last', guard?: Guard) =>
  qb
    .updateTable('users')
    .set({ balance: sql<number>`balance - ${v.amount}`, ...takePromo(promo === 'first' ? promoFirst(v.amount) : boughtFirst(v.amount)) })
    .where('id', '=', v.userId)
    .where('balance', '>=', v.amount)
    .$if(guard !== undefined, (q) => q.where(guard!))
    .returning(['balance', 'promo_moved']);
const credit = prepared((db, v: CreditValues) => creditQuery(db, v));
const debit = prepared((db, v: DebitValues) => debitQuery(db, v, 'last'));
const debitPromoFirst = prepared((db, v: DebitValues) => debitQuery(db, v, 'first'));

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
export type Spending = { now: string; day: string; month: string };
export type SpendValues = { userId: number; coins: number } & Spending;
export const spendQuery = (qb: QueryCreator<Database>, v: SpendValues, guard?: Guard) => {
  const spentDay = sql<number>`(case when spent_day_key = ${v.day} then spent_day else 0 end)`;
  const spentMonth = sql<number>`(case when spent_month_key = ${v.month} then spent_month else 0 end)`;
  const daily = effectiveLimit('spend_limit_daily', 'spend_limit_next_daily', v.now);
  const monthly = effectiveLimit('spend_limit_monthly', 'spend_limit_next_monthly', v.now);
  return qb
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
    .$if(guard !== undefined, (q) => q.where(guard!))
    .returning(['balance', 'promo_moved']);
};
/** Every paid send runs it on SQLite: prepared once (the CASE expressions cost more to build than to run). */
const spend = prepared((db, v: SpendValues) => spendQuery(db, v));

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
 * Contributor earnings paid for by `payerId`'s messages and tips since `since`, newest first: the earnings a
 * lost card dispute of that payer takes back (newest first, so pending ones go first).
 */
export function listEarningsPaidBy(db: DbOrTrx, payerId: number, since: string, limit: number) {
  return db
    .selectFrom('ledger_entries')
    .leftJoin('messages', (join) =>
      join.on('ledger_entries.reference_type', '=', 'message').on(sql<boolean>`ledger_entries.reference_id = cast(messages.id as varchar(20))`),
    )
    .leftJoin('tips', (join) =>
      join.on('ledger_entries.reference_type', '=', 'tip').on(sql<boolean>`ledger_entries.reference_id = cast(tips.id as varchar(20))`),
    )
    .select(['ledger_entries.id', 'ledger_entries.user_id', 'ledger_entries.amount'])
    .where('ledger_entries.kind', '=', 'contributor_earning')
    .where((eb) => eb.or([eb('messages.sender_id', '=', payerId), eb('tips.payer_id', '=', payerId)]))
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

/** The row a move CTE gives the entry inserted after it. */
type MovedCte = { balance: number; promo_moved: number };

/**
 * The tables of a statement that posts for a row it creates (PostgreSQL, data-modifying CTEs): `posting_row`,
 * the new row's id (at most one row), and `posted_move`, the move (its balance is the entry's balance_after).
 */
export type PostingDb = Database & { posted_move: MovedCte; posting_row: { id: number } };

/** An entry's own values as a statement takes them (its balance_after and promo_amount come from the move). */
export type EntryValuesOf = {
  entryUserId: number;
  entryAmount: number;
  entryKind: string;
  entryReferenceType: string | null;
  entryNote: string | null;
  entryCreatedAt: string;
};

const entryColumns = [
  'user_id',
  'amount',
  'kind',
  'reference_type',
  'reference_id',
  'idempotency_key',
  'balance_after',
  'promo_amount',
  'note',
  'created_at',
] as const;

/**
 * PostgreSQL: the entry after the move `posted_move`, unless its key was posted before (returns it, or
 * nothing). `key` and `referenceId` as the caller builds them (given, or from the new row's id).
 */
function entryAfterMove(
  qb: QueryCreator<PostingDb>,
  e: EntryValuesOf,
  withRow: boolean,
  key: (row: 'posting_row') => RawBuilder<string>,
  referenceId: RawBuilder<string | null>,
) {
  return qb
    .insertInto('ledger_entries')
    .columns(entryColumns)
    .expression((eb) =>
      eb
        .selectFrom(withRow ? ['posted_move', 'posting_row'] : ['posted_move'])
        .select([
          eb.cast<number>(eb.val(e.entryUserId), 'integer').as('user_id'),
          eb.cast<number>(eb.val(e.entryAmount), 'integer').as('amount'),
          eb.cast<string>(eb.val(e.entryKind), 'varchar').as('kind'),
          eb.cast<string | null>(eb.val(e.entryReferenceType), 'varchar').as('reference_type'),
          referenceId.as('reference_id'),
          key('posting_row').as('idempotency_key'),
          'posted_move.balance',
          'posted_move.promo_moved',
          eb.cast<string | null>(eb.val(e.entryNote), 'varchar').as('note'),
          eb.cast<string>(eb.val(e.entryCreatedAt), 'varchar').as('created_at'),
        ]),
    )
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll();
}

/**
 * PostgreSQL: the entry for the row a statement creates — keyed `keyPrefix` + the row's id, referring to it —
 * after the statement's `posted_move`, unless the key was posted before. The statement defines `posting_row`.
 */
export const entryForRow = (qb: QueryCreator<PostingDb>, e: EntryValuesOf & { entryKeyPrefix: string }) =>
  entryAfterMove(
    qb,
    e,
    true,
    (row) => sql<string>`cast(${e.entryKeyPrefix} as varchar) || ${sql.ref(`${row}.id`)}`,
    sql<string>`cast(${sql.ref('posting_row.id')} as varchar)`,
  );

/** A move's values and which move it is: the spend (counted against the personal limits), a credit or a debit. */
type MoveVariant = 'spend' | 'credit' | 'debit' | 'debitPromoFirst';
type MoveValues = { userId: number; amount: number; promo: number; now: string; day: string; month: string };
const moveQuery = (qb: QueryCreator<Database>, variant: MoveVariant, v: MoveValues) => {
  if (variant === 'spend') return spendQuery(qb, { userId: v.userId, coins: v.amount, now: v.now, day: v.day, month: v.month });
  if (variant === 'credit') return creditQuery(qb, { userId: v.userId, amount: v.amount, promo: v.promo });
  return debitQuery(qb, { userId: v.userId, amount: v.amount }, variant === 'debit' ? 'last' : 'first');
};

type MoveAndEntryValues = MoveValues & EntryValuesOf & { entryReferenceId: string | null; entryKey: string };

/**
 * PostgreSQL: a balance move (the same credit, debit or spend SQLite runs: the rule is written once) and its
 * entry, inserted unless its key was posted before, in one statement; prepared once per kind of move.
 */
const moveWithEntry = (variant: MoveVariant) =>
  prepared((db, v: MoveAndEntryValues) =>
    db
      .with('posted_move', (qb) => moveQuery(qb, variant, v))
      .with('posted_entry', (qb) =>
        entryAfterMove(
          qb as unknown as QueryCreator<PostingDb>,
          v,
          false,
          () => sql<string>`cast(${v.entryKey} as varchar)`,
          sql<string | null>`cast(${v.entryReferenceId} as varchar)`,
        ),
      )
      .selectFrom('posted_move')
      .leftJoin('posted_entry', (join) => join.onTrue())
      .selectAll('posted_entry')
      .select(['posted_move.balance as moved_balance', 'posted_move.promo_moved as moved_promo']),
  );
const movesWithEntry = {
  spend: moveWithEntry('spend'),
  credit: moveWithEntry('credit'),
  debit: moveWithEntry('debit'),
  debitPromoFirst: moveWithEntry('debitPromoFirst'),
};

/** The ledger's prepared statements, for test/queries' snapshots. */
export const ledgerQueries = { credit, debit, debitPromoFirst, spend, insertEntry, movesWithEntry };

const variantOf = (move: MoveInput): MoveVariant => (move.spending ? 'spend' : move.amount >= 0 ? 'credit' : move.promoFirst ? 'debitPromoFirst' : 'debit');

/** A move as the statements take it: positive coins for a spend or a debit. */
const moveValuesOf = (move: MoveInput): MoveValues => ({
  userId: move.userId,
  amount: Math.abs(move.amount),
  promo: move.promo ?? 0,
  now: move.spending?.now ?? '',
  day: move.spending?.day ?? '',
  month: move.spending?.month ?? '',
});

/** An entry for a row a statement creates: its key is `keyPrefix` + the row's id, its reference the row's id. */
export type NewRowEntry = Omit<NewEntry, 'reference_id' | 'idempotency_key'> & { keyPrefix: string };

/**
 * The outcome of a posting for a row: the balance moved to (null: refused), what the move did to the
 * promotional part, and the entry (null: its key was posted before, or the move was refused).
 */
export type PostingOutcome = { balance: number | null; promo: number | null; entry: LedgerEntryRow | null };

/**
 * PostgreSQL: a posting inside a statement that creates a row (messages.repository), as query builders: the
 * spend for `posted_move` — only where the statement's `guard` holds — and the entry for `posted_entry`, after
 * the statement's `posting_row`. Their values are named so they sit beside the statement's own.
 */
export type SpendForRowValues = SpendValues & EntryValuesOf & { entryKeyPrefix: string };
export const spendForRow = {
  move: (qb: QueryCreator<Database>, v: SpendForRowValues, guard: Expression<SqlBool>) => spendQuery(qb, v, guard),
  entry: (qb: QueryCreator<PostingDb>, v: SpendForRowValues) => entryForRow(qb, v),
};

/** The values of a spend for a row (`spendForRow`). */
export function spendForRowValues(entry: NewRowEntry, move: MoveInput): SpendForRowValues {
  if (!move.spending) throw new Error('a posting for a row is a spend');
  return {
    userId: move.userId,
    coins: -move.amount,
    ...move.spending,
    entryUserId: entry.user_id,
    entryAmount: entry.amount,
    entryKind: entry.kind,
    entryReferenceType: entry.reference_type,
    entryNote: entry.note,
    entryCreatedAt: entry.created_at,
    entryKeyPrefix: entry.keyPrefix,
  };
}

/**
 * SQLite, which has no data-modifying CTEs: the same posting in two statements around the row's insert — the
 * spend first (refused: nothing was written), then, once the row exists, its entry.
 */
export const spendBeforeRow = (db: DbOrTrx, move: MoveInput) => applySpend(db, move.userId, -move.amount, move.spending!);
export const entryAfterRow = (db: DbOrTrx, entry: NewRowEntry, rowId: number, moved: Moved) =>
  insertEntryOnce(db, {
    user_id: entry.user_id,
    amount: entry.amount,
    kind: entry.kind,
    reference_type: entry.reference_type,
    reference_id: String(rowId),
    idempotency_key: `${entry.keyPrefix}${rowId}`,
    note: entry.note,
    created_at: entry.created_at,
    balance_after: moved.balance,
    promo_amount: moved.promo_moved,
  });

/**
 * Moves the balance (`move`: MoveInput) and records the entry unless its key was posted before. `moved` is
 * undefined when the move was refused (balance or limit); `entry` is undefined when the key exists (the move
 * happened and must be undone). One round trip on PostgreSQL (a data-modifying CTE), two statements on SQLite.
 */
export async function moveAndRecord(db: DbOrTrx, entry: NewEntry, move: MoveInput): Promise<{ moved: Moved | undefined; entry: LedgerEntryRow | undefined }> {
  return composedWrite(db, {
    oneStatement: async () => {
      const [row] = await movesWithEntry[variantOf(move)](db, {
        ...moveValuesOf(move),
        entryUserId: entry.user_id,
        entryAmount: entry.amount,
        entryKind: entry.kind,
        entryReferenceType: entry.reference_type,
        entryReferenceId: entry.reference_id,
        entryKey: entry.idempotency_key,
        entryNote: entry.note,
        entryCreatedAt: entry.created_at,
      });
      if (!row) return { moved: undefined, entry: undefined };
      const { moved_balance: balance, moved_promo, ...recorded } = row;
      return { moved: { balance, promo_moved: moved_promo }, entry: recorded.id === null ? undefined : (recorded as LedgerEntryRow) };
    },
    steps: async () => {
      const moved = move.spending
        ? await applySpend(db, move.userId, -move.amount, move.spending)
        : await applyToBalance(db, move.userId, move.amount, move.promo ?? 0, move.promoFirst);
      if (moved === undefined) return { moved, entry: undefined };
      return { moved, entry: await insertEntryOnce(db, { ...entry, balance_after: moved.balance, promo_amount: moved.promo_moved }) };
    },
  });
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
