import { defaultCurrency, type StoreTransaction } from '@parley/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { HistoryTable } from '../../../components/ui/history-table';
import { paths } from '../../../config/paths';
import { formatDate, formatNumber, formatPrice } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { receiptHref, statementHref, useMoneyFormatter } from '../../../lib/money';
import { useOrders, useTransactions } from '../api/orders';
import { OrderStatusBadge } from './order-status-badge';
import '../store.css';

const euro = (value: number) => formatPrice(value, defaultCurrency.symbol);

/** Account tab `orders`: order number, item, total, status, date. */
export function OrdersHistory() {
  const [page, setPage] = useState(1);
  const t = useT();
  const { data, isPending, isError } = useOrders(page);
  const money = useMoneyFormatter();
  const rows = data?.data.map((o) => ({
    key: o.id,
    cells: [
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
    ],
  }));
  return (
    <HistoryTable
      label={t('storeUi.orders')}
      title={t('storeUi.orders')}
      className="history"
      pagesLabel={t('storeUi.tablePages', { title: t('storeUi.orders') })}
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
  const rows = data?.data.map((row, i) => ({
    key: `${page}:${i}`,
    cells: [row.type_label, amountOf(row, t('nav.coins')), <OrderStatusBadge key="s" label={row.status} />, formatDate(row.created_at)],
  }));
  return (
    <>
      <HistoryTable
        label={t('storeUi.transactions')}
        title={t('storeUi.transactions')}
        className="history"
        pagesLabel={t('storeUi.tablePages', { title: t('storeUi.transactions') })}
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
