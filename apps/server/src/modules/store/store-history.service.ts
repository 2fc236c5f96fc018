import { orderStatusLabels, pageMeta, type OrderStatus, type StoreStatus, type StoreTransaction } from '@parley/contracts';
import { type Db } from '../../db/database.js';
import * as repo from './store-history.repository.js';

const typeLabels: Record<string, string> = {
  signup_bonus: 'Sign-up bonus',
  top_up: 'Coins top-up',
  message: 'Message',
  topic: 'New topic',
  channel_status: 'Channel status',
  contributor_earning: 'Contributor earning',
  payout_hold: 'Payout request',
  payout_release: 'Payout returned',
  admin_adjustment: 'Balance adjustment',
  store_purchase: 'Store purchase',
  skin_purchase: 'Skin purchase',
  top_up_payment: 'Top-up payment',
  refund: 'Refund',
  report_refund: 'Refund after a report',
  held_refund: 'Refund: message not approved',
  dispute_hold: 'Disputed payment (on hold)',
  dispute_release: 'Dispute closed: coins returned',
  earning_reversal: 'Earning reversed',
};

const depositLabels: Record<string, StoreStatus> = {
  pending: 'Pending',
  success: 'Successfully',
  error: 'Failed',
  canceled: 'Canceled',
  refunded: 'Refunded',
  disputed: 'Disputed',
};

function statusOf(row: repo.MovementRow): StoreStatus {
  if (row.source === 'ledger') return 'Successfully';
  if (row.source === 'order') return orderStatusLabels[row.status as OrderStatus] ?? 'Pending';
  return depositLabels[row.status] ?? 'Pending';
}

function toTransaction(row: repo.MovementRow): StoreTransaction {
  const isCoins = row.source === 'ledger';
  return {
    id: `${row.source}:${row.id}`,
    type: row.type,
    type_label: typeLabels[row.type] ?? row.type.replace(/_/g, ' '),
    amount: isCoins ? row.amount : row.amount / 100,
    currency: isCoins ? 'COINS' : 'EUR',
    status: statusOf(row),
    created_at: row.created_at,
  };
}

/** The transactions history: every ledger entry and card payment of the user, newest first. */
export async function listTransactions(db: Db, userId: number, page: number, perPage: number) {
  const [rows, total] = await Promise.all([repo.listMovements(db, userId, perPage, (page - 1) * perPage), repo.countMovements(db, userId)]);
  return { data: rows.map(toTransaction), meta: pageMeta(page, perPage, total) };
}
