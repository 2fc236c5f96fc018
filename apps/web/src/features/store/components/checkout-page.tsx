import { texts } from '@parley/contracts';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useProduct } from '../api/products';
import { CheckoutForm } from './checkout-form';

/** /checkout/:productId. */
export function CheckoutPage() {
  const productId = Number(useParams().productId);
  const { data: product, isPending, isError } = useProduct(productId);

  if (!Number.isInteger(productId) || productId <= 0 || isError) {
    return (
      <div className="container page page-state" role="alert">
        <p>{texts.store.productNotFound}</p>
        <Link to={paths.products.getHref()} className={buttonClass('secondary')}>
          Back to the store
        </Link>
      </div>
    );
  }
  if (isPending) return <PageSpinner />;

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
