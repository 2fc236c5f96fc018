import { useT } from '../../lib/i18n';
import { useCountries, usePhoneCountry } from '../../lib/reference';
import { PhoneInput, type PhoneValue } from './phone-input';
import { Spinner } from './spinner';

interface PhoneFieldProps {
  onChange: (value: PhoneValue) => void;
  initialValue?: string | null;
  label?: string;
  error?: string;
  id?: string;
}

/** The phone input fed with the server's countries and default country. */
export function PhoneField({ onChange, initialValue, label, error, id }: PhoneFieldProps) {
  const t = useT();
  const countries = useCountries();
  const defaultCountry = usePhoneCountry();
  if (countries.isPending || defaultCountry.isPending) {
    return (
      <div className="field">
        <span className="field__label">{label ?? t('commonUi.phone')}</span>
        <div className="input input--placeholder">
          <Spinner size="sm" />
        </div>
      </div>
    );
  }
  if (countries.isError)
    return (
      <p className="field__error" role="alert">
        {t('reference.failedCountries')}
      </p>
    );
  return (
    <PhoneInput
      countries={countries.data}
      defaultIso={defaultCountry.data}
      initialValue={initialValue}
      onChange={onChange}
      label={label}
      error={error}
      id={id}
    />
  );
}
