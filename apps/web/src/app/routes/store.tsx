import { CheckoutPage } from '../../features/store/components/checkout-page';
import { ProductCatalog } from '../../features/store/components/product-catalog';
import { ProductDetail } from '../../features/store/components/product-detail';

/** The skin store routes: /products and /products/:productId for everyone, /checkout/:productId after sign-in. */
export const ProductsRoute = ProductCatalog;
export const ProductRoute = ProductDetail;
export const CheckoutRoute = CheckoutPage;
