import { texts } from '@parley/contracts';
import { Link } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { ProductNotFound, useRouteProduct } from './route-product';
import { paths } from '../../../config/paths';
import { CheckoutForm } from './checkout-form';

/** /checkout/:productId. */
export function CheckoutPage() {
  const { product, isPending, notFound } = useRouteProduct();

  if (notFound) return <ProductNotFound />;
  if (isPending || !product) return <PageSpinner />;

  return (
    <div className="container container--narrow page store">
      <Link to={paths.product.getHref(product.id)} className="store__back">
        ← {product.name}
      </Link>
      <h1>Checkout</h1>
      {product.is_owned ? (
        <div className="alert alert--info" role="status">
          {texts.store.alreadyOwned}
        </div>
      ) : (
        <CheckoutForm product={product} />
      )}
    </div>
  );
}
