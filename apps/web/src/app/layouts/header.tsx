import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { authStore, useAuth } from '../../lib/auth';
import { useT } from '../../lib/i18n';
import { useFormat } from '../../lib/use-format';
import { useUser } from '../../lib/user';
import { ThemeMenu } from './theme-menu';

export function Logo({ light = false }: { light?: boolean }) {
  const t = useT();
  return (
    <Link to={paths.home.getHref()} className={`logo${light ? ' logo--light' : ''}`} aria-label={t('appUi.logoLabel')}>
      <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
        <rect width="32" height="32" rx="9" className="logo__mark" />
        <path d="M9 10.5A3.5 3.5 0 0 1 12.5 7h7A3.5 3.5 0 0 1 23 10.5v5a3.5 3.5 0 0 1-3.5 3.5H15l-4.5 4v-4.2A3.5 3.5 0 0 1 9 15.5z" className="logo__bubble" />
      </svg>
      <span className="logo__word">Parley</span>
    </Link>
  );
}

/** Transparent on home, auth, chat, rooms and topics; accent coloured elsewhere (spec §2 Layout). */
export function Header({ transparent }: { transparent: boolean }) {
  const { isAuthenticated } = useAuth();
  const { data: user } = useUser();
  const t = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const logout = async () => {
    setMenuOpen(false);
    await authStore.logout();
    navigate(paths.home.getHref());
  };

  const links = isAuthenticated
    ? [
        { to: paths.home.getHref(), label: t('nav.home'), end: true },
        { to: paths.rooms.getHref(), label: t('nav.rooms') },
        { to: paths.startChat.getHref(), label: t('nav.chat') },
        // Interlocutors go on call here (issue 35 §1).
        ...(user?.is_contributor ? [{ to: paths.oncall.getHref(), label: t('oncall.title') }] : []),
        { to: paths.account.getHref('personal'), label: t('nav.myProfile') },
        // Only admins see the console link (the console itself is a separate, lazily loaded chunk).
        ...(user?.is_admin ? [{ to: paths.admin.getHref(), label: t('appUi.admin') }] : []),
      ]
    : [
        { to: paths.auth.getHref('signup'), label: t('nav.signUp') },
        { to: paths.auth.getHref('signin'), label: t('nav.signIn') },
      ];

  return (
    <header className={`site-header ${transparent ? 'site-header--transparent' : 'site-header--accent'}`}>
      <div className="container site-header__inner">
        <Logo light />
        <nav className="site-nav" aria-label={t('appUi.mainNav')}>
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                `site-nav__link${isActive && isAuthenticated ? ' is-active' : ''}${link.label === t('nav.signUp') ? ' site-nav__link--pill' : ''}`
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <ThemeMenu />
        {isAuthenticated && <NotificationBell />}
        <button
          type="button"
          className="menu-toggle"
          aria-label={menuOpen ? t('appUi.closeMenu') : t('appUi.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((v) => !v)}
        >
          <span />
          <span />
          <span />
        </button>
      </div>
      {menuOpen && (
        <>
          {/* A pointer convenience: Escape and the menu button close the menu from the keyboard. */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
          <div className="mobile-menu__backdrop" onClick={() => setMenuOpen(false)} />
          <nav className="mobile-menu" id="mobile-menu" aria-label={t('appUi.mobileNav')}>
            {isAuthenticated && user && (
              <div className="mobile-menu__balance">
                <span>{t('commonUi.balance')}</span>
                <strong>{format.coins(user.balance)}</strong>
              </div>
            )}
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.end} className="mobile-menu__link">
                {link.label}
              </NavLink>
            ))}
            {isAuthenticated && (
              <button type="button" className="mobile-menu__link mobile-menu__logout" onClick={logout}>
                {t('nav.logout')}
              </button>
            )}
          </nav>
        </>
      )}
    </header>
  );
}
