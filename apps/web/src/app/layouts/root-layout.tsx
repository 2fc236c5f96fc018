import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { CookieBanner } from '../../components/ui/cookie-banner';
import { Toaster } from '../../components/ui/toast';
import { NotificationShell } from '../../features/notifications/components/notification-shell';
import { isAuthPath, isChatLikePath, isTransparentHeaderPath, paths } from '../../config/paths';
import { useT } from '../../lib/i18n';
import { legalPages, useStaticPages } from '../../lib/reference';
import { AdultConfirmModal } from '../adult-confirm';
import { ApiBridge } from '../api-bridge';
import { TagScript } from '../tag-script';
import { AuthFooter, Footer } from './footer';
import { Header } from './header';
import { useUser } from '../../lib/user';

/** Interlocutors only, loaded on demand: the first page of everyone else carries none of it (the JS budget). */
const OncallShell = lazy(() => import('../../features/oncall/components/oncall-shell').then((module) => ({ default: module.OncallShell })));

/** Header, page, footer per spec §2 Layout, plus the app-wide toasts, cookie banner and tag script. */
export function RootLayout() {
  const t = useT();
  const { pathname } = useLocation();
  const { data: user } = useUser();
  const isAuth = isAuthPath(pathname);
  const showFooter = !isAuth && !isChatLikePath(pathname);

  const shellRef = useRef<HTMLDivElement>(null);
  const firstPath = useRef(pathname);

  // Braces: Chromium's scrollTo returns a Promise, and an effect may only return a cleanup function.
  useEffect(() => {
    window.scrollTo(0, 0);
    // A new screen whose old focus vanished (the sign-in form after signing in) starts the keyboard at the top:
    // the next Tab is the skip link, then the header — not the middle of the new page (issue 33: 39 Tabs to 'Rooms').
    const active = document.activeElement;
    if (pathname !== firstPath.current && (!active || active === document.body || !active.isConnected)) shellRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={`app-shell${isChatLikePath(pathname) ? ' app-shell--app' : ''}`}>
      <div ref={shellRef} tabIndex={-1} className="sr-only" />
      <a className="skip-link" href="#main">
        {t('appUi.skipToContent')}
      </a>
      <Header transparent={isTransparentHeaderPath(pathname)} />
      <NotificationShell />
      {user?.is_contributor && (
        <Suspense fallback={null}>
          <OncallShell />
        </Suspense>
      )}
      <main id="main" className={`app-main${isAuth ? ' app-main--auth' : ''}`}>
        <Outlet />
      </main>
      {showFooter && <Footer />}
      {isAuth && <AuthFooter />}
      <CookieConsent />
      <Toaster />
      <TagScript />
      <ApiBridge />
      <AdultConfirmModal />
    </div>
  );
}

function CookieConsent() {
  const t = useT();
  const { data: pages = [], isPending } = useStaticPages();
  // Shown once the pages are known, with its policy link in place: a banner that grew a line later moved
  // (Lighthouse counted it as a layout shift of 0.106 on every page).
  if (isPending) return null;
  const cookie = legalPages(pages).cookie;
  return <CookieBanner policyLink={cookie ? <Link to={paths.staticPageLegacy.getHref(cookie.id)}>{t('appUi.cookiePolicyLink')}</Link> : null} />;
}
