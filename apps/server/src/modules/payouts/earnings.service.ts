import { type EarningsSummary } from '@parley/contracts';
import { type Transaction } from 'kysely';
import { type Database, type DbOrTrx } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import {
  findOldestLedgerEntrySince,
  getBalance,
  getPromoBalance,
  listEarningsPaidBy,
  postEntry,
  sumLedgerEntries,
  sumPromoShares,
} from '../ledger/ledger.service.js';
import { getSettings } from '../reference/settings.service.js';

const EARNED = ['contributor_earning'];
// A restore (an upheld complaint) gives back what a reversal took, so it counts with the reversals.
const REVERSED = ['earning_reversal', 'earning_restore'];
const PAYOUTS = ['payout_hold', 'payout_release'];
const DAY_MS = 86_400_000;

/**
 * A contributor's earnings mature lazily by date: an earning is pending for `earnings_hold_days`
 * after it was posted (the payer could still dispute the card payment behind it), then available.
 * Reversals inside the window come out of pending first. Available = everything earned, minus
 * reversals and payouts, minus what is still pending, never more than the bought part of the balance
 * (promotional coins are never paid out; decision 029).
 */
export async function getEarnings(db: DbOrTrx, clock: Clock, userId: number): Promise<EarningsSummary> {
  const { earnings_hold_days: holdDays } = await getSettings(db);
  const since = new Date(clock.now().getTime() - holdDays * DAY_MS).toISOString();
  const [payable, recent, recentReversed, balance, promo, oldest, promoShares] = await Promise.all([
    sumLedgerEntries(db, userId, [...EARNED, ...REVERSED, ...PAYOUTS]),
    sumLedgerEntries(db, userId, EARNED, since),
    sumLedgerEntries(db, userId, REVERSED, since),
    getBalance(db, userId),
    getPromoBalance(db, userId),
    findOldestLedgerEntrySince(db, userId, EARNED, since),
    sumPromoShares(db, userId),
  ]);
  const bought = balance - promo;
  const pending = Math.max(0, Math.min(recent + recentReversed, bought));
  const available = Math.max(0, Math.min(payable - pending, bought - pending));
  return {
    pending_coins: pending,
    available_coins: available,
    other_coins: Math.max(0, balance - pending - available),
    next_release_at: oldest && pending > 0 ? new Date(Date.parse(oldest.created_at) + holdDays * DAY_MS).toISOString() : null,
    hold_days: holdDays,
    promo_share_coins: promoShares,
  };
}

/**
 * Takes earnings back (the payment behind them was refunded or disputed, or a report against the
 * contributor was upheld): one `earning_reversal` debit, at most the balance, once per key.
 * Returns the coins actually reversed.
 */
export async function reverseEarnings(
  trx: Transaction<Database>,
  clock: Clock,
  input: { userId: number; coins: number; idempotencyKey: string; reason: string },
): Promise<number> {
  const coins = Math.min(input.coins, await getBalance(trx, input.userId));
  if (coins <= 0) return 0;
  await postEntry(trx, clock, {
    userId: input.userId,
    amount: -coins,
    kind: 'earning_reversal',
    idempotencyKey: input.idempotencyKey,
    note: input.reason.slice(0, 255),
  });
  return coins;
}

/**
 * A payer's card payment was taken back by their bank (a lost dispute) after they had spent some of its
 * coins: the contributors' shares of that spending are reversed, newest earnings first (pending before
 * available), up to `coins` in all. Once per dispute (keys). Returns the coins reversed.
 */
export async function reverseEarningsPaidBy(
  trx: Transaction<Database>,
  clock: Clock,
  input: { payerId: number; since: string; coins: number; keyPrefix: string; reason: string },
): Promise<number> {
  let left = input.coins;
  for (const earning of await listEarningsPaidBy(trx, input.payerId, input.since, 500)) {
    if (left <= 0) break;
    const taken = await reverseEarnings(trx, clock, {
      userId: earning.user_id,
      coins: Math.min(left, earning.amount),
      idempotencyKey: `${input.keyPrefix}:${earning.id}`,
      reason: input.reason,
    });
    left -= taken;
  }
  return input.coins - left;
}
