import '../coins.css';
import { type DepositStatus } from '@parley/contracts';
import { type TextKey } from '@parley/contracts/i18n';
import { useState } from 'react';
import { HistoryTable } from '../../../components/ui/history-table';
import { formatDate, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { isPartlyRefunded, receiptHref, useMoneyFormatter } from '../../../lib/money';
import { useDepositHistory } from '../api/deposit-history';

const headers: TextKey[] = [
  'coinsUi.columnId',
  'coinsUi.columnDate',
  'coinsUi.columnSum',
  'coinsUi.columnCoins',
  'coinsUi.columnStatus',
  'coinsUi.columnReceipt',
];
const statusLabels: Partial<Record<DepositStatus, TextKey>> = {
  success: 'store.statusSuccessfully',
  refunded: 'storeUi.statusRefunded',
  disputed: 'storeUi.statusDisputed',
};

/** Purchases (the Purchases / Payouts switch): successful top-ups, 5 per page, padded to 5 rows (spec §2, §9). */
export function PurchasesHistory() {
  const [page, setPage] = useState(1);
  const query = useDepositHistory(page);
  const money = useMoneyFormatter();
  const t = useT();
  const rows = query.data?.data.map((row) => ({
    key: row.id,
    cells: [
      `#${row.id}`,
      formatDate(row.created_at),
      money(row.charged.total_cents, row.charged.currency),
      formatNumber(row.points),
      row.status === 'refunded' && isPartlyRefunded(row.charged)
        ? t('storeUi.statusPartlyRefunded', { amount: money(row.charged.refunded_cents, row.charged.currency) })
        : statusLabels[row.status]
          ? t(statusLabels[row.status]!)
          : row.status,
      row.has_receipt && (
        <a key="r" href={receiptHref('deposit', row.id)} download aria-label={t('coinsUi.receiptOfPurchase', { id: row.id })}>
          {t('coinsUi.pdf')}
        </a>
      ),
    ],
  }));
  return (
    <HistoryTable
      label={t('coinsUi.historyLabel')}
      className="purchases"
      headers={headers}
      rows={rows}
      empty={t('account.noTransactionHistory')}
      isPending={query.isPending}
      isError={query.isError}
      page={page}
      lastPage={query.data?.meta.last_page ?? 1}
      onPage={setPage}
      pagesLabel={t('coinsUi.historyPages')}
    />
  );
}
