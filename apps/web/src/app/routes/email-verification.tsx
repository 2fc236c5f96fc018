import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths, safeRedirect } from '../../config/paths';
import { EmailVerification } from '../../features/auth/components/email-verification';
import { useAuth } from '../../lib/auth';
import { useT } from '../../lib/i18n';

/** Route name EmailVerificationPage: ?email, ?redirect, and ?id&token from the mailed link. */
export function EmailVerificationRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  const redirect = safeRedirect(params.get('redirect'));
  const id = Number(params.get('id'));
  const token = params.get('token');
  const link = useMemo(() => (Number.isInteger(id) && id > 0 && token ? { id, token } : null), [id, token]);

  const onContinue = () => navigate(isAuthenticated ? (redirect ?? paths.account.getHref()) : paths.auth.getHref('signin', redirect), { replace: true });

  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">{t('authUi.verifyTitle')}</h1>
        <EmailVerification
          email={params.get('email') ?? ''}
          link={link}
          onContinue={onContinue}
          continueLabel={isAuthenticated ? t('commonUi.continue') : t('nav.signIn')}
        />
      </div>
    </div>
  );
}
