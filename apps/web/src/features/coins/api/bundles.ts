import { bundlesResponseSchema } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useCurrency } from '../../../lib/currency';

/** GET /bundles/index: euro prices plus a display price in the chosen currency. */
export const bundlesQuery = (currency: string) =>
  queryOptions({
    queryKey: ['bundles', currency],
    queryFn: async () => (await api.get('/bundles/index', bundlesResponseSchema)).payload,
    staleTime: 5 * 60_000,
  });

export function useBundles() {
  const { currency } = useCurrency();
  return useQuery(bundlesQuery(currency));
}
