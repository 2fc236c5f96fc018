import { zodResolver } from '@hookform/resolvers/zod';
import { signUpFormSchema, type SignUpForm as SignUpValues } from '@parley/contracts';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Checkbox, PasswordField, TextField } from '../../../components/ui/field';
import { PhoneField } from '../../../components/ui/phone-field';
import { errorMessage } from '../../../lib/api-client';
import { authStore, useAuth, VerificationRequiredError } from '../../../lib/auth';
import { applyServerErrors } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';

interface SignUpFormProps {
  onSignedUp: () => void;
  onVerify: (email: string) => void;
  termsLabel: ReactNode;
  registrationClosed?: boolean;
}

const defaults: SignUpValues = {
  name: '',
  email: '',
  phone: '',
  phoneCountryCode: '',
  nationalNumber: '',
  phoneValid: false,
  password: '',
  passwordConfirmation: '',
  acceptTerms: false,
  confirmAdult: false,
};

const serverFields = {
  name: 'name',
  email: 'email',
  phone: 'phoneValid',
  phoneCountryCode: 'phoneValid',
  nationalNumber: 'phoneValid',
  password: 'password',
  password_confirmation: 'passwordConfirmation',
  confirm_adult: 'confirmAdult',
} as const;

/** Sign-up, validated in the spec's order (name, email, phone, password, confirmation, match, terms), then 18 or older (issue 15). */
export function SignUpForm({ onSignedUp, onVerify, termsLabel, registrationClosed = false }: SignUpFormProps) {
  const { t, localize } = useI18n();
  const { loading } = useAuth();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setValue, setError, formState } = useForm<SignUpValues>({ resolver: zodResolver(signUpFormSchema), defaultValues: defaults });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await authStore.register({
        name: values.name,
        email: values.email,
        phone: values.phone,
        phoneCountryCode: values.phoneCountryCode,
        nationalNumber: values.nationalNumber,
        password: values.password,
        password_confirmation: values.passwordConfirmation,
        confirm_adult: true,
      });
      onSignedUp();
    } catch (error) {
      if (error instanceof VerificationRequiredError) return onVerify(error.email || values.email);
      if (!applyServerErrors(error, setError, serverFields)) setFormError(errorMessage(error, t('auth.registrationFailed')));
    }
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {registrationClosed && (
        <div className="alert alert--info" role="status">
          {t('auth.registrationDisabled')}
        </div>
      )}
      {formError && (
        <div className="alert alert--error" role="alert">
          {localize(formError)}
        </div>
      )}
      <TextField label={t('commonUi.name')} autoComplete="given-name" error={errors.name?.message} {...register('name')} />
      <TextField label={t('commonUi.email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <PhoneField
        label={t('commonUi.phone')}
        error={errors.phoneValid?.message}
        onChange={(phone) => {
          setValue('phone', phone.phone);
          setValue('phoneCountryCode', phone.phoneCountryCode);
          setValue('nationalNumber', phone.nationalNumber);
          setValue('phoneValid', phone.isValid, { shouldValidate: formState.isSubmitted });
        }}
      />
      <PasswordField
        label={t('commonUi.password')}
        autoComplete="new-password"
        error={errors.password?.message}
        hint={t('authUi.passwordHint')}
        {...register('password')}
      />
      <PasswordField
        label={t('commonUi.confirmPassword')}
        autoComplete="new-password"
        error={errors.passwordConfirmation?.message}
        {...register('passwordConfirmation')}
      />
      <Checkbox label={termsLabel} error={errors.acceptTerms?.message} {...register('acceptTerms')} />
      <Checkbox label={t('auth.confirmAdult')} error={errors.confirmAdult?.message} {...register('confirmAdult')} />
      <Button type="submit" size="lg" block loading={loading || formState.isSubmitting} disabled={registrationClosed}>
        {t('nav.signUp')}
      </Button>
    </form>
  );
}
