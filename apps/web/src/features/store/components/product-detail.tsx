import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { ProductNotFound, useRouteProduct } from './route-product';
import { paths } from '../../../config/paths';
import { formatPrice } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { ChatBubblePreview, lookOf } from './skin-bubble';
import { kindLabels } from './product-card';

/** /products/:productId: one skin with a live preview of a chat bubble in it. */
export function ProductDetail() {
  const { product, isPending, notFound } = useRouteProduct();
  const t = useT();
  const [sample, setSample] = useState(() => t('storeUi.sampleMine'));

  if (notFound) return <ProductNotFound />;
  if (isPending || !product) return <PageSpinner />;

  return (
    <div className="container page store">
      <Link to={paths.products.getHref()} className="store__back">
        ← {t('storeUi.allSkins')}
      </Link>
      <div className="product-detail">
        <section className="card product-detail__preview" aria-labelledby="preview-title">
          <h2 className="card__title" id="preview-title">
            {t('storeUi.livePreview')}
          </h2>
          <ChatBubblePreview look={lookOf(product)} text={sample.trim() || ' '} />
          <label className="product-detail__try">
            <span>{t('storeUi.tryOwnMessage')}</span>
            <input className="input" value={sample} maxLength={120} onChange={(event) => setSample(event.target.value)} />
          </label>
        </section>
        <section className="product-detail__info">
          <p className="product-card__kind">{t(kindLabels[product.kind])}</p>
          <h1>{product.name}</h1>
          <p>{product.description}</p>
          <p className="product-detail__price">{formatPrice(product.display.amount, product.display.symbol)}</p>
          <p className="store__note">{t('storeUi.vatNote')}</p>
          {product.is_owned ? (
            <p className="alert alert--success">{t('storeUi.ownedNote')}</p>
          ) : (
            <Link to={paths.checkout.getHref(product.id)} className={buttonClass('primary', 'lg')}>
              {t('storeUi.buyNow')}
            </Link>
          )}
        </section>
      </div>
    </div>
  );
}
