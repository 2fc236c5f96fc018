import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { type z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, type Query } from '../../../lib/api-client';
import { useAdminList } from '../api/admin-query';

export interface Column<T> {
  key: string;
  label: string;
  /** The server's sort name; the server whitelists it. */
  sortable?: boolean;
  render?: (row: T) => ReactNode;
}

interface DataTableProps<T> {
  caption: string;
  path: string;
  /** The contract schema of one row: the page is parsed with it. */
  row: z.ZodType<T>;
  columns: Column<T>[];
  /** Extra server filters (status, role…); a change goes back to page 1. */
  filters?: Query;
  defaultSort?: string;
  defaultOrder?: 'asc' | 'desc';
  searchable?: boolean;
  actions?: (row: T) => ReactNode;
  toolbar?: ReactNode;
  perPage?: number;
}

/** ISO timestamps shown as 'YYYY-MM-DD HH:MM' (UTC), like the audit log stores them. */
export const shortTime = (value: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? value.slice(0, 16).replace('T', ' ') : value);

export const cell = (value: unknown): ReactNode => {
  if (value === null || value === undefined || value === '') return <span className="admin-muted">—</span>;
  if (typeof value === 'string') return shortTime(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** A server-side table: the server pages, sorts and filters; this only keeps the state. */
export function DataTable<T extends Record<string, unknown>>({
  caption,
  path,
  row,
  columns,
  filters = {},
  defaultSort,
  defaultOrder = 'desc',
  searchable = true,
  actions,
  toolbar,
  perPage = 20,
}: DataTableProps<T>) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<string | undefined>(defaultSort);
  const [order, setOrder] = useState<'asc' | 'desc'>(defaultOrder);
  const [q, setQ] = useState('');
  const [draft, setDraft] = useState('');
  const filterKey = JSON.stringify(filters);
  useEffect(() => setPage(1), [filterKey]);

  const query: Query = { page, per_page: perPage, sort, order, q: q || undefined, ...filters };
  const { data, isLoading, isFetching, error } = useAdminList(path, row, query);

  const toggleSort = (key: string) => {
    if (sort === key) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(key);
      setOrder('asc');
    }
    setPage(1);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };

  return (
    <section className="admin-table" aria-busy={isFetching || undefined}>
      {(searchable || toolbar || isFetching) && (
        <div className="admin-table__toolbar">
          {searchable && (
            <form className="admin-search" role="search" onSubmit={search}>
              <input
                className="input"
                type="search"
                aria-label={`Search ${caption.toLowerCase()}`}
                placeholder="Search…"
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
              />
              <Button type="submit" variant="secondary" size="sm">
                Search
              </Button>
            </form>
          )}
          {toolbar}
          {isFetching && <Spinner size="sm" label="Loading" />}
        </div>
      )}
      {error && <p className="alert alert--error">{errorMessage(error)}</p>}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
        <table>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" aria-sort={sort === c.key ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
                  {c.sortable ? (
                    <button type="button" className="admin-sort" onClick={() => toggleSort(c.key)}>
                      {c.label}
                      <span aria-hidden="true">{sort === c.key ? (order === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              ))}
              {actions && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {isLoading && (
              <tr>
                <td colSpan={columns.length + 1}>
                  <Spinner size="sm" /> Loading...
                </td>
              </tr>
            )}
            {data?.items.length === 0 && (
              <tr>
                <td colSpan={columns.length + 1} className="admin-muted">
                  Nothing found
                </td>
              </tr>
            )}
            {data?.items.map((row) => (
              <tr key={String(row.id ?? row.key)}>
                {columns.map((c) => (
                  <td key={c.key}>{c.render ? c.render(row) : cell(row[c.key])}</td>
                ))}
                {actions && (
                  <td>
                    <div className="admin-actions">{actions(row)}</div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data && (
        <div className="admin-table__footer">
          <span className="admin-muted">{data.meta.total === 0 ? 'No rows' : `${data.meta.from}–${data.meta.to} of ${data.meta.total}`}</span>
          <Pagination page={data.meta.current_page} lastPage={data.meta.last_page} onChange={setPage} label={`${caption} pages`} />
        </div>
      )}
    </section>
  );
}
