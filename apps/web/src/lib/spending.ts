import { type SpendingLimits, type UpdateSpendConfirmationBody, type UpdateSpendingLimitsBody } from '@parley/contracts';
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

export function useSaveSpendConfirmation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSpendConfirmationBody) => api.put<Envelope<SpendingLimits>>('/user/spend-confirmation', body),
    onSuccess: (response) => client.setQueryData(spendingQueryKey, response.payload),
  });
}

/** The server's default, used until the user's own amount is known. */
export const DEFAULT_CONFIRM_ABOVE = 100;

/**
 * Whether spending `coins` asks first (issue 33): above the user's amount (Account → Settings).
 * Channel status and topic creation ask; per-message sends never do.
 */
export function useSpendNeedsConfirm() {
  const { data } = useSpendingLimits();
  const limit = data?.confirm_above ?? DEFAULT_CONFIRM_ABOVE;
  return { limit, needsConfirm: (coins: number) => coins > 0 && coins > limit };
}

/** After coins were spent: what is left changes, but only matters (and is only fetched) with a limit set. */
export function refreshSpending(client: QueryClient) {
  const limits = client.getQueryData<SpendingLimits>(spendingQueryKey);
  if (limits && (limits.daily_limit !== null || limits.monthly_limit !== null)) void client.invalidateQueries({ queryKey: spendingQueryKey });
}
