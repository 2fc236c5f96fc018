import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBodySchema, type ChangePasswordBody } from '@parley/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useChangePassword } from '../api/change-password';

const empty: ChangePasswordBody = { current_password: '', password: '', password_confirmation: '' };

export function ChangePasswordForm() {
  const { t, localize } = useI18n();
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
      toast.success(response.message ?? t('auth.passwordChanged'));
      reset(empty);
    } catch (error) {
      if (!applyServerErrors(error, setError, {}, ['current_password', 'password', 'password_confirmation']))
        setFormError(errorMessage(error, t('profile.failedUpdatePassword')));
    }
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={t('profileUi.changePassword')}>
      {formError && (
        <div className="alert alert--error" role="alert">
          {localize(formError)}
        </div>
      )}
      <PasswordField
        label={t('profileUi.currentPassword')}
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...register('current_password')}
      />
      <div className="form__grid">
        <PasswordField label={t('commonUi.newPassword')} autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        <PasswordField
          label={t('profileUi.confirmNewPassword')}
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register('password_confirmation')}
        />
      </div>
      <div>
        <Button type="submit" loading={mutation.isPending}>
          {t('profileUi.updatePassword')}
        </Button>
      </div>
    </form>
  );
}
