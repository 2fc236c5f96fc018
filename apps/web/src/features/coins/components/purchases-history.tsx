import '../coins.css';
import { limits, type DepositStatus } from '@parley/contracts';
import { type TextKey } from '@parley/contracts/i18n';
import { useState } from 'react';
import { Pagination } from '../../../components/ui/pagination';
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
  const rows = query.data?.data ?? [];
  const padding = Math.max(0, limits.historyPageSize - rows.length);
  const money = useMoneyFormatter();
  const t = useT();

  if (query.isError) {
    return (
      <p className="alert alert--error" role="alert">
        {t('common.anErrorOccurred')}
      </p>
    );
  }
  return (
    <div className="purchases">
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t('coinsUi.historyLabel')}>
        <table aria-label={t('coinsUi.historyLabel')} aria-busy={query.isPending || undefined}>
          <thead>
            <tr>
              {headers.map((h) => (
                <th key={h} scope="col">
                  {t(h)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {!query.isPending && rows.length === 0 ? (
              <tr>
                <td colSpan={headers.length} className="purchases__empty">
                  {t('account.noTransactionHistory')}
                </td>
              </tr>
            ) : (
              <>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>#{row.id}</td>
                    <td>{formatDate(row.created_at)}</td>
                    <td>{money(row.charged.total_cents, row.charged.currency)}</td>
                    <td>{formatNumber(row.points)}</td>
                    <td>
                      {row.status === 'refunded' && isPartlyRefunded(row.charged)
                        ? t('storeUi.statusPartlyRefunded', { amount: money(row.charged.refunded_cents, row.charged.currency) })
                        : statusLabels[row.status]
                          ? t(statusLabels[row.status]!)
                          : row.status}
                    </td>
                    <td>
                      {row.has_receipt && (
                        <a href={receiptHref('deposit', row.id)} download aria-label={t('coinsUi.receiptOfPurchase', { id: row.id })}>
                          {t('coinsUi.pdf')}
                        </a>
                      )}
                    </td>
                  </tr>
                ))}
                {Array.from({ length: padding }, (_, i) => (
                  <tr key={`pad-${i}`} className="purchases__pad" aria-hidden="true">
                    <td colSpan={headers.length}>&nbsp;</td>
                  </tr>
                ))}
              </>
            )}
          </tbody>
        </table>
      </div>
      <Pagination page={page} lastPage={query.data?.meta.last_page ?? 1} onChange={setPage} label={t('coinsUi.historyPages')} />
    </div>
  );
}
