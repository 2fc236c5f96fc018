import { type PasskeyAdded, type PasskeyList, type PasskeyRegistrationOptions } from '@parley/contracts';
import { type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/user';
import { twoFactorQueryKey } from './two-factor';

/** Passkeys in Account → Security (issue 36): GET /user/passkeys and its changes. */
export const passkeysQueryKey = ['user', 'passkeys'] as const;

export const passkeysQuery = () =>
  queryOptions({
    queryKey: passkeysQueryKey,
    queryFn: async () => (await api.get<Envelope<PasskeyList>>('/user/passkeys')).payload,
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
    const started = await api.post<Envelope<PasskeyRegistrationOptions>>('/user/passkeys/options', { password });
    // Loaded when needed: the sign-in and account screens only, never the entry chunk.
    const { startRegistration } = await import('@simplewebauthn/browser');
    const response = await startRegistration({ optionsJSON: started.payload.options as unknown as PublicKeyCredentialCreationOptionsJSON });
    return (await api.post<Envelope<PasskeyAdded>>('/user/passkeys', { name: name || undefined, response })).payload;
  });

export const useRenamePasskey = () =>
  useRefreshAfter(async ({ id, name }: { id: number; name: string }) => api.patch<Envelope<unknown>>(`/user/passkeys/${id}`, { name }));

export const useRemovePasskey = () =>
  useRefreshAfter(async ({ id, password }: { id: number; password: string }) => api.post<Envelope<null>>(`/user/passkeys/${id}/remove`, { password }));
