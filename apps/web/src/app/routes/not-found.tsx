import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n';

/** Route name NotFound. */
export function NotFoundRoute() {
  const t = useT();
  return (
    <div className="container page-state page-state--accent">
      <p className="page-state__code" aria-hidden="true">
        404
      </p>
      <h1 className="page-state__title">{t('common.notFound')}</h1>
      <Link to={paths.home.getHref()} className={buttonClass('primary', 'lg')}>
        {t('common.goBackHome')}
      </Link>
    </div>
  );
}
