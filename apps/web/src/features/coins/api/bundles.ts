import { type Bundle } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { useCurrency } from '../../../lib/currency';

/** GET /bundles/index: euro prices plus a display price in the chosen currency. */
export const bundlesQuery = (currency: string) =>
  queryOptions({
    queryKey: ['bundles', currency],
    queryFn: async () => (await api.get<Envelope<Bundle[]>>('/bundles/index')).payload ?? [],
    staleTime: 5 * 60_000,
  });

export function useBundles() {
  const { currency } = useCurrency();
  return useQuery(bundlesQuery(currency));
}
