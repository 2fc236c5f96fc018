import { type UserProfile, profileResponseSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/user';

/** POST /user/become-channel → the new profile fields (balance, channel expiry). */
export async function becomeChannel(): Promise<UserProfile> {
  // One key per click: a network retry of the same click is charged once.
  const key = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return (await api.post('/user/become-channel', profileResponseSchema, undefined, { headers: { 'Idempotency-Key': key } })).payload;
}

export function useBecomeChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: becomeChannel,
    onSuccess: (profile) => {
      queryClient.setQueryData(userQueryKey, profile);
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
