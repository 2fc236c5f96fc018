import { limits, depositResponseSchema } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';

/** GET /deposit/status/:id, polled every 3 s until success or error (spec §4 Deposit status). */
export const depositStatusQuery = (id: number) =>
  queryOptions({
    queryKey: ['deposit', 'status', id],
    queryFn: async () => (await api.get(`/deposit/status/${id}`, depositResponseSchema)).payload,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'pending' ? false : limits.depositPollMs),
    refetchIntervalInBackground: true,
    // A network blip keeps polling; a refusal (404…) is final.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 3,
  });

export const useDepositStatus = (id: number) => useQuery({ ...depositStatusQuery(id), enabled: id > 0 });
