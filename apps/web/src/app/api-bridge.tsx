import type { UserProfile } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../components/ui/toast';
import { adultPrompt } from './adult-confirm';
import { paths } from '../config/paths';
import { configureApiClient } from '../lib/api-client';
import { authStore, isLoginRequiredScreen } from '../lib/auth';
import { useT } from '../lib/i18n';
import { isReferenceQueryKey } from '../lib/reference';
import { userQueryKey } from '../lib/user';

/** Connects the HTTP client's 401, 403-unverified and 403-adult signals to the router, auth store, toasts and the age question. */
export function ApiBridge() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;
  const t = useT();
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    // Signing out forgets every per-user query (profile, balances, chats…), keeping public reference data.
    authStore.setResetHandler(() => queryClient.removeQueries({ predicate: (query) => !isReferenceQueryKey(query.queryKey) }));
    configureApiClient({
      onSessionExpired: () => {
        if (!authStore.getState().isAuthenticated) return;
        const onProtectedScreen = isLoginRequiredScreen();
        authStore.expireSession();
        if (onProtectedScreen) toast.error(tRef.current('common.sessionExpired'));
      },
      onEmailNotVerified: () => {
        const email = queryClient.getQueryData<UserProfile>(userQueryKey)?.email;
        const { pathname, search } = locationRef.current;
        if (pathname === paths.emailVerification.path) return;
        navigate(paths.emailVerification.getHref({ email, redirect: `${pathname}${search}` }));
      },
      onAdultRequired: () => adultPrompt.show(),
    });
  }, [navigate, queryClient]);

  return null;
}
