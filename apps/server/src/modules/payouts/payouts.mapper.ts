import { maskTail, type PayoutDetails, type PayoutHistoryRow } from '@parley/contracts';
import { open, seal } from '../../lib/secret-box.js';
import { type PayoutRow } from './payouts.table.js';

/** The sealed details are bound to their owner, so a value moved to another user's row fails to open. */
const sealContext = (userId: number) => `payout-details:user:${userId}`;

export function sealDetails(key: string, userId: number, details: PayoutDetails): string {
  return seal(key, JSON.stringify(details), sealContext(userId));
}

export function openDetails(key: string, row: Pick<PayoutRow, 'user_id' | 'details_encrypted'>): PayoutDetails {
  return JSON.parse(open(key, row.details_encrypted, sealContext(row.user_id))) as PayoutDetails;
}

export function toPayoutHistoryRow(row: PayoutRow): PayoutHistoryRow {
  return {
    id: row.id,
    created_at: row.created_at,
    method: row.method,
    status: row.status,
    amount: row.amount_cents / 100,
    currency: row.currency,
    coins: row.coins,
    destination: maskTail(row.destination_last4),
  };
}
