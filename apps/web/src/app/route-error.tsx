import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClass } from '../components/ui/button';
import { paths } from '../config/paths';
import { useT } from '../lib/i18n';

/** The error boundary of every route: a friendly message instead of a blank page. */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? error.statusText : error instanceof Error ? error.message : '';
  return (
    <div className="container page-state" role="alert">
      <h1>{t('common.anErrorOccurred')}</h1>
      {detail && <p className="muted">{detail}</p>}
      <div className="page-state__actions">
        <button type="button" className={buttonClass('secondary')} onClick={() => window.location.reload()}>
          {t('commonUi.reload')}
        </button>
        <Link className={buttonClass()} to={paths.home.getHref()}>
          {t('common.goBackHome')}
        </Link>
      </div>
    </div>
  );
}
