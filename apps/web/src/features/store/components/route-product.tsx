import { texts } from '@parley/contracts';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useProduct } from '../api/products';

/** The product named by the route's `:productId`; `notFound` for a bad id or an unknown product. */
export function useRouteProduct() {
  const productId = Number(useParams().productId);
  const { data: product, isPending, isError } = useProduct(productId);
  const notFound = !Number.isInteger(productId) || productId <= 0 || isError;
  return { product, isPending, notFound };
}

export function ProductNotFound() {
  return (
    <div className="container page page-state" role="alert">
      <p>{texts.store.productNotFound}</p>
      <Link to={paths.products.getHref()} className={buttonClass('secondary')}>
        Back to the store
      </Link>
    </div>
  );
}
