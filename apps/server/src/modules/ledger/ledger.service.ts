import { type Transaction } from 'kysely';
import { type Database, type DbOrTrx } from '../../db/database.js';
import { AppError, type LocalizedText } from '../../lib/app-error.js';
import { refuseOverLimit, spendingClock } from './spending-limits.service.js';
import { type Clock } from '../../lib/clock.js';
import * as repo from './ledger.repository.js';
import { type LedgerEntryRow } from './ledger.table.js';

/**
 * The ledger is the only code that changes a balance. Every change is one
 * entry, in the caller's transaction, with a unique idempotency key.
 */
export interface PostEntryInput {
  userId: number;
  /** Signed coins: credit > 0, debit < 0. */
  amount: number;
  kind: LedgerKind;
  idempotencyKey: string;
  reference?: { type: string; id: string | number };
  note?: string;
  /** The message of the error when a debit would go below zero. */
  insufficientMessage?: string | LocalizedText;
  /**
   * A credit's promotional coins (0..amount; decision 029): a promotional grant, or a refund of a spend's
   * promotional part (`promoRefund`). Default 0 (bought), except a sign-up bonus, which is all promotional.
   */
  promoAmount?: number;
  /** A debit that is not spending takes bought coins first; this takes promotional ones first (a promotional grant taken back). */
  promoFirst?: boolean;
}

export type LedgerKind =
  | 'signup_bonus'
  | 'top_up'
  | 'message'
  | 'topic'
  | 'channel_status'
  | 'contributor_earning'
  | 'payout_hold'
  | 'payout_release'
  | 'admin_adjustment'
  | 'store_purchase'
  | 'refund'
  | 'report_refund'
  | 'held_refund'
  | 'dispute_hold'
  | 'dispute_release'
  | 'earning_reversal'
  | 'tip'
  | 'tip_refund'
  /** Reversed earnings given back by an upheld complaint (issue 36 §2). */
  | 'earning_restore';

/** Credits that are promotional whole: spendable, never paid out (decision 029). */
const PROMOTIONAL_KINDS: ReadonlySet<LedgerKind> = new Set(['signup_bonus']);

/** Debits that count against a user's personal spending limits: coins spent in chat (tips too) and on channel status. Promotional coins go first. */
const SPENDING_KINDS: ReadonlySet<LedgerKind> = new Set(['message', 'topic', 'channel_status', 'store_purchase', 'tip']);

export interface PostEntryResult {
  entry: LedgerEntryRow;
  /** False when the idempotency key had already been posted: nothing changed. */
  created: boolean;
}

/**
 * One statement on PostgreSQL, two on SQLite, when the key is new (the balance move, then the entry inserted unless its key exists);
 * a repeated key undoes the move and answers with the first posting. The balance row stays locked from
 * the move to the commit, so a concurrent posting of the same key waits and then sees it.
 */
export async function postEntry(trx: Transaction<Database>, clock: Clock, input: PostEntryInput): Promise<PostEntryResult> {
  const move = moveOf(clock, input);
  const { moved, entry } = await repo.moveAndRecord(
    trx,
    {
      user_id: input.userId,
      amount: input.amount,
      kind: input.kind,
      reference_type: input.reference?.type ?? null,
      reference_id: input.reference ? String(input.reference.id) : null,
      idempotency_key: input.idempotencyKey,
      note: input.note ?? null,
      created_at: clock.now().toISOString(),
    },
    move,
  );
  return settle(trx, clock, input, moved, entry);
}

const isSpending = (input: Pick<PostEntryInput, 'amount' | 'kind'>) => input.amount < 0 && SPENDING_KINDS.has(input.kind);

/** The balance move an entry makes (repo.MoveInput), its amounts checked. */
function moveOf(clock: Clock, input: Omit<PostEntryInput, 'idempotencyKey'>): repo.MoveInput {
  if (!Number.isSafeInteger(input.amount) || input.amount === 0) throw new Error(`ledger: invalid amount ${input.amount}`);
  const promo = input.promoAmount ?? (input.amount > 0 && PROMOTIONAL_KINDS.has(input.kind) ? input.amount : 0);
  if (!Number.isSafeInteger(promo) || promo < 0 || promo > Math.max(0, input.amount)) throw new Error(`ledger: invalid promotional amount ${promo}`);
  return {
    userId: input.userId,
    amount: input.amount,
    spending: isSpending(input) ? spendingClock(clock.now()) : undefined,
    promo,
    promoFirst: input.promoFirst === true,
  };
}

/** What a move and its entry came to: refused (throws), posted, or posted before under the same key (the move is undone). */
async function settle(
  trx: Transaction<Database>,
  clock: Clock,
  input: PostEntryInput,
  moved: { balance: number | null; promo_moved: number | null } | undefined,
  entry: LedgerEntryRow | undefined | null,
): Promise<PostEntryResult> {
  const spending = isSpending(input);
  if (moved === undefined || moved.balance === null) {
    const existing = await repo.findEntryByKey(trx, input.idempotencyKey);
    if (existing) return { entry: existing, created: false };
    if (spending) await refuseOverLimit(trx, input.userId, -input.amount, clock.now());
    throw new AppError('INSUFFICIENT_FUNDS', input.insufficientMessage ?? 'Not enough points', undefined, { required: -input.amount });
  }
  if (entry) return { entry, created: true };
  // The key was posted before: undo the move (its promotional part, and the spending it counted).
  await repo.undoMove(trx, input.userId, { amount: input.amount, promo: moved.promo_moved ?? 0 }, spending ? spendingClock(clock.now()) : undefined);
  return { entry: (await repo.findEntryByKey(trx, input.idempotencyKey))!, created: false };
}

