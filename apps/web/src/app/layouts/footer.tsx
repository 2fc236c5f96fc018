import { crisisPageSlug } from '@parley/contracts/constants';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useCurrency } from '../../lib/currency';
import { useI18n, useT } from '../../lib/i18n';
import { legalPages, useSettings, useSocialLinks, useStaticPages } from '../../lib/reference';
import { Logo } from './header';
import { PaymentLogos } from './payment-logos';

/** Requisites, support contacts, legal pages, social links and payment logos (spec §1). */
export function Footer() {
  const t = useT();
  const { data: settings } = useSettings();
  const { data: pages = [] } = useStaticPages();
  const { data: social = [] } = useSocialLinks();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo light />
          <p>{t('appUi.tagline')}</p>
          <ul className="social" aria-label={t('appUi.socialLinks')}>
            {social.map((link) => (
              <li key={link.id}>
                <a href={link.link} target="_blank" rel="noopener noreferrer" aria-label={link.title} className="social__link">
                  <img src={link.img} alt="" width="18" height="18" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="site-footer__heading">{t('appUi.company')}</h2>
          <address className="site-footer__requisites">
            {(settings?.requisites ?? []).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        </div>
        <div>
          <h2 className="site-footer__heading">{t('appUi.support')}</h2>
          <ul className="site-footer__list">
            {settings?.support_email && (
              <li>
                <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
              </li>
            )}
            {settings?.support_phone && (
              <li>
                <a href={`tel:${settings.support_phone.replace(/\s/g, '')}`}>{settings.support_phone}</a>
              </li>
            )}
            {/* Issue 36 §1: the crisis page, on every page. */}
            <li>
              <Link to={paths.staticPage.getHref(crisisPageSlug)} className="site-footer__crisis">
                {t('crisis.footerLink')}
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="site-footer__heading">{t('appUi.legal')}</h2>
          <ul className="site-footer__list">
            {pages
              .filter((page) => page.slug !== crisisPageSlug)
              .map((page) => (
                <li key={page.id}>
                  <Link to={paths.staticPageLegacy.getHref(page.id)}>{page.title}</Link>
                </li>
              ))}
          </ul>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p className="site-footer__copy">{settings?.copyright}</p>
        <Preferences />
        <PaymentLogos />
      </div>
    </footer>
  );
}

/** Language and currency choice. */
export function Preferences() {
  const { languages, languageId, setLanguageId, t } = useI18n();
  const { currencies, currency, setCurrency } = useCurrency();
  return (
    <div className="preferences">
      <label className="preferences__item">
        <span className="sr-only">{t('appUi.language')}</span>
        <select aria-label={t('appUi.language')} value={languageId ?? ''} onChange={(event) => setLanguageId(Number(event.target.value))}>
          {languages.map((l) => (
            <option key={l.id} value={l.id}>
              {l.title}
            </option>
          ))}
        </select>
      </label>
      <label className="preferences__item">
        <span className="sr-only">{t('appUi.currency')}</span>
        <select aria-label={t('appUi.currency')} value={currency} onChange={(event) => setCurrency(event.target.value)}>
          {currencies.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code} {c.symbol}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** The small footer of the auth screens: legal pages and the support email. */
export function AuthFooter() {
  const t = useT();
  const { data: settings } = useSettings();
  const { data: pages = [] } = useStaticPages();
  const legal = legalPages(pages);
  const items = [
    legal.privacy && { to: paths.staticPageLegacy.getHref(legal.privacy.id), label: legal.privacy.title },
    legal.terms && { to: paths.staticPageLegacy.getHref(legal.terms.id), label: legal.terms.title },
    legal.cookie && { to: paths.staticPageLegacy.getHref(legal.cookie.id), label: legal.cookie.title },
  ].filter((x): x is { to: string; label: string } => Boolean(x));
  return (
    <footer className="auth-footer">
      <nav aria-label={t('appUi.legal')} className="auth-footer__links">
        {items.map((item) => (
          <Link key={item.to} to={item.to}>
            {item.label}
          </Link>
        ))}
        {settings?.support_email && <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>}
      </nav>
      {settings?.copyright && <p className="auth-footer__copy">{settings.copyright}</p>}
    </footer>
  );
}
