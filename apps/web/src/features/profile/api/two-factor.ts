import {
  twoFactorStatusResponseSchema,
  twoFactorSetupResponseSchema,
  recoveryCodesResponseSchema,
  emptyResponseSchema,
  passkeySignInOptionsResponseSchema,
} from '@parley/contracts';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/user';

/** Two-factor sign-in (issue 15): GET /user/two-factor and its steps. */
export const twoFactorQueryKey = ['user', 'two-factor'] as const;

export const twoFactorQuery = () =>
  queryOptions({
    queryKey: twoFactorQueryKey,
    queryFn: async () => (await api.get('/user/two-factor', twoFactorStatusResponseSchema)).payload,
  });

export const useTwoFactorStatus = () => useQuery(twoFactorQuery());

export const useStartTwoFactorSetup = () =>
  useMutation({ mutationFn: async (password: string) => (await api.post('/user/two-factor/setup', twoFactorSetupResponseSchema, { password })).payload });

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
  useRefreshAfter(async (code: string) => (await api.post('/user/two-factor/enable', recoveryCodesResponseSchema, { code })).payload.recovery_codes);

export const useDisableTwoFactor = () =>
  useRefreshAfter(async (body: { password: string; code: string }) => api.post('/user/two-factor/disable', emptyResponseSchema, body));

export const useRegenerateRecoveryCodes = () =>
  useRefreshAfter(async (code: string) => (await api.post('/user/two-factor/recovery-codes', recoveryCodesResponseSchema, { code })).payload.recovery_codes);

/**
 * New recovery codes for an account whose second factor is a passkey (issue 36): the browser's passkey dialog
 * signs a sign-in attempt's challenge, and that proves the second factor.
 */
export const useRegenerateWithPasskey = () =>
  useRefreshAfter(async () => {
    const started = await api.post('/passkey/sign-in/options', passkeySignInOptionsResponseSchema);
    const { startAuthentication } = await import('@simplewebauthn/browser');
    const optionsJSON: PublicKeyCredentialRequestOptionsJSON = started.payload.options;
    const response = await startAuthentication({ optionsJSON });
    const passkey = { attempt: started.payload.attempt, response };
    return (await api.post('/user/two-factor/recovery-codes', recoveryCodesResponseSchema, { passkey })).payload.recovery_codes;
  });
