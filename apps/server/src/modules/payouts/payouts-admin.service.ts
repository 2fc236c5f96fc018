import { texts, type PayoutDetails, type PayoutStatus } from '@parley/contracts';
import { type DbOrTrx } from '../../db/database.js';
import { withTransaction } from '../../db/transaction.js';
import { AppError, localized } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { postEntry, promoRefund } from '../ledger/ledger.service.js';
import { recordStatement } from '../decisions/decisions.service.js';
import { openDetails, toPayoutHistoryRow } from './payouts.mapper.js';
import * as repo from './payouts.repository.js';
import { type PayoutRow } from './payouts.table.js';

/**
 * Decisions on payouts, for the admin console (and only there). Each accepts an
 * open transaction, so the caller can write its audit row in the same one.
 * pending → approved → paid; pending or approved → rejected (held coins returned once).
 */
const t = texts.payout;

/** What an admin sees of a payout besides the unmasked details. */
export function toAdminPayout(row: PayoutRow & { user_email?: string; user_name?: string }) {
  return {
    ...toPayoutHistoryRow(row),
    user_id: row.user_id,
    user_email: row.user_email,
    user_name: row.user_name,
    first_name: row.first_name,
    last_name: row.last_name,
    country_id: row.country_id,
    city: row.city,
    address: row.address,
    zip: row.zip,
    decided_by: row.decided_by,
    approved_at: row.approved_at,
    paid_at: row.paid_at,
    rejected_at: row.rejected_at,
    rejection_reason: row.rejection_reason,
    updated_at: row.updated_at,
  };
}
export type AdminPayout = ReturnType<typeof toAdminPayout>;

async function transition(db: DbOrTrx, id: number, from: PayoutStatus[], to: PayoutStatus, changes: Parameters<typeof repo.transitionPayout>[4]) {
  const row = await repo.transitionPayout(db, id, from, to, changes);
  if (row) return row;
  const existing = await repo.findPayoutById(db, id);
  if (!existing) throw new AppError('NOT_FOUND', t.notFound);
  throw new AppError('CONFLICT', localized('payout.wrongState', { status: existing.status }));
}

export function approvePayout(db: DbOrTrx, clock: Clock, id: number, actorId?: number | null): Promise<AdminPayout> {
  const now = clock.now().toISOString();
  return withTransaction(db, async (trx) =>
    toAdminPayout(await transition(trx, id, ['pending'], 'approved', { updated_at: now, approved_at: now, decided_by: actorId ?? null })),
  );
}

/** The money left outside the app: the held coins stay spent. */
export function markPayoutPaid(db: DbOrTrx, clock: Clock, id: number, actorId?: number | null): Promise<AdminPayout> {
  const now = clock.now().toISOString();
  return withTransaction(db, async (trx) =>
    toAdminPayout(await transition(trx, id, ['approved'], 'paid', { updated_at: now, paid_at: now, decided_by: actorId ?? null })),
  );
}

/** Rejects and returns exactly the held coins, once: the state change is conditional and the ledger key unique. */
export function rejectPayout(db: DbOrTrx, clock: Clock, id: number, actorId?: number | null, reason?: string | null): Promise<AdminPayout> {
  const now = clock.now().toISOString();
  return withTransaction(db, async (trx) => {
    const row = await transition(trx, id, ['pending', 'approved'], 'rejected', {
      updated_at: now,
      rejected_at: now,
      decided_by: actorId ?? null,
      rejection_reason: reason?.slice(0, 255) ?? null,
    });
    await postEntry(trx, clock, {
      userId: row.user_id,
      amount: row.coins,
      // A hold takes bought coins first; whatever it took from promotional ones goes back promotional (decision 029).
      promoAmount: await promoRefund(trx, row.coins, [`payout:${row.id}:hold`]),
      kind: 'payout_release',
      idempotencyKey: `payout:${row.id}:release`,
      reference: { type: 'payout', id: row.id },
      note: reason?.slice(0, 255),
    });
    await recordStatement(trx, {
      userId: row.user_id,
      type: 'payout_rejected',
      subject: { type: 'payout', id: row.id },
      facts: reason ?? null,
      decidedBy: actorId ?? null,
      dedupeKey: `payout-rejected:${row.id}`,
      now,
    });
    return toAdminPayout(row);
  });
}

export async function getPayout(db: DbOrTrx, id: number): Promise<AdminPayout | null> {
  const row = await repo.findPayoutById(db, id);
  return row ? toAdminPayout(row) : null;
}

/** The full card number, IBAN or account data; admin only, never sent to the user. */
export async function getPayoutDetailsUnmasked(db: DbOrTrx, encryptionKey: string, id: number): Promise<AdminPayout & { details: PayoutDetails }> {
  const row = await repo.findPayoutById(db, id);
  if (!row) throw new AppError('NOT_FOUND', t.notFound);
  return { ...toAdminPayout(row), details: openDetails(encryptionKey, row) };
}

/** A payer account this young when the payout was requested counts as fresh (issue 31). */
export const FRESH_ACCOUNT_DAYS = 7;

/**
 * Why a payout deserves a second look before it is paid (issue 31): most (> 50 %) of the payee's message
 * earnings came from accounts created in the FRESH_ACCOUNT_DAYS before the request, or from accounts that
 * signed in from an address the payee also used. The shares are percentages of those earnings.
 */
export interface PayoutRisk {
  flag: 'fresh_accounts' | 'shared_address' | null;
  fresh_days: number;
  fresh_accounts_percent: number;
  shared_address_percent: number;
}

export async function assessPayout(db: DbOrTrx, row: Pick<PayoutRow, 'user_id' | 'created_at'>): Promise<PayoutRisk> {
  const freshSince = new Date(Date.parse(row.created_at) - FRESH_ACCOUNT_DAYS * 86_400_000).toISOString();
  const { total, fresh, shared } = await repo.sumEarningSources(db, row.user_id, row.created_at, freshSince);
  const percent = (part: number) => (total > 0 ? Math.round((part * 100) / total) : 0);
  const flag = total > 0 && fresh * 2 > total ? 'fresh_accounts' : total > 0 && shared * 2 > total ? 'shared_address' : null;
  return { flag, fresh_days: FRESH_ACCOUNT_DAYS, fresh_accounts_percent: percent(fresh), shared_address_percent: percent(shared) };
}

export async function listPayouts(db: DbOrTrx, options: { status?: PayoutStatus; page: number; perPage: number }) {
  const rows = await repo.listPayouts(db, { status: options.status, limit: options.perPage, offset: (options.page - 1) * options.perPage });
  const items = [];
  for (const row of rows) items.push({ ...toAdminPayout(row), risk: await assessPayout(db, row) });
  return { total: await repo.countPayouts(db, options.status), items };
}
