import { limits, depositHistoryResponseSchema } from '@parley/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const depositHistoryKey = ['deposit', 'history'] as const;

/** GET /deposit/history: successful top-ups, 5 per page. */
export const depositHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: [...depositHistoryKey, page],
    queryFn: async () => (await api.get('/deposit/history', depositHistoryResponseSchema, { query: { page, per_page: limits.historyPageSize } })).payload,
    placeholderData: keepPreviousData,
    // A payment's receipt is numbered moments after it (decision 023): ask again until its PDF is there.
    refetchInterval: (query) => (query.state.data?.data.some((row) => row.status === 'success' && !row.has_receipt) ? RECEIPT_WAIT_MS : false),
  });

const RECEIPT_WAIT_MS = 2000;

export const useDepositHistory = (page: number) => useQuery(depositHistoryQuery(page));
