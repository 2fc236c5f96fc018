import { type PayoutDetailField, type PayoutRequestBody, payoutCreatedResponseSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/user';
import { payoutMethodsKey } from './get-payout-methods';
import { payoutsKey } from './get-payouts';

/** The form's fields plus only the chosen method's details (fields of the method table). */
export type CreatePayoutBody = Omit<PayoutRequestBody, 'details' | 'amount_cents'> &
  Partial<Record<PayoutDetailField, string>> & {
    request_id: string;
  };

/** POST /payouts: a 201 or status OK reloads history (spec §7). */
export const createPayout = (body: CreatePayoutBody) => api.post('/payouts', payoutCreatedResponseSchema, body);

export function useCreatePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPayout,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: payoutsKey }),
        queryClient.invalidateQueries({ queryKey: payoutMethodsKey }),
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
      ]);
    },
  });
}
