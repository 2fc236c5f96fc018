import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema, type LoginBody } from '@parley/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { PasswordField, TextField } from '../../../components/ui/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { authStore, PasskeyCancelledError, TwoFactorRequiredError, useAuth, VerificationRequiredError } from '../../../lib/auth';
import { useI18n } from '../../../lib/i18n';

interface SignInFormProps {
  onSignedIn: () => void;
  onVerify: (email: string) => void;
  onForgotPassword: () => void;
}

export function SignInForm({ onSignedIn, onVerify, onForgotPassword }: SignInFormProps) {
  const { t, localize } = useI18n();
  const { loading } = useAuth();
  const [formError, setFormError] = useState<string | null>(null);
  // Two-factor sign-in (issue 15): after a right password the server asks for the code.
  const [credentials, setCredentials] = useState<LoginBody | null>(null);
  const [hasPasskey, setHasPasskey] = useState(false);
  // Attempts from an unknown browser wait while someone guesses (429, decision 028): a code still gets through.
  const [slowedDown, setSlowedDown] = useState<LoginBody | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginBody>({ resolver: zodResolver(loginBodySchema), defaultValues: { email: '', password: '' } });
  const { errors } = formState;
  // Both fields empty give the same sentence: say it once, under the email field.
  const passwordError = errors.password?.message === errors.email?.message ? undefined : errors.password?.message;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSlowedDown(null);
    try {
      await authStore.login(values);
      onSignedIn();
    } catch (error) {
      if (error instanceof VerificationRequiredError) return onVerify(error.email || values.email);
      if (error instanceof TwoFactorRequiredError) {
        setHasPasskey(error.passkey);
        return setCredentials(values);
      }
      if (error instanceof ApiError && error.status === 429) setSlowedDown(values);
      setFormError(errorMessage(error, t('auth.authenticationFailed')));
    }
  });

  if (credentials)
    return (
      <TwoFactorStep
        credentials={credentials}
        hasPasskey={hasPasskey}
        onSignedIn={onSignedIn}
        onBack={() => {
          setCredentials(null);
          setFormError(null);
        }}
      />
    );

  return (
    <>
      <form className="form" onSubmit={onSubmit} noValidate>
        {formError && (
          <div className="alert alert--error" role="alert">
            {localize(formError)}
          </div>
        )}
        {slowedDown && (
          <div className="form__row">
            <button type="button" className="link-button" onClick={() => setCredentials(slowedDown)}>
              {t('authUi.signInWithCode')}
            </button>
          </div>
        )}
        <TextField label={t('commonUi.email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <PasswordField label={t('commonUi.password')} autoComplete="current-password" error={passwordError} {...register('password')} />
        <div className="form__row form__row--end">
          <button type="button" className="link-button" onClick={onForgotPassword}>
            {t('authUi.forgotPassword')}
          </button>
        </div>
        <Button type="submit" size="lg" block loading={loading || formState.isSubmitting}>
          {t('nav.signIn')}
        </Button>
      </form>
      {/* Outside the form: its own button, not a way to send the password. */}
      <div className="sign-in__passkey">
        <p className="sign-in__or muted">{t('passkeys.or')}</p>
        <PasskeySignInButton onSignedIn={onSignedIn} onVerify={onVerify} onError={setFormError} />
      </div>
    </>
  );
}

/** Sign-in with a passkey alone (issue 36): no address, no password; the browser offers this site's passkeys. */
function PasskeySignInButton({
  onSignedIn,
  onVerify,
  onError,
  label = 'passkeys.signIn',
}: {
  onSignedIn: () => void;
  onVerify: (email: string) => void;
  onError: (message: string) => void;
  label?: 'passkeys.signIn' | 'passkeys.signInInstead';
}) {
  const { t } = useI18n();
  const [pending, setPending] = useState(false);
  const signIn = async () => {
    setPending(true);
    try {
      await authStore.signInWithPasskey();
      onSignedIn();
    } catch (error) {
      if (error instanceof VerificationRequiredError) return onVerify(error.email);
      onError(error instanceof PasskeyCancelledError ? t('passkeys.cancelled') : errorMessage(error, t('passkeys.failed')));
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant="secondary" size="lg" block loading={pending} onClick={() => void signIn()}>
      {t(label)}
    </Button>
  );
}

/** The second step: a code from the authenticator app, or a recovery code. */
function TwoFactorStep({
  credentials,
  hasPasskey,
  onSignedIn,
  onBack,
}: {
  credentials: LoginBody;
  hasPasskey: boolean;
  onSignedIn: () => void;
  onBack: () => void;
}) {
  const { loading } = useAuth();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { t, localize } = useI18n();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('twoFactor.codeRequired'));
    setError(null);
    try {
      await authStore.login({ ...credentials, code: code.trim() });
      onSignedIn();
    } catch (failure) {
      setError(localize(errorMessage(failure, t('auth.authenticationFailed'))));
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('twoFactor.signInTitle')}>
      <h2 className="form__title">{t('twoFactor.signInTitle')}</h2>
      <p>{t('twoFactor.signInIntro')}</p>
      <TextField
        label={t('twoFactor.code')}
        autoComplete="one-time-code"
        inputMode="text"
        // The code step appears after the person submitted their password: the code is the next thing they type.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error ?? undefined}
      />
      <Button type="submit" size="lg" block loading={loading}>
        {t('twoFactor.verify')}
      </Button>
      {hasPasskey && (
        <PasskeySignInButton
          label="passkeys.signInInstead"
          onSignedIn={onSignedIn}
          onVerify={() => onBack()}
          onError={(message) => setError(localize(message))}
        />
      )}
      <div className="form__row form__row--end">
        <button type="button" className="link-button" onClick={onBack}>
          {t('twoFactor.back')}
        </button>
      </div>
    </form>
  );
}
