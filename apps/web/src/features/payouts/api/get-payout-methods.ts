import { payoutMethodsEnvelopeSchema } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const payoutMethodsKey = ['payouts', 'methods'] as const;

/** GET /payouts/methods → methods, min_amount, max_amount (+ what the user can withdraw now). */
export const getPayoutMethods = async () => (await api.get('/payouts/methods', payoutMethodsEnvelopeSchema)).payload;

export const payoutMethodsQuery = queryOptions({ queryKey: payoutMethodsKey, queryFn: getPayoutMethods, staleTime: 30_000 });

export const usePayoutMethods = (enabled = true) => useQuery({ ...payoutMethodsQuery, enabled });
