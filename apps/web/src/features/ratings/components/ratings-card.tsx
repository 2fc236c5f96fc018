import { type UserProfile } from '@parley/contracts';
import { formatDate, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useRatingSummary } from '../api/get-rating-summary';

/** An interlocutor's own ratings: an average of many, never one rating or who gave it (issue 35 §3). */
export function RatingsCard({ user }: { user: UserProfile }) {
  const t = useT();
  const summary = useRatingSummary(user.is_contributor);
  if (!user.is_contributor) return null;
  const data = summary.data;
  return (
    <section className="card ratings-card" aria-labelledby="ratings-title" data-testid="ratings-card">
      <h2 className="card__title" id="ratings-title">
        {t('ratings.summaryTitle')}
      </h2>
      {!data ? (
        <p className="muted">{t('common.loading')}</p>
      ) : data.average === null || data.ratings_count === null ? (
        <p className="muted">{t('ratings.summaryHidden', { min: data.min_shown })}</p>
      ) : (
        <p>
          {t('ratings.summary', { average: formatNumber(data.average), count: data.ratings_count })}
          {data.is_top_rated && (
            <span className="top-rated-badge">
              <span aria-hidden="true">★</span> {t('ratings.topRated')}
            </span>
          )}
        </p>
      )}
      {data?.updated_at && <p className="muted">{t('ratings.updated', { date: formatDate(data.updated_at) })}</p>}
    </section>
  );
}
