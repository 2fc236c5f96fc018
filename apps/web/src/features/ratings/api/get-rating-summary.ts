import { ratingSummaryResponseSchema, type RatingSummary } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /user/ratings: the aggregates of the ratings the user received (hidden below 5, updated daily). */
export async function getRatingSummary(): Promise<RatingSummary> {
  return (await api.get('/user/ratings', ratingSummaryResponseSchema)).payload;
}
export const ratingSummaryQuery = queryOptions({ queryKey: ['ratings', 'summary'], queryFn: getRatingSummary });
export const useRatingSummary = (enabled: boolean) => useQuery({ ...ratingSummaryQuery, enabled });
