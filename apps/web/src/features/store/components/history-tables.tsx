import { defaultCurrency, limits, type StoreTransaction } from '@parley/contracts';
import { type TextKey } from '@parley/contracts/i18n';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatDate, formatNumber, formatPrice } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { receiptHref, statementHref, useMoneyFormatter } from '../../../lib/money';
import { useOrders, useTransactions } from '../api/orders';
import { OrderStatusBadge } from './order-status-badge';
import '../store.css';

interface HistoryTableProps {
  title: string;
  headers: TextKey[];
  rows: ReactNode[][] | undefined;
  empty: string;
  emptyAction?: ReactNode;
  isPending: boolean;
  isError: boolean;
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
}

/** A history table: 5 rows per page, padded to 5 rows (spec §9). */
function HistoryTable({ title, headers, rows, empty, emptyAction, isPending, isError, page, lastPage, onPage }: HistoryTableProps) {
  const t = useT();
  const padding = rows && rows.length > 0 ? Math.max(0, limits.historyPageSize - rows.length) : 0;
  return (
    <section className="card history" aria-label={title}>
      <h2 className="card__title">{title}</h2>
      {isPending && <Spinner label={t('common.loading')} />}
      {isError && (
        <p className="alert alert--error" role="alert">
          {t('common.anErrorOccurred')}
        </p>
      )}
      {rows && rows.length === 0 && (
        <div className="history__empty">
          <p>{empty}</p>
          {emptyAction}
        </div>
      )}
      {rows && rows.length > 0 && (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={title}>
          <table>
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
              {rows.map((cells, i) => (
                <tr key={i}>
                  {cells.map((cell, j) => (
                    <td key={j}>{cell}</td>
                  ))}
                </tr>
              ))}
              {Array.from({ length: padding }, (_, i) => (
                <tr key={`pad-${i}`} className="history__pad" aria-hidden="true">
                  {headers.map((h) => (
                    <td key={h}>&nbsp;</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} lastPage={lastPage} onChange={onPage} label={t('storeUi.tablePages', { title })} />
    </section>
  );
}

const euro = (value: number) => formatPrice(value, defaultCurrency.symbol);

/** Account tab `orders`: order number, item, total, status, date. */
export function OrdersHistory() {
  const [page, setPage] = useState(1);
  const t = useT();
  const { data, isPending, isError } = useOrders(page);
  const money = useMoneyFormatter();
  const rows = data?.data.map((o) => [
    o.order_number,
    o.item.name,
    money(o.charged.total_cents, o.charged.currency),
    <span key="s" title={o.message ?? undefined}>
      <OrderStatusBadge label={o.status_label} charged={o.charged} />
      {o.message && o.status !== 'success' && <span className="history__note">{o.message}</span>}
    </span>,
    formatDate(o.created_at),
    o.has_receipt ? (
      <a key="r" href={receiptHref('order', o.id)} download aria-label={t('storeUi.receiptOfOrder', { number: o.order_number })}>
        {t('coinsUi.pdf')}
      </a>
    ) : (
      ''
    ),
  ]);
  return (
    <HistoryTable
      title={t('storeUi.orders')}
      headers={['storeUi.orderNumber', 'storeUi.item', 'storeUi.total', 'storeUi.status', 'storeUi.date', 'storeUi.receipt']}
      rows={rows}
      empty={t('store.noOrders')}
      emptyAction={
        <Link to={paths.products.getHref()} className={buttonClass('secondary', 'sm')}>
          {t('storeUi.browseSkins')}
        </Link>
      }
      isPending={isPending}
      isError={isError}
      page={page}
      lastPage={data?.meta.last_page ?? 1}
      onPage={setPage}
    />
  );
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The ledger as CSV for a date range (whole days, UTC). */
function StatementDownload() {
  const t = useT();
  const today = new Date();
  const [from, setFrom] = useState(() => isoDay(new Date(today.getTime() - 30 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(today));
  const valid = Boolean(from && to && from <= to);
  return (
    <section className="card history statement" aria-label={t('storeUi.statement')}>
      <h2 className="card__title">{t('storeUi.statement')}</h2>
      <p>{t('storeUi.statementIntro')}</p>
      <div className="statement__range">
        <label>
          {t('storeUi.from')} <input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          {t('storeUi.to')} <input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
        </label>
        <a className={buttonClass('secondary', 'sm')} href={valid ? statementHref(from, to) : undefined} aria-disabled={!valid} download>
          {t('storeUi.downloadCsv')}
        </a>
      </div>
    </section>
  );
}

const amountOf = (row: StoreTransaction, coins: string) =>
  row.currency === 'EUR' ? euro(row.amount) : `${row.amount > 0 ? '+' : ''}${formatNumber(row.amount)} ${coins}`;

/** Account tab `history`: every transaction (type, amount, status, date). */
export function TransactionsHistory({ user }: { user?: { balance: number } }) {
  const [page, setPage] = useState(1);
  const t = useT();
  const { data, isPending, isError } = useTransactions(page, user?.balance);
  const rows = data?.data.map((row) => [
    row.type_label,
    amountOf(row, t('nav.coins')),
    <OrderStatusBadge key="s" label={row.status} />,
    formatDate(row.created_at),
  ]);
  return (
    <>
      <HistoryTable
        title={t('storeUi.transactions')}
        headers={['storeUi.type', 'storeUi.amount', 'storeUi.status', 'storeUi.date']}
        rows={rows}
        empty={t('store.noTransactions')}
        isPending={isPending}
        isError={isError}
        page={page}
        lastPage={data?.meta.last_page ?? 1}
        onPage={setPage}
      />
      <StatementDownload />
    </>
  );
}
