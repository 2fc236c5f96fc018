import { zodResolver } from '@hookform/resolvers/zod';
import { passwordSchema, texts } from '@parley/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { useResetPassword } from '../api/reset-password';

const formSchema = z
  .object({ password: passwordSchema, password_confirmation: z.string().min(1, { error: texts.auth.confirmPassword }) })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], error: texts.auth.passwordsDoNotMatch });
type FormValues = z.infer<typeof formSchema>;

interface ResetPasswordFormProps {
  token: string;
  email: string;
  onDone: (message: string) => void;
}

/** The new-password form opened from the mailed link (token and email come from the query). */
export function ResetPasswordForm({ token, email, onDone }: ResetPasswordFormProps) {
  const { t, localize } = useI18n();
  const mutation = useResetPassword();
  const [formError, setFormError] = useState<string | null>(token && email ? null : t('auth.invalidResetToken'));
  const { register, handleSubmit, setError, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const response = await mutation.mutateAsync({ token, email, ...values });
      onDone(response.message ?? t('auth.passwordResetDone'));
    } catch (error) {
      if (!applyServerErrors(error, setError, {}, ['password', 'password_confirmation'])) setFormError(errorMessage(error, t('profile.failedResetPassword')));
    }
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {email && <p className="form__intro">{richText(t, 'authUi.newPasswordFor', { email: <strong>{email}</strong> })}</p>}
      {formError && (
        <div className="alert alert--error" role="alert">
          {localize(formError)}
        </div>
      )}
      <PasswordField label={t('commonUi.newPassword')} autoComplete="new-password" error={formState.errors.password?.message} {...register('password')} />
      <PasswordField
        label={t('commonUi.confirmPassword')}
        autoComplete="new-password"
        error={formState.errors.password_confirmation?.message}
        {...register('password_confirmation')}
      />
      <Button type="submit" size="lg" block loading={mutation.isPending} disabled={!token || !email}>
        {t('authUi.resetPassword')}
      </Button>
    </form>
  );
}
