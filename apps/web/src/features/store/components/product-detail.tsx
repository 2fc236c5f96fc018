import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { ProductNotFound, useRouteProduct } from './route-product';
import { paths } from '../../../config/paths';
import { formatPrice } from '../../../lib/format';
import { ChatBubblePreview, lookOf } from './skin-bubble';
import { kindLabels } from './product-card';

/** /products/:productId: one skin with a live preview of a chat bubble in it. */
export function ProductDetail() {
  const { product, isPending, notFound } = useRouteProduct();
  const [sample, setSample] = useState('Great, thanks! How about you?');

  if (notFound) return <ProductNotFound />;
  if (isPending || !product) return <PageSpinner />;

  return (
    <div className="container page store">
      <Link to={paths.products.getHref()} className="store__back">
        ← All skins
      </Link>
      <div className="product-detail">
        <section className="card product-detail__preview" aria-labelledby="preview-title">
          <h2 className="card__title" id="preview-title">
            Live preview
          </h2>
          <ChatBubblePreview look={lookOf(product)} text={sample.trim() || ' '} />
          <label className="product-detail__try">
            <span>Try your own message</span>
            <input className="input" value={sample} maxLength={120} onChange={(event) => setSample(event.target.value)} />
          </label>
        </section>
        <section className="product-detail__info">
          <p className="product-card__kind">{kindLabels[product.kind]}</p>
          <h1>{product.name}</h1>
          <p>{product.description}</p>
          <p className="product-detail__price">{formatPrice(product.display.amount, product.display.symbol)}</p>
          <p className="store__note">VAT is added at checkout. The skin is yours for good and can be equipped in chat settings.</p>
          {product.is_owned ? (
            <p className="alert alert--success">You own this skin. Equip it in chat settings.</p>
          ) : (
            <Link to={paths.checkout.getHref(product.id)} className={buttonClass('primary', 'lg')}>
              Buy now
            </Link>
          )}
        </section>
      </div>
    </div>
  );
}
