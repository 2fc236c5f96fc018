import { texts } from '@parley/contracts/texts';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClass } from '../components/ui/button';
import { paths } from '../config/paths';

/** The error boundary of every route: a friendly message instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? error.statusText : error instanceof Error ? error.message : '';
  return (
    <div className="container page-state" role="alert">
      <h1>{texts.common.anErrorOccurred}</h1>
      {detail && <p className="muted">{detail}</p>}
      <div className="page-state__actions">
        <button type="button" className={buttonClass('secondary')} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link className={buttonClass()} to={paths.home.getHref()}>
          {texts.common.goBackHome}
        </Link>
      </div>
    </div>
  );
}
