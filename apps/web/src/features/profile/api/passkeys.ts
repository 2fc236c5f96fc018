import {
  emptyResponseSchema,
  passkeyAddedResponseSchema,
  passkeyListResponseSchema,
  passkeyRegistrationOptionsResponseSchema,
  passkeyRenamedResponseSchema,
} from '@parley/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/user';
import { twoFactorQueryKey } from './two-factor';

/** Passkeys in Account → Security (issue 36): GET /user/passkeys and its changes. */
export const passkeysQueryKey = ['user', 'passkeys'] as const;

export const passkeysQuery = () =>
  queryOptions({
    queryKey: passkeysQueryKey,
    queryFn: async () => (await api.get('/user/passkeys', passkeyListResponseSchema)).payload,
  });

export const usePasskeys = () => useQuery(passkeysQuery());

/** After a change the list, the two-factor status (recovery codes) and the profile (two_factor_enabled) are read again. */
function useRefreshAfter<TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
      await queryClient.invalidateQueries({ queryKey: twoFactorQueryKey });
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}

/** Adding: the password → options → the browser's passkey dialog → the answer to the server. */
export const useAddPasskey = () =>
  useRefreshAfter(async ({ password, name }: { password: string; name?: string }) => {
    const started = await api.post('/user/passkeys/options', passkeyRegistrationOptionsResponseSchema, { password });
    // Loaded when needed: the sign-in and account screens only, never the entry chunk.
    const { startRegistration } = await import('@simplewebauthn/browser');
    const response = await startRegistration({ optionsJSON: started.payload.options });
    return (await api.post('/user/passkeys', passkeyAddedResponseSchema, { name: name || undefined, response })).payload;
  });

export const useRenamePasskey = () =>
  useRefreshAfter(async ({ id, name }: { id: number; name: string }) => api.patch(`/user/passkeys/${id}`, passkeyRenamedResponseSchema, { name }));

export const useRemovePasskey = () =>
  useRefreshAfter(async ({ id, password }: { id: number; password: string }) => api.post(`/user/passkeys/${id}/remove`, emptyResponseSchema, { password }));
