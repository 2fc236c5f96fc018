import { type SpendingLimits, type UpdateSpendingLimitsBody } from '@parley/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Envelope } from './api-client';
import { useAuth } from './auth';

/**
 * Personal spending limits (GET/PUT /user/spending-limits): the settings form, the top-up card and
 * the chat screen all read this one query. After a spend, `refreshSpending` asks again when a limit is set.
 */
export const spendingQueryKey = ['user', 'spending-limits'] as const;

export const spendingQuery = queryOptions({
  queryKey: spendingQueryKey,
  queryFn: async () => (await api.get<Envelope<SpendingLimits>>('/user/spending-limits')).payload,
  staleTime: 30_000,
});

export function useSpendingLimits() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...spendingQuery, enabled: isAuthenticated });
}

export function useSaveSpendingLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSpendingLimitsBody) => api.put<Envelope<SpendingLimits>>('/user/spending-limits', body),
    onSuccess: (response) => client.setQueryData(spendingQueryKey, response.payload),
  });
}

/** After coins were spent: what is left changes, but only matters (and is only fetched) with a limit set. */
export function refreshSpending(client: QueryClient) {
  const limits = client.getQueryData<SpendingLimits>(spendingQueryKey);
  if (limits && (limits.daily_limit !== null || limits.monthly_limit !== null)) void client.invalidateQueries({ queryKey: spendingQueryKey });
}
