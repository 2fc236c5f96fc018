import { useT } from '../../lib/i18n';

interface PaginationProps {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  label?: string;
}

/** Previous / next with the page numbers around the current one. */
export function Pagination({ page, lastPage, onChange, label }: PaginationProps) {
  const t = useT();
  if (lastPage <= 1) return null;
  const start = Math.max(1, Math.min(page - 2, lastPage - 4));
  const pages = Array.from({ length: Math.min(5, lastPage) }, (_, i) => start + i);
  return (
    <nav className="pagination" aria-label={label ?? t('commonUi.pagination')}>
      <button type="button" className="pagination__btn" onClick={() => onChange(page - 1)} disabled={page <= 1}>
        {t('commonUi.previous')}
      </button>
      {pages.map((n) => (
        <button
          key={n}
          type="button"
          className={`pagination__btn pagination__num${n === page ? ' is-current' : ''}`}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onChange(n)}
        >
          {n}
        </button>
      ))}
      <button type="button" className="pagination__btn" onClick={() => onChange(page + 1)} disabled={page >= lastPage}>
        {t('commonUi.next')}
      </button>
    </nav>
  );
}
