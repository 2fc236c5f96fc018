import { texts, type SpendingLimits, type UpdateSpendConfirmationBody, type UpdateSpendingLimitsBody } from '@parley/contracts';
import { type DbOrTrx } from '../../db/database.js';
import { AppError, localized } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import * as repo from './ledger.repository.js';

/** A raised limit waits this long (the usual cooling-off); a lowered one applies at once. */
export const RAISE_DELAY_MS = 24 * 3600_000;

/** The UTC day and month a spend at `now` counts in. */
export function spendingClock(now: Date) {
  const iso = now.toISOString();
  return { now: iso, day: iso.slice(0, 10), month: iso.slice(0, 7) };
}

/** The limits in force at `now` (a raise whose 24 hours have passed included) and what is spent. */
function effective(row: repo.SpendingRow, now: Date) {
  const at = spendingClock(now);
  const raised = row.spend_limit_next_at !== null && row.spend_limit_next_at <= at.now;
  return {
    daily: raised ? row.spend_limit_next_daily : row.spend_limit_daily,
    monthly: raised ? row.spend_limit_next_monthly : row.spend_limit_monthly,
    pending: raised || row.spend_limit_next_at === null ? null : row,
    spentDay: row.spent_day_key === at.day ? Number(row.spent_day) : 0,
    spentMonth: row.spent_month_key === at.month ? Number(row.spent_month) : 0,
  };
}

/**
 * Whether a spend of `coins` fits the balance and both limits as a (possibly cached) user row shows them: the
 * send path's free pre-check (messages/send-precheck.ts). The conditional update stays the authority.
 */
export function seemsSpendable(row: repo.SpendingRow, coins: number, now: Date): boolean {
  if (coins <= 0) return true;
  if (Number(row.balance) < coins) return false;
  const e = effective(row, now);
  return (e.daily === null || e.spentDay + coins <= e.daily) && (e.monthly === null || e.spentMonth + coins <= e.monthly);
}

/**
 * Called when a spend was refused: a personal limit, not the balance, is the reason when the
 * balance covers the coins. Throws the limit's message; returns when the balance is the reason.
 */
export async function refuseOverLimit(db: DbOrTrx, userId: number, coins: number, now: Date) {
  const row = await repo.findSpendingRow(db, userId);
  if (!row || Number(row.balance) < coins) return;
  const e = effective(row, now);
  if (e.daily !== null && e.spentDay + coins > e.daily)
    throw new AppError('SPENDING_LIMIT', localized('spending.dailyReached', { limit: e.daily }), undefined, {
      limit: 'daily',
      left: Math.max(0, e.daily - e.spentDay),
    });
  if (e.monthly !== null && e.spentMonth + coins > e.monthly)
    throw new AppError('SPENDING_LIMIT', localized('spending.monthlyReached', { limit: e.monthly }), undefined, {
      limit: 'monthly',
      left: Math.max(0, e.monthly - e.spentMonth),
    });
}

export async function getSpendingLimits(db: DbOrTrx, clock: Clock, userId: number): Promise<SpendingLimits> {
  const row = await repo.findSpendingRow(db, userId);
  if (!row) throw new AppError('NOT_FOUND', texts.admin.userNotFound);
  const e = effective(row, clock.now());
  const dailyLeft = e.daily === null ? null : Math.max(0, e.daily - e.spentDay);
  const monthlyLeft = e.monthly === null ? null : Math.max(0, e.monthly - e.spentMonth);
  return {
    daily_limit: e.daily,
    monthly_limit: e.monthly,
    pending: e.pending && {
      daily_limit: e.pending.spend_limit_next_daily,
      monthly_limit: e.pending.spend_limit_next_monthly,
      effective_at: e.pending.spend_limit_next_at!,
    },
    spent_today: e.spentDay,
    spent_this_month: e.spentMonth,
    daily_left: dailyLeft,
    monthly_left: monthlyLeft,
    warning: (e.daily !== null && e.spentDay >= e.daily * 0.8) || (e.monthly !== null && e.spentMonth >= e.monthly * 0.8),
    confirm_above: Number(row.spend_confirm_above),
  };
}

/** A limit is raised when it grows or goes away; lowering (or adding) one is never delayed. */
const raises = (from: number | null, to: number | null) => from !== null && (to === null || to > from);

/**
 * Lower limits apply at once; a raise waits 24 hours (the lower value stays in force until then).
 * A new change restarts the wait for what it raises.
 */
export async function setSpendingLimits(db: DbOrTrx, clock: Clock, userId: number, body: UpdateSpendingLimitsBody): Promise<SpendingLimits> {
  const row = await repo.findSpendingRow(db, userId);
  if (!row) throw new AppError('NOT_FOUND', texts.admin.userNotFound);
  const now = clock.now();
  const e = effective(row, now);
  const raiseDaily = raises(e.daily, body.daily_limit);
  const raiseMonthly = raises(e.monthly, body.monthly_limit);
  const delayed = raiseDaily || raiseMonthly;
  await repo.updateSpendingLimits(db, userId, {
    spend_limit_daily: raiseDaily ? e.daily : body.daily_limit,
    spend_limit_monthly: raiseMonthly ? e.monthly : body.monthly_limit,
    spend_limit_next_daily: delayed ? body.daily_limit : null,
    spend_limit_next_monthly: delayed ? body.monthly_limit : null,
    spend_limit_next_at: delayed ? new Date(now.getTime() + RAISE_DELAY_MS).toISOString() : null,
  });
  return getSpendingLimits(db, clock, userId);
}

/** The amount above which a coin spend asks first (issue 33); it only guards, so it changes at once. */
export async function setSpendConfirmation(db: DbOrTrx, clock: Clock, userId: number, body: UpdateSpendConfirmationBody): Promise<SpendingLimits> {
  await repo.updateSpendConfirmation(db, userId, body.confirm_above);
  return getSpendingLimits(db, clock, userId);
}
