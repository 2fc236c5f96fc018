import { limits, payoutHistoryEnvelopeSchema } from '@parley/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const payoutsKey = ['payouts', 'history'] as const;

/** GET /payouts?page=N: the user's payout history, 5 per page (spec §9). */
export const getPayouts = async (page: number) =>
  (await api.get('/payouts', payoutHistoryEnvelopeSchema, { query: { page, per_page: limits.historyPageSize } })).payload;

export const payoutsQuery = (page: number) =>
  queryOptions({ queryKey: [...payoutsKey, page], queryFn: () => getPayouts(page), placeholderData: keepPreviousData });

export const usePayouts = (page: number) => useQuery(payoutsQuery(page));
