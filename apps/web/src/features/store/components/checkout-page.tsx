import { Link } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { ProductNotFound, useRouteProduct } from './route-product';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { CheckoutForm } from './checkout-form';

/** /checkout/:productId. */
export function CheckoutPage() {
  const t = useT();
  const { product, isPending, notFound } = useRouteProduct();

  if (notFound) return <ProductNotFound />;
  if (isPending || !product) return <PageSpinner />;

  return (
    <div className="container container--narrow page store">
      <Link to={paths.product.getHref(product.id)} className="store__back">
        ← {product.name}
      </Link>
      <h1>{t('storeUi.checkoutTitle')}</h1>
      {product.is_owned ? (
        <div className="alert alert--info" role="status">
          {t('store.alreadyOwned')}
        </div>
      ) : (
        <CheckoutForm product={product} />
      )}
    </div>
  );
}
