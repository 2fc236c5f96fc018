import { useNavigate, useSearchParams, Link } from 'react-router';
import { paths, parseAuthForm, safeRedirect, type AuthForm } from '../../config/paths';
import { ResetRequestForm } from '../../features/auth/components/reset-request-form';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { useT, type TextKey } from '../../lib/i18n';
import { legalPages, useSettings, useStaticPages } from '../../lib/reference';
import { richText } from '../../lib/rich-text';

const titles: Record<AuthForm, { title: TextKey; lead: TextKey }> = {
  signin: { title: 'authUi.signInTitle', lead: 'authUi.signInLead' },
  signup: { title: 'authUi.signUpTitle', lead: 'authUi.signUpLead' },
  reset: { title: 'authUi.resetTitle', lead: 'authUi.resetLead' },
};

/** Route name Auth: ?form=signin|signup|reset (anything else is signin), ?redirect kept across switches. */
export function AuthRoute() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const form = parseAuthForm(params.get('form'));
  const redirect = safeRedirect(params.get('redirect'));
  const { data: settings } = useSettings();
  const { data: pages = [] } = useStaticPages();
  const legal = legalPages(pages);

  const switchTo = (next: AuthForm) => setParams(redirect ? { form: next, redirect } : { form: next });
  const afterSignIn = () => navigate(redirect ?? paths.account.getHref(), { replace: true });
  const toVerification = (email: string) => navigate(paths.emailVerification.getHref({ email, redirect }));

  const termsLabel = richText(t, 'authUi.acceptTerms', {
    terms: legal.terms ? (
      <Link to={paths.staticPageLegacy.getHref(legal.terms.id)} target="_blank">
        {t('authUi.termsLink')}
      </Link>
    ) : (
      t('authUi.termsLink')
    ),
    privacy: legal.privacy ? (
      <Link to={paths.staticPageLegacy.getHref(legal.privacy.id)} target="_blank">
        {t('authUi.privacyLink')}
      </Link>
    ) : (
      t('authUi.privacyLink')
    ),
  });

  return (
    <div className="auth-page">
      <div className="auth-card">
        {form !== 'reset' && (
          <div className="segmented" role="group" aria-label={t('authUi.signInOrUp')}>
            <button
              type="button"
              className={`segmented__item${form === 'signin' ? ' is-active' : ''}`}
              aria-pressed={form === 'signin'}
              onClick={() => switchTo('signin')}
            >
              {t('nav.signIn')}
            </button>
            <button
              type="button"
              className={`segmented__item${form === 'signup' ? ' is-active' : ''}`}
              aria-pressed={form === 'signup'}
              onClick={() => switchTo('signup')}
            >
              {t('nav.signUp')}
            </button>
          </div>
        )}
        <h1 className="auth-card__title">{t(titles[form].title)}</h1>
        <p className="auth-card__lead">{t(titles[form].lead)}</p>
        {form === 'signin' && <SignInForm onSignedIn={afterSignIn} onVerify={toVerification} onForgotPassword={() => switchTo('reset')} />}
        {form === 'signup' && (
          <SignUpForm onSignedUp={afterSignIn} onVerify={toVerification} termsLabel={termsLabel} registrationClosed={settings?.is_reg_enabled === false} />
        )}
        {form === 'reset' && <ResetRequestForm onBack={() => switchTo('signin')} />}
      </div>
    </div>
  );
}
