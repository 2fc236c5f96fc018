import '../store.css';
import { texts } from '@parley/contracts';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { useProducts } from '../api/products';
import { ProductCard } from './product-card';

/** /products: the skin catalog with previews and prices, 12 per page. */
export function ProductCatalog() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError, refetch } = useProducts(page);

  return (
    <div className="container page store">
      <header className="store__header">
        <h1>Skin store</h1>
        <p className="store__lead">Make your messages yours: bubble colours and text styles that everyone in your chats sees.</p>
      </header>
      {isPending && <PageSpinner />}
      {isError && (
        <div className="page-state" role="alert">
          <p>{texts.common.anErrorOccurred}</p>
          <Button variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      )}
      {data && data.data.length === 0 && <p className="page-state">No products available</p>}
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
            label="Catalog pages"
          />
        </>
      )}
    </div>
  );
}
