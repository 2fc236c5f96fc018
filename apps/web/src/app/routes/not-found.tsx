import { texts } from '@parley/contracts/texts';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';

/** Route name NotFound. */
export function NotFoundRoute() {
  return (
    <div className="container page-state page-state--accent">
      <p className="page-state__code" aria-hidden="true">
        404
      </p>
      <h1 className="page-state__title">{texts.common.notFound}</h1>
      <Link to={paths.home.getHref()} className={buttonClass('primary', 'lg')}>
        {texts.common.goBackHome}
      </Link>
    </div>
  );
}
