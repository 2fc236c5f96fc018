import '../store.css';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { useT } from '../../../lib/i18n';
import { useProducts } from '../api/products';
import { ProductCard } from './product-card';

/** /products: the skin catalog with previews and prices, 12 per page. */
export function ProductCatalog() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError, refetch } = useProducts(page);

  return (
    <div className="container page store">
      <header className="store__header">
        <h1>{t('storeUi.title')}</h1>
        <p className="store__lead">{t('storeUi.lead')}</p>
      </header>
      {isPending && <PageSpinner />}
      {isError && (
        <div className="page-state" role="alert">
          <p>{t('common.anErrorOccurred')}</p>
          <Button variant="secondary" onClick={() => void refetch()}>
            {t('topics.tryAgain')}
          </Button>
        </div>
      )}
      {data && data.data.length === 0 && <p className="page-state">{t('storeUi.noProducts')}</p>}
      {data && data.data.length > 0 && (
        <>
          <div className="product-grid">
            {data.data.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
          <Pagination
            page={data.meta.current_page}
            lastPage={data.meta.last_page}
            onChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
            label={t('storeUi.catalogPages')}
          />
        </>
      )}
    </div>
  );
}
