import { texts } from '@parley/contracts/texts';
import { type ReactNode } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { Toaster } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { useUser } from '../../../lib/user';
import { ApiBridge } from '../../../app/api-bridge';
import '../admin.css';

/** What the sidebar lists: the section table (admin-sections.tsx) passed in by the console, so screens never import it back. */
export interface AdminNavSection {
  slug: string;
  label: string;
}

/** The console's own layout: a sidebar and the screen. Only users whose profile says is_admin get in; the server checks again on every call. */
export function AdminLayout({ sections }: { sections: readonly AdminNavSection[] }) {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  const { data: user, isLoading } = useUser();

  if (!isAuthenticated) return <Navigate to={paths.auth.getHref('signin', `${location.pathname}${location.search}`)} replace />;
  if (isLoading || !user) return <PageSpinner />;
  if (!user.is_admin) {
    return (
      <main className="admin-denied">
        <h1>Admin only</h1>
        <p>This action is unauthorized.</p>
        <Link to={paths.home.getHref()}>Go Back Home</Link>
      </main>
    );
  }
  // Admins sign in with two factors (issue 15): the server refuses every console call until they do.
  if (!user.two_factor_enabled) {
    return (
      <main className="admin-denied">
        <h1>{texts.twoFactor.adminSetupTitle}</h1>
        <p>{texts.twoFactor.adminSetupIntro}</p>
        <Link to={paths.account.getHref('security')}>{texts.twoFactor.start}</Link>
      </main>
    );
  }
  return (
    <div className="admin-shell">
      <aside className="admin-sidebar">
        <Link to={paths.admin.getHref()} className="admin-brand">
          Parley <span>admin</span>
        </Link>
        <nav aria-label="Admin sections">
          <ul>
            {sections.map((s) => (
              <li key={s.slug}>
                <NavLink to={paths.admin.getHref(s.slug)} end={s.slug === ''} className={({ isActive }) => `admin-nav${isActive ? ' is-active' : ''}`}>
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-sidebar__foot">
          <span className="admin-muted">{user.email}</span>
          <Link to={paths.home.getHref()}>Back to site</Link>
        </div>
      </aside>
      <main className="admin-main" id="main">
        <Outlet />
      </main>
      <Toaster />
      <ApiBridge />
    </div>
  );
}

export function AdminPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="admin-page">
      <header className="admin-page__head">
        <h1>{title}</h1>
        {actions && <div className="admin-page__actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
