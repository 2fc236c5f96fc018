import { defaultCurrency, limits, texts, type StoreTransaction } from '@parley/contracts';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatDate, formatNumber, formatPrice } from '../../../lib/format';
import { receiptHref, statementHref, useMoneyFormatter } from '../../../lib/money';
import { useOrders, useTransactions } from '../api/orders';
import { OrderStatusBadge } from './order-status-badge';
import '../store.css';

interface HistoryTableProps {
  title: string;
  headers: string[];
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
  const padding = rows && rows.length > 0 ? Math.max(0, limits.historyPageSize - rows.length) : 0;
  return (
    <section className="card history" aria-label={title}>
      <h2 className="card__title">{title}</h2>
      {isPending && <Spinner label="Loading..." />}
      {isError && (
        <p className="alert alert--error" role="alert">
          {texts.common.anErrorOccurred}
        </p>
      )}
      {rows && rows.length === 0 && (
        <div className="history__empty">
          <p>{empty}</p>
          {emptyAction}
        </div>
      )}
      {rows && rows.length > 0 && (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                {headers.map((h) => (
                  <th key={h} scope="col">
                    {h}
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
      <Pagination page={page} lastPage={lastPage} onChange={onPage} label={`${title} pages`} />
    </section>
  );
}

const euro = (value: number) => formatPrice(value, defaultCurrency.symbol);

/** Account tab `orders`: order number, item, total, status, date. */
export function OrdersHistory() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useOrders(page);
  const money = useMoneyFormatter();
  const rows = data?.data.map((o) => [
    o.order_number,
    o.item.name,
    money(o.charged.total_cents, o.charged.currency),
    <span key="s" title={o.message ?? undefined}>
      <OrderStatusBadge label={o.status_label} />
      {o.message && o.status !== 'success' && <span className="history__note">{o.message}</span>}
    </span>,
    formatDate(o.created_at),
    o.has_receipt ? (
      <a key="r" href={receiptHref('order', o.id)} download aria-label={`Download the receipt of order ${o.order_number}`}>
        PDF
      </a>
    ) : (
      ''
    ),
  ]);
  return (
    <HistoryTable
      title="Orders"
      headers={['Order number', 'Item', 'Total', 'Status', 'Date', 'Receipt']}
      rows={rows}
      empty={texts.store.noOrders}
      emptyAction={
        <Link to={paths.products.getHref()} className={buttonClass('secondary', 'sm')}>
          Browse skins
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
  const today = new Date();
  const [from, setFrom] = useState(() => isoDay(new Date(today.getTime() - 30 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(today));
  const valid = Boolean(from && to && from <= to);
  return (
    <section className="card history statement" aria-label="Statement">
      <h2 className="card__title">Statement</h2>
      <p>Download every coin movement of a period as a CSV file.</p>
      <div className="statement__range">
        <label>
          From <input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          To <input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
        </label>
        <a className={buttonClass('secondary', 'sm')} href={valid ? statementHref(from, to) : undefined} aria-disabled={!valid} download>
          Download CSV
        </a>
      </div>
    </section>
  );
}

const amountOf = (t: StoreTransaction) => (t.currency === 'EUR' ? euro(t.amount) : `${t.amount > 0 ? '+' : ''}${formatNumber(t.amount)} ${texts.nav.coins}`);

/** Account tab `history`: every transaction (type, amount, status, date). */
export function TransactionsHistory({ user }: { user?: { balance: number } }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useTransactions(page, user?.balance);
  const rows = data?.data.map((t) => [t.type_label, amountOf(t), <OrderStatusBadge key="s" label={t.status} />, formatDate(t.created_at)]);
  return (
    <>
      <HistoryTable
        title="Transactions"
        headers={['Type', 'Amount', 'Status', 'Date']}
        rows={rows}
        empty={texts.store.noTransactions}
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
