import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useT } from '../../lib/i18n';

export function ResetPasswordRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">{t('authUi.newPasswordTitle')}</h1>
        <p className="auth-card__lead">{t('authUi.newPasswordLead')}</p>
        <ResetPasswordForm
          token={params.get('token') ?? ''}
          email={params.get('email') ?? ''}
          onDone={(message) => {
            toast.success(message);
            navigate(paths.auth.getHref('signin'), { replace: true });
          }}
        />
      </div>
    </div>
  );
}

/** /password-restore → /reset-password, keeping the query. */
export function PasswordRestoreRedirect() {
  const { search } = useLocation();
  return <Navigate to={paths.resetPassword.getHref(search)} replace />;
}
