import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { paths, safeRedirect } from '../config/paths';
import { setLoginRequiredScreen, useAuth } from '../lib/auth';

/** Login-required routes: a guest goes to sign-in with redirect = the full path (spec §2). */
export function RequireAuth() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  useEffect(() => {
    setLoginRequiredScreen(true);
    return () => setLoginRequiredScreen(false);
  }, []);
  if (!isAuthenticated) {
    const redirect = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.auth.getHref('signin', redirect)} replace />;
  }
  return <Outlet />;
}

/**
 * Guests-only routes: an authenticated visitor goes home. Someone who signs in
 * here follows the redirect query, otherwise /account (spec §2).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  const [params] = useSearchParams();
  const wasAuthenticated = useRef(isAuthenticated);
  if (isAuthenticated) {
    const target = wasAuthenticated.current ? paths.home.getHref() : (safeRedirect(params.get('redirect')) ?? paths.account.getHref());
    return <Navigate to={target} replace />;
  }
  return <>{children}</>;
}
