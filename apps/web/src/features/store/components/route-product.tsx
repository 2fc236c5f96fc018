import { Link, useParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { useProduct } from '../api/products';

/** The product named by the route's `:productId`; `notFound` for a bad id or an unknown product. */
export function useRouteProduct() {
  const productId = Number(useParams().productId);
  const { data: product, isPending, isError } = useProduct(productId);
  const notFound = !Number.isInteger(productId) || productId <= 0 || isError;
  return { product, isPending, notFound };
}

export function ProductNotFound() {
  const t = useT();
  return (
    <div className="container page page-state" role="alert">
      <p>{t('store.productNotFound')}</p>
      <Link to={paths.products.getHref()} className={buttonClass('secondary')}>
        {t('storeUi.backToStore')}
      </Link>
    </div>
  );
}
