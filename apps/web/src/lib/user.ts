import { type UserProfile } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from './api-client';
import { useAuth } from './auth';

/**
 * The user store: GET /user/profile in the query cache. Every feature reads the
 * signed-in user (name, balance…) through `useUser`; after a balance change,
 * invalidate `userQueryKey`. It is skipped, and cleared, when not authenticated.
 */
export const userQueryKey = ['user', 'profile'] as const;

export const userQuery = queryOptions({
  queryKey: userQueryKey,
  queryFn: async () => (await api.get<Envelope<UserProfile>>('/user/profile')).payload,
  staleTime: 30_000,
});

export function useUser() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...userQuery, enabled: isAuthenticated });
}