/** A posting for the row another statement creates: its key is `keyPrefix` + the row's id, its reference the row. */
export interface PostForRowInput extends Omit<PostEntryInput, 'idempotencyKey' | 'reference'> {
  keyPrefix: string;
  referenceType: string;
}

/** The spend for a row as query builders, for the statement that creates the row (messages.repository#sendStatement). */
export const spendForRow = repo.spendForRow;

/**
 * A spend for the row another statement creates (a message): the same rule as `postEntry`, written once in
 * ledger.repository, given as what that statement runs. PostgreSQL: `builders` (the spend, only where the
 * statement's guard holds, and the entry after the new row) with their `values`, inside its one statement.
 * SQLite: `before` (the spend; refused, nothing was written) and `after` (the entry, once the row exists).
 * Then `settle` gives what `postEntry` would have: the entry; `refuse` throws the refusal of a spend that did
 * not happen (the personal limit's, else the balance's) — reads only, so the caller's batch may commit.
 */
export function postForRow(clock: Clock, input: PostForRowInput) {
  const move = moveOf(clock, input);
  if (!move.spending) throw new Error(`ledger: a posting for a row is a spend (${input.kind})`);
  const entry: repo.NewRowEntry = {
    user_id: input.userId,
    amount: input.amount,
    kind: input.kind,
    reference_type: input.referenceType,
    keyPrefix: input.keyPrefix,
    note: input.note ?? null,
    created_at: clock.now().toISOString(),
  };
  const posted = (rowId: number) => ({ ...input, idempotencyKey: `${input.keyPrefix}${rowId}`, reference: { type: input.referenceType, id: rowId } });
  return {
    builders: repo.spendForRow,
    values: repo.spendForRowValues(entry, move),
    before: (db: DbOrTrx) => repo.spendBeforeRow(db, move),
    after: (db: DbOrTrx, rowId: number, moved: repo.Moved) => repo.entryAfterRow(db, entry, rowId, moved),
    /** The row was created and the spend ran: the entry (or, its key posted before, the spend undone). */
    settle: (trx: Transaction<Database>, rowId: number, outcome: repo.PostingOutcome) =>
      settle(trx, clock, posted(rowId), { balance: outcome.balance, promo_moved: outcome.promo }, outcome.entry),
    /** The spend was refused (so the row was not created): the personal limit's refusal, else the balance's. */
    refuse: async (db: DbOrTrx): Promise<never> => {
      await refuseOverLimit(db, input.userId, -input.amount, clock.now());
      throw new AppError('INSUFFICIENT_FUNDS', input.insufficientMessage ?? 'Not enough points', undefined, { required: -input.amount });
    },
  };
}

export interface LedgerReport {
  inconsistent: { id: number; balance: number; total: number; promo_balance: number; promo_total: number }[];
  /** Balances below zero, and promotional parts below zero or above their balance. */
  negative: number;
}

/**
 * Every balance equals the sum of its entries and none is negative; every promotional part equals the sum of
 * its entries' promo_amount and lies within 0..balance. Tests call this after money tests.
 */
export async function checkLedgerConsistency(db: DbOrTrx): Promise<LedgerReport> {
  const inconsistent = await repo.findInconsistentBalances(db);
  const { n } = await repo.countNegativeBalances(db);
  return { inconsistent, negative: Number(n) };
}

export const listLedgerEntries = repo.listEntries;
export const listLedgerEntriesBetween = repo.listEntriesBetween;
export const sumLedgerEntries = repo.sumEntries;
export const findOldestLedgerEntrySince = repo.findOldestEntrySince;
export const listEarningsPaidBy = repo.listEarningsPaidBy;
export const listMessageCharges = repo.listMessageCharges;
export const sumEarningsFromMessages = repo.sumEarningsFromMessages;
export const recordPromoShare = repo.insertPromoShare;
/** The promotional coins the spends posted under these keys took (positive). */
export const sumPromoSpent = repo.sumPromoSpent;
export const sumPromoShares = repo.sumPromoShares;
/** The promotional part of the user's balance (decision 029): spendable, never paid out. */
export const getPromoBalance = repo.findPromoBalance;

/**
 * The promotional part of a refund of `coins` of the spends posted under `spendKeys` (decision 029):
 * promotional coins come back first, up to what those spends took from the promotional balance.
 */
export async function promoRefund(db: DbOrTrx, coins: number, spendKeys: string[]): Promise<number> {
  return Math.min(coins, await repo.sumPromoSpent(db, spendKeys));
}

/** The share of a spend an interlocutor earns: only its bought part (decision 029). */
export function earnedShare(coins: number, promoCoins: number, percent: number) {
  const full = Math.floor((coins * percent) / 100);
  const earned = Math.floor((Math.max(0, coins - promoCoins) * percent) / 100);
  return { earned, withheld: full - earned };
}

/** The user's balance now (read inside the caller's transaction when given one). */
export const getBalance = async (db: DbOrTrx, userId: number) => (await repo.findBalance(db, userId)) ?? 0;
