import { texts } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../components/ui/toast';
import { paths } from '../config/paths';
import { configureApiClient } from '../lib/api-client';
import { authStore, isLoginRequiredScreen } from '../lib/auth';
import { userQueryKey } from '../lib/user';
import { type UserProfile } from '@parley/contracts';

/** Connects the HTTP client's 401 and 403-unverified signals to the router, auth store and toasts. */
export function ApiBridge() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    authStore.setResetHandler(() => queryClient.removeQueries({ queryKey: userQueryKey }));
    configureApiClient({
      onSessionExpired: () => {
        if (!authStore.getState().isAuthenticated) return;
        const onProtectedScreen = isLoginRequiredScreen();
        authStore.expireSession();
        if (onProtectedScreen) toast.error(texts.common.sessionExpired);
      },
      onEmailNotVerified: () => {
        const email = queryClient.getQueryData<UserProfile>(userQueryKey)?.email;
        const { pathname, search } = window.location;
        if (pathname === paths.emailVerification.path) return;
        navigate(paths.emailVerification.getHref({ email, redirect: `${pathname}${search}` }));
      },
    });
  }, [navigate, queryClient]);

  return null;
}
