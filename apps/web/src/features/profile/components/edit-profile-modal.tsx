import { zodResolver } from '@hookform/resolvers/zod';
import { avatarColors, emailSchema, requiredString, texts, type UserProfile } from '@parley/contracts';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Avatar, avatarColorLabels, avatarColorValues, toAvatarColor } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { PhoneField } from '../../../components/ui/phone-field';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms';
import { useI18n, useT } from '../../../lib/i18n';
import { useUpdateProfile } from '../api/update-profile';

const p = texts.profile;
/** Spec §5 Edit profile: the server's rules plus the phone validity and the avatar colour. */
export const editProfileSchema = z.object({
  name: requiredString(p.firstNameRequired, 100),
  surname: requiredString(p.lastNameRequired, 100),
  email: emailSchema(),
  phone: z.string(),
  phoneCountryCode: z.string(),
  nationalNumber: z.string(),
  phoneValid: z.boolean().refine((v) => v, { error: texts.auth.validPhoneRequired }),
  avatar_color: z.string({ error: p.avatarColorRequired }).min(1, { error: p.avatarColorRequired }),
  chat_name: requiredString(p.chatNameRequired, 40),
});
type EditProfileValues = z.infer<typeof editProfileSchema>;

const serverFields = {
  name: 'name',
  surname: 'surname',
  email: 'email',
  phone: 'phoneValid',
  phoneCountryCode: 'phoneValid',
  nationalNumber: 'phoneValid',
  avatar_color: 'avatar_color',
  chat_name: 'chat_name',
} as const;

function initialValues(user: UserProfile): EditProfileValues {
  const parsed = user.phone ? parsePhoneNumberFromString(user.phone) : undefined;
  return {
    name: user.name ?? '',
    surname: user.surname ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    phoneCountryCode: parsed?.countryCallingCode ?? user.phone_country_code ?? '',
    nationalNumber: parsed?.nationalNumber ?? user.phone_national_number ?? '',
    phoneValid: parsed?.isValid() ?? false,
    avatar_color: toAvatarColor(user.avatar_color),
    chat_name: user.chat_name ?? '',
  };
}

export function EditProfileModal({ user, open, onClose }: { user: UserProfile; open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Modal open={open} onClose={onClose} title={t('profile.editProfile')} size="md">
      {open && <EditProfileForm user={user} onSaved={onClose} />}
    </Modal>
  );
}

function EditProfileForm({ user, onSaved }: { user: UserProfile; onSaved: () => void }) {
  const { t, localize } = useI18n();
  const mutation = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const hasEmail = Boolean(user.email);
  const { register, handleSubmit, setValue, setError, watch, formState } = useForm<EditProfileValues>({
    resolver: zodResolver(editProfileSchema),
    defaultValues: initialValues(user),
  });
  const { errors } = formState;
  const name = watch('name');
  const color = watch('avatar_color');

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await mutation.mutateAsync({
        name: values.name,
        surname: values.surname,
        ...(hasEmail ? {} : { email: values.email }),
        phone: values.phone,
        phoneCountryCode: values.phoneCountryCode,
        nationalNumber: values.nationalNumber,
        avatar_color: values.avatar_color,
        // Interlocutors are seen by their approved nickname, which they don't edit here.
        ...(user.is_contributor ? {} : { chat_name: values.chat_name }),
      });
      toast.success(t('profile.updated'));
      onSaved();
    } catch (error) {
      if (!applyServerErrors(error, setError, serverFields)) setFormError(errorMessage(error, t('profile.failedUpdate')));
    }
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <div className="avatar-picker">
        <Avatar name={name || user.name} color={color} size={120} />
        <fieldset className="avatar-picker__colors">
          <legend className="field__label">{t('profileUi.avatarColor')}</legend>
          <div className="swatches">
            {avatarColors.map((id) => (
              <label key={id} className="swatch" title={t(avatarColorLabels[id])}>
                <input type="radio" value={id} {...register('avatar_color')} />
                <span className="swatch__dot" style={{ background: avatarColorValues[id] }} />
                <span className="sr-only">{t(avatarColorLabels[id])}</span>
              </label>
            ))}
          </div>
          {errors.avatar_color && (
            <p className="field__error" role="alert">
              {localize(errors.avatar_color.message ?? '')}
            </p>
          )}
        </fieldset>
      </div>
      {formError && (
        <div className="alert alert--error" role="alert">
          {localize(formError)}
        </div>
      )}
      <div className="form__grid">
        <TextField label={t('commonUi.name')} autoComplete="given-name" error={errors.name?.message} {...register('name')} />
        <TextField label={t('commonUi.surname')} autoComplete="family-name" error={errors.surname?.message} {...register('surname')} />
      </div>
      <TextField
        label={t('profile.chatName')}
        autoComplete="nickname"
        hint={user.is_contributor ? t('profile.chatNameNickname') : t('profile.chatNameHint')}
        disabled={user.is_contributor}
        error={errors.chat_name?.message}
        {...register('chat_name')}
      />
      <TextField label={t('commonUi.email')} type="email" autoComplete="email" disabled={hasEmail} error={errors.email?.message} {...register('email')} />
      <PhoneField
        label={t('commonUi.phone')}
        initialValue={user.phone}
        error={errors.phoneValid?.message}
        onChange={(phone) => {
          setValue('phone', phone.phone);
          setValue('phoneCountryCode', phone.phoneCountryCode);
          setValue('nationalNumber', phone.nationalNumber);
          setValue('phoneValid', phone.isValid, { shouldValidate: formState.isSubmitted });
        }}
      />
      <Button type="submit" size="lg" block loading={mutation.isPending}>
        {t('profile.saveChanges')}
      </Button>
    </form>
  );
}
