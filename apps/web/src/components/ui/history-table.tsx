import { limits } from '@parley/contracts';
import { type TextKey } from '@parley/contracts/i18n';
import { type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { Pagination } from './pagination';
import { QueryError } from './query-state';
import { Spinner } from './spinner';

export interface HistoryTableProps {
  /** The table's (and its scroll region's) accessible name. */
  label: string;
  /** A card heading above the table; without it the table stands alone. */
  title?: string;
  className?: string;
  headers: TextKey[];
  /** The cells of each row of the page; undefined while loading. */
  rows: { key: string | number; cells: ReactNode[] }[] | undefined;
  /** What an empty history says (in the table), and an action under it. */
  empty: string;
  emptyAction?: ReactNode;
  isPending: boolean;
  isError: boolean;
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
  pagesLabel: string;
}

/** A payment history table: 5 rows per page, padded to 5 rows so the pages do not jump (spec §9). */
export function HistoryTable(props: HistoryTableProps) {
  const { label, title, className = '', headers, rows, empty, emptyAction, isPending, isError } = props;
  const t = useT();
  const padding = rows && rows.length > 0 ? Math.max(0, limits.historyPageSize - rows.length) : 0;
  const wide = (content: ReactNode, cellClass?: string) => (
    <tr>
      <td colSpan={headers.length} className={cellClass}>
        {content}
      </td>
    </tr>
  );
  return (
    <section className={`history-table ${title ? 'card' : ''} ${className}`.trim()} aria-label={label}>
      {title && <h2 className="card__title">{title}</h2>}
      {isPending && <Spinner label={t('common.loading')} />}
      {isError ? (
        <QueryError />
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
          <table aria-label={label} aria-busy={isPending || undefined}>
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
              {rows?.length === 0 &&
                wide(
                  <>
                    <p>{empty}</p>
                    {emptyAction}
                  </>,
                  'history-table__empty',
                )}
              {rows?.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, j) => (
                    <td key={j}>{cell}</td>
                  ))}
                </tr>
              ))}
              {Array.from({ length: padding }, (_, i) => (
                <tr key={`pad-${i}`} className="history-table__pad" aria-hidden="true">
                  <td colSpan={headers.length}>&nbsp;</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={props.page} lastPage={props.lastPage} onChange={props.onPage} label={props.pagesLabel} />
    </section>
  );
}
