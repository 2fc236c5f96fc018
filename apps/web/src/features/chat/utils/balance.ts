import type { UserProfile } from '@parley/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { userQueryKey } from '../../../lib/user';

/** Puts a balance the server just reported into the user store; without one, refetches the profile. */
export function setUserBalance(queryClient: QueryClient, balance: number | null | undefined) {
  if (typeof balance !== 'number') {
    void queryClient.invalidateQueries({ queryKey: userQueryKey });
    return;
  }
  queryClient.setQueryData<UserProfile>(userQueryKey, (user) => (user ? { ...user, balance, points: balance } : user));
}
