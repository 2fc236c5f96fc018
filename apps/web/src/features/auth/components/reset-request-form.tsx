import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlyBodySchema, type EmailOnlyBody } from '@parley/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useRequestPasswordReset } from '../api/request-password-reset';

/** Asks for a reset link; the answer never tells whether the account exists. */
export function ResetRequestForm({ onBack }: { onBack: () => void }) {
  const { t, localize } = useI18n();
  const mutation = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<EmailOnlyBody>({ resolver: zodResolver(emailOnlyBodySchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    const response = await mutation.mutateAsync(email).catch(() => null);
    if (response) setSent(response.message ?? t('auth.resetLinkSent'));
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {sent && (
        <div className="alert alert--success" role="status">
          {sent}
        </div>
      )}
      {mutation.isError && (
        <div className="alert alert--error" role="alert">
          {localize(errorMessage(mutation.error, t('profile.failedResetPassword')))}
        </div>
      )}
      <TextField label={t('commonUi.email')} type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
      <Button type="submit" size="lg" block loading={mutation.isPending}>
        {t('authUi.sendResetLink')}
      </Button>
      <button type="button" className="link-button form__back" onClick={onBack}>
        {t('authUi.backToSignIn')}
      </button>
    </form>
  );
}
