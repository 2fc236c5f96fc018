import { limits, payoutMethod } from '@parley/contracts';
import { useState } from 'react';
import { Pagination } from '../../../components/ui/pagination';
import { formatDate, formatPrice } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { usePayouts } from '../api/get-payouts';
import '../payouts.css';

const symbolOf = (currency: string) => (currency === 'EUR' ? '€' : currency);

/** Spec §2 Payouts tab: ID, date, method, destination, amount, status; 5 per page, padded to 5 rows, 'No payout history yet'. */
export function PayoutHistory() {
  const t = useT();
  const methodLabel = (id: string) => {
    const known = payoutMethod(id);
    return known ? t(known.labelKey) : id;
  };
  const [page, setPage] = useState(1);
  const query = usePayouts(page);
  const rows = query.data?.data ?? [];
  const padding = Math.max(0, limits.historyPageSize - rows.length);

  if (query.isError) {
    return (
      <p className="alert alert--error" role="alert">
        {t('payout.failedHistory')}
      </p>
    );
  }
  return (
    <div className="payout-history">
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t('payoutUi.historyLabel')}>
        <table aria-label={t('payoutUi.historyLabel')} aria-busy={query.isPending || undefined}>
          <thead>
            <tr>
              <th scope="col">{t('payoutUi.id')}</th>
              <th scope="col">{t('payoutUi.date')}</th>
              <th scope="col">{t('payoutUi.method')}</th>
              <th scope="col">{t('payoutUi.destination')}</th>
              <th scope="col" className="num">
                {t('payoutUi.amount')}
              </th>
              <th scope="col">{t('payoutUi.status')}</th>
            </tr>
          </thead>
          <tbody>
            {!query.isPending && rows.length === 0 ? (
              <tr>
                <td colSpan={6} className="payout-history__empty" rowSpan={limits.historyPageSize}>
                  {t('payout.noHistory')}
                </td>
              </tr>
            ) : (
              <>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td className="mono">#{row.id}</td>
                    <td>{formatDate(row.created_at)}</td>
                    <td>{methodLabel(row.method)}</td>
                    <td className="mono">{row.destination}</td>
                    <td className="num">{formatPrice(row.amount, symbolOf(row.currency))}</td>
                    <td>
                      <span className={`payout-status payout-status--${row.status}`}>{t(`payout.statusLabels.${row.status}`)}</span>
                    </td>
                  </tr>
                ))}
                {Array.from({ length: padding }, (_, i) => (
                  <tr key={`pad-${i}`} className="payout-history__pad" aria-hidden="true">
                    <td colSpan={6}>&nbsp;</td>
                  </tr>
                ))}
              </>
            )}
          </tbody>
        </table>
      </div>
      <Pagination page={page} lastPage={query.data?.meta.last_page ?? 1} onChange={setPage} label={t('payoutUi.historyPages')} />
    </div>
  );
}
