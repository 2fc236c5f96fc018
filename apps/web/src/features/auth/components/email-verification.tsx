import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { useResendConfirmationLink } from '../api/resend-confirmation';
import { useVerifyEmail } from '../api/verify-email';

interface EmailVerificationProps {
  email: string;
  /** From the mailed link: confirm at once. */
  link: { id: number; token: string } | null;
  onContinue: () => void;
  continueLabel: string;
}

/** Confirms a mailed link, or explains what to do and offers to resend it. */
export function EmailVerification({ email: initialEmail, link, onContinue, continueLabel }: EmailVerificationProps) {
  const { t, localize } = useI18n();
  const verify = useVerifyEmail();
  const resend = useResendConfirmationLink();
  const [email, setEmail] = useState(initialEmail);
  const started = useRef(false);

  useEffect(() => {
    if (!link || started.current) return;
    started.current = true;
    verify.mutate(link);
  }, [link, verify]);

  const onResend = async () => {
    try {
      const response = await resend.mutateAsync(email);
      toast.success(response.message ?? t('auth.verificationSent'));
    } catch (error) {
      toast.error(localize(errorMessage(error, t('auth.failedResend'))));
    }
  };

  if (link && (verify.isPending || verify.isIdle)) {
    return (
      <div className="verify verify--center">
        <Spinner size="lg" label={t('authUi.verifying')} />
        <p>{t('authUi.verifyingNow')}</p>
      </div>
    );
  }
  if (link && verify.isSuccess) {
    return (
      <div className="verify verify--center">
        <div className="verify__icon verify__icon--ok" aria-hidden="true">
          ✓
        </div>
        <p className="verify__lead" role="status">
          {verify.data.message ?? t('auth.emailVerified')}
        </p>
        <Button size="lg" onClick={onContinue}>
          {continueLabel}
        </Button>
      </div>
    );
  }

  return (
    <div className="verify">
      {link && verify.isError ? (
        <div className="alert alert--error" role="alert">
          {localize(errorMessage(verify.error, t('auth.invalidVerificationLink')))}
        </div>
      ) : (
        <div className="verify__icon" aria-hidden="true">
          ✉
        </div>
      )}
      <p className="verify__lead">
        {initialEmail ? richText(t, 'authUi.linkSentTo', { email: <strong>{initialEmail}</strong> }) : t('authUi.confirmWithLink')}
      </p>
      <p className="muted">{t('authUi.notReceived')}</p>
      <form
        className="form verify__form"
        onSubmit={(event) => {
          event.preventDefault();
          void onResend();
        }}
      >
        <TextField label={t('commonUi.email')} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
        <Button type="submit" variant="secondary" loading={resend.isPending} disabled={!email}>
          {t('authUi.resendLink')}
        </Button>
      </form>
    </div>
  );
}
