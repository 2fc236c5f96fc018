import { texts } from '@parley/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
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
      toast.success(response.message ?? texts.auth.verificationSent);
    } catch (error) {
      toast.error(errorMessage(error, texts.auth.failedResend));
    }
  };

  if (link && (verify.isPending || verify.isIdle)) {
    return (
      <div className="verify verify--center">
        <Spinner size="lg" label="Verifying your email address" />
        <p>Verifying your email address…</p>
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
          {verify.data.message ?? texts.auth.emailVerified}
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
          {errorMessage(verify.error, texts.auth.invalidVerificationLink)}
        </div>
      ) : (
        <div className="verify__icon" aria-hidden="true">
          ✉
        </div>
      )}
      <p className="verify__lead">
        {initialEmail ? (
          <>
            We sent a confirmation link to <strong>{initialEmail}</strong>. Open it to activate your account.
          </>
        ) : (
          <>Please confirm your email address with the link we sent you.</>
        )}
      </p>
      <p className="muted">Didn't get it? Check your spam folder or send a new link.</p>
      <form
        className="form verify__form"
        onSubmit={(event) => {
          event.preventDefault();
          void onResend();
        }}
      >
        <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
        <Button type="submit" variant="secondary" loading={resend.isPending} disabled={!email}>
          Resend confirmation link
        </Button>
      </form>
    </div>
  );
}
