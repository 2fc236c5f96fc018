import { checkoutPrefillResponseSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /deposit/prefill: the billing details of the last top-up, else the profile's (issue 33). */
export function useTopUpPrefill(enabled: boolean) {
  return useQuery({
    queryKey: ['deposit-prefill'],
    queryFn: async () => (await api.get('/deposit/prefill', checkoutPrefillResponseSchema)).payload,
    enabled,
    // The form falls back to the profile at once when this fails.
    retry: false,
    staleTime: 0,
  });
}
