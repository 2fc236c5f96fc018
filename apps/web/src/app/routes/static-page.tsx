import { useParams } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { reservedSlugs } from '../../config/paths';
import { useStaticPage } from '../../features/static-pages/api/get-static-page';
import { StaticPageView } from '../../features/static-pages/components/static-page-view';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { NotFoundRoute } from './not-found';

/** /{slug}: reserved words are never static pages. */
export function SlugPageRoute() {
  const { slug = '' } = useParams();
  if (reservedSlugs.has(slug.toLowerCase())) return <NotFoundRoute />;
  return <StaticPageRoute />;
}

/** /static-page/{slug|id} (legacy) and /{slug}; unknown pages are not found. */
export function StaticPageRoute() {
  const { t, localize } = useI18n();
  const { slug = '' } = useParams();
  const query = useStaticPage(slug);
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 422)) return <NotFoundRoute />;
    return (
      <div className="container page-state" role="alert">
        <p>{localize(errorMessage(query.error, t('common.anErrorOccurred')))}</p>
      </div>
    );
  }
  return (
    <div className="container container--narrow page">
      <StaticPageView page={query.data} />
    </div>
  );
}
