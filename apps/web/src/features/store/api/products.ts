import { type PageMeta, type Product, productsResponseSchema, productResponseSchema } from '@parley/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ProductsPage {
  data: Product[];
  meta: PageMeta;
}

export const CATALOG_PAGE_SIZE = 12;

/** GET /products: the skin catalog, 12 per page. */
export async function getProducts(page: number): Promise<ProductsPage> {
  return (await api.get('/products', productsResponseSchema, { query: { page, per_page: CATALOG_PAGE_SIZE } })).payload;
}

export const productsQuery = (page: number) =>
  queryOptions({ queryKey: ['store', 'products', page], queryFn: () => getProducts(page), staleTime: 60_000, placeholderData: keepPreviousData });

export const useProducts = (page: number) => useQuery(productsQuery(page));

/** GET /products/:id. */
export async function getProduct(id: number): Promise<Product> {
  return (await api.get(`/products/${id}`, productResponseSchema)).payload;
}

export const productQuery = (id: number) =>
  queryOptions({ queryKey: ['store', 'product', id], queryFn: () => getProduct(id), staleTime: 60_000, retry: false });

export const useProduct = (id: number) => useQuery({ ...productQuery(id), enabled: Number.isInteger(id) && id > 0 });
