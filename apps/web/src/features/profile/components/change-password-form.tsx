import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBodySchema, texts, type ChangePasswordBody } from '@parley/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms';
import { useChangePassword } from '../api/change-password';

const empty: ChangePasswordBody = { current_password: '', password: '', password_confirmation: '' };

export function ChangePasswordForm() {
  const mutation = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: empty,
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const response = await mutation.mutateAsync(values);
      toast.success(response.message ?? texts.auth.passwordChanged);
      reset(empty);
    } catch (error) {
      if (!applyServerErrors(error, setError, {}, ['current_password', 'password', 'password_confirmation']))
        setFormError(errorMessage(error, texts.profile.failedUpdatePassword));
    }
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Change password">
      {formError && (
        <div className="alert alert--error" role="alert">
          {formError}
        </div>
      )}
      <PasswordField label="Current password" autoComplete="current-password" error={errors.current_password?.message} {...register('current_password')} />
      <div className="form__grid">
        <PasswordField label="New password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register('password_confirmation')}
        />
      </div>
      <div>
        <Button type="submit" loading={mutation.isPending}>
          Update password
        </Button>
      </div>
    </form>
  );
}
