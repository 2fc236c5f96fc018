import { useNavigate, useSearchParams, Link } from 'react-router';
import { texts } from '@parley/contracts';
import { paths, parseAuthForm, safeRedirect, type AuthForm } from '../../config/paths';
import { ResetRequestForm } from '../../features/auth/components/reset-request-form';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { legalPages, useSettings, useStaticPages } from '../../lib/reference';

const titles: Record<AuthForm, { title: string; lead: string }> = {
  signin: { title: 'Welcome back', lead: 'Sign in to continue your conversations.' },
  signup: { title: 'Create your account', lead: 'Join Parley and start talking in a minute.' },
  reset: { title: 'Reset your password', lead: 'Enter the email of your account and we will send you a link to choose a new password.' },
};

/** Route name Auth: ?form=signin|signup|reset (anything else is signin), ?redirect kept across switches. */
export function AuthRoute() {
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

  const termsLabel = (
    <>
      I accept the{' '}
      {legal.terms ? (
        <Link to={paths.staticPageLegacy.getHref(legal.terms.id)} target="_blank">
          terms
        </Link>
      ) : (
        'terms'
      )}{' '}
      and{' '}
      {legal.privacy ? (
        <Link to={paths.staticPageLegacy.getHref(legal.privacy.id)} target="_blank">
          privacy policy
        </Link>
      ) : (
        'privacy policy'
      )}
    </>
  );

  return (
    <div className="auth-page">
      <div className="auth-card">
        {form !== 'reset' && (
          <div className="segmented" role="group" aria-label="Sign in or sign up">
            <button
              type="button"
              className={`segmented__item${form === 'signin' ? ' is-active' : ''}`}
              aria-pressed={form === 'signin'}
              onClick={() => switchTo('signin')}
            >
              {texts.nav.signIn}
            </button>
            <button
              type="button"
              className={`segmented__item${form === 'signup' ? ' is-active' : ''}`}
              aria-pressed={form === 'signup'}
              onClick={() => switchTo('signup')}
            >
              {texts.nav.signUp}
            </button>
          </div>
        )}
        <h1 className="auth-card__title">{titles[form].title}</h1>
        <p className="auth-card__lead">{titles[form].lead}</p>
        {form === 'signin' && <SignInForm onSignedIn={afterSignIn} onVerify={toVerification} onForgotPassword={() => switchTo('reset')} />}
        {form === 'signup' && (
          <SignUpForm onSignedUp={afterSignIn} onVerify={toVerification} termsLabel={termsLabel} registrationClosed={settings?.is_reg_enabled === false} />
        )}
        {form === 'reset' && <ResetRequestForm onBack={() => switchTo('signin')} />}
      </div>
    </div>
  );
}
