import { orderStatusLabels, pageMeta, type OrderStatus, type StoreStatus, type StoreTransaction } from '@parley/contracts';
import { texts } from '@parley/contracts/texts';
import { type TextKey } from '@parley/contracts/i18n';
import { type Db } from '../../db/database.js';
import { getLanguageTexts, renderText, type LanguageTexts } from '../reference/localization.service.js';
import * as repo from './store-history.repository.js';

/** The movement types the history names (the catalogue's `historyTypes`); anything else is 'Other'. */
const historyTypes = new Set(Object.keys(texts.historyTypes));
/** A movement's type in the reader's language (issue 33: German left 'Message' and 'Payout request' in English). */
export const typeLabel = (language: LanguageTexts, type: string) => renderText(language, `historyTypes.${historyTypes.has(type) ? type : 'other'}` as TextKey);

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

function toTransaction(row: repo.MovementRow, language: LanguageTexts): StoreTransaction {
  const isCoins = row.source === 'ledger';
  return {
    id: `${row.source}:${row.id}`,
    type: row.type,
    type_label: typeLabel(language, row.type),
    amount: isCoins ? row.amount : row.amount / 100,
    currency: isCoins ? 'COINS' : 'EUR',
    status: statusOf(row),
    created_at: row.created_at,
  };
}

/** The transactions history: every ledger entry and card payment of the user, newest first. */
export async function listTransactions(db: Db, userId: number, page: number, perPage: number, languageId?: number) {
  const [rows, total, language] = await Promise.all([
    repo.listMovements(db, userId, perPage, (page - 1) * perPage),
    repo.countMovements(db, userId),
    getLanguageTexts(db, languageId),
  ]);
  return { data: rows.map((row) => toTransaction(row, language)), meta: pageMeta(page, perPage, total) };
}
