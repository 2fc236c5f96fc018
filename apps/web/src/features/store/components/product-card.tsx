import '../store.css';
import { type Product, type ProductKind } from '@parley/contracts';
import { type TextKey } from '@parley/contracts/i18n';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatPrice } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

export const kindLabels: Record<ProductKind, TextKey> = { bubble_color: 'storeUi.kindBubbleColor', text_style: 'storeUi.kindTextStyle' };

/** One skin in the catalog: its SVG preview, name, kind and price in the selected currency with two decimals. */
export function ProductCard({ product }: { product: Product }) {
  const t = useT();
  return (
    <article className="product-card">
      <Link to={paths.product.getHref(product.id)} className="product-card__image">
        <img src={product.image_url} alt={t('storeUi.previewAlt', { name: product.name })} width={320} height={180} loading="lazy" />
      </Link>
      <div className="product-card__body">
        <p className="product-card__kind">{t(kindLabels[product.kind])}</p>
        <h2 className="product-card__name">
          <Link to={paths.product.getHref(product.id)}>{product.name}</Link>
        </h2>
        <p className="product-card__description">{product.description}</p>
        <div className="product-card__footer">
          <span className="product-card__price">{formatPrice(product.display.amount, product.display.symbol)}</span>
          {product.is_owned ? (
            <span className="status-badge status-badge--success">{t('storeUi.owned')}</span>
          ) : (
            <Link to={paths.checkout.getHref(product.id)} className={buttonClass('primary', 'sm')}>
              {t('storeUi.buy')}
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
