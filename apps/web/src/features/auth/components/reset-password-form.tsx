import { zodResolver } from '@hookform/resolvers/zod';
import { passwordSchema, texts } from '@parley/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms';
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
  const mutation = useResetPassword();
  const [formError, setFormError] = useState<string | null>(token && email ? null : texts.auth.invalidResetToken);
  const { register, handleSubmit, setError, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const response = await mutation.mutateAsync({ token, email, ...values });
      onDone(response.message ?? texts.auth.passwordResetDone);
    } catch (error) {
      if (!applyServerErrors(error, setError, {}, ['password', 'password_confirmation'])) setFormError(errorMessage(error, texts.profile.failedResetPassword));
    }
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {email && (
        <p className="form__intro">
          Choose a new password for <strong>{email}</strong>.
        </p>
      )}
      {formError && (
        <div className="alert alert--error" role="alert">
          {formError}
        </div>
      )}
      <PasswordField label="New password" autoComplete="new-password" error={formState.errors.password?.message} {...register('password')} />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={formState.errors.password_confirmation?.message}
        {...register('password_confirmation')}
      />
      <Button type="submit" size="lg" block loading={mutation.isPending} disabled={!token || !email}>
        Reset password
      </Button>
    </form>
  );
}
