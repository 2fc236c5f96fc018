import { type TwoFactorSetup, type TwoFactorStatus } from '@parley/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/user';

/** Two-factor sign-in (issue 15): GET /user/two-factor and its steps. */
export const twoFactorQueryKey = ['user', 'two-factor'] as const;

export const twoFactorQuery = () =>
  queryOptions({
    queryKey: twoFactorQueryKey,
    queryFn: async () => (await api.get<Envelope<TwoFactorStatus>>('/user/two-factor')).payload,
  });

export const useTwoFactorStatus = () => useQuery(twoFactorQuery());

export const useStartTwoFactorSetup = () =>
  useMutation({ mutationFn: async (password: string) => (await api.post<Envelope<TwoFactorSetup>>('/user/two-factor/setup', { password })).payload });

/** After enabling, disabling or new codes, the status and the profile (two_factor_enabled) are read again. */
function useRefreshAfter<TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: twoFactorQueryKey });
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}

export const useEnableTwoFactor = () =>
  useRefreshAfter(async (code: string) => (await api.post<Envelope<{ recovery_codes: string[] }>>('/user/two-factor/enable', { code })).payload.recovery_codes);

export const useDisableTwoFactor = () =>
  useRefreshAfter(async (body: { password: string; code: string }) => api.post<Envelope<null>>('/user/two-factor/disable', body));

export const useRegenerateRecoveryCodes = () =>
  useRefreshAfter(
    async (code: string) => (await api.post<Envelope<{ recovery_codes: string[] }>>('/user/two-factor/recovery-codes', { code })).payload.recovery_codes,
  );
