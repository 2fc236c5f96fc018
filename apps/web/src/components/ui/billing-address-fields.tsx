import { limits, type Country } from '@parley/contracts';
import { type UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n';
import { legalPages, useStaticPages } from '../../lib/reference';
import { richText } from '../../lib/rich-text';
import { Checkbox, SelectField, TextField } from './field';

/** The billing address of every checkout (top-up and store), in this order; the server snapshots it with the payment. */
export const billingFieldNames = ['name', 'surname', 'email', 'phone', 'country', 'city', 'address', 'postCode'] as const;
export type BillingFieldName = (typeof billingFieldNames)[number];

/** A registered field and its (localized) error. */
export type BillingFieldProps = UseFormRegisterReturn & { error?: string };

interface BillingAddressFieldsProps {
  field: (name: BillingFieldName) => BillingFieldProps;
  countries: Country[];
  /** The saved country: a <select> shows it only when its option is there from the start. */
  defaultCountry: string;
}

/** The billing address fields, one component for every checkout. */
export function BillingAddressFields({ field, countries, defaultCountry }: BillingAddressFieldsProps) {
  const t = useT();
  return (
    <div className="form__grid">
      <TextField label={t('topUpUi.name')} autoComplete="given-name" {...field('name')} />
      <TextField label={t('topUpUi.surname')} autoComplete="family-name" {...field('surname')} />
      <TextField label={t('topUpUi.email')} type="email" autoComplete="email" {...field('email')} />
      <TextField label={t('topUpUi.phone')} type="tel" autoComplete="tel" maxLength={limits.phoneMaxLength} {...field('phone')} />
      <SelectField label={t('topUpUi.country')} autoComplete="country" defaultValue={defaultCountry} {...field('country')}>
        <option value="">{t('topUpUi.selectCountry')}</option>
        {countries.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </SelectField>
      <TextField label={t('topUpUi.city')} autoComplete="address-level2" {...field('city')} />
      <TextField label={t('topUpUi.address')} autoComplete="street-address" {...field('address')} />
      <TextField label={t('topUpUi.postCode')} autoComplete="postal-code" {...field('postCode')} />
    </div>
  );
}

/** "I accept the terms and the privacy policy", linking the legal pages the admin marked. */
export function AcceptTermsCheckbox(props: BillingFieldProps) {
  const t = useT();
  const { data: pages = [] } = useStaticPages();
  const legal = legalPages(pages);
  return (
    <Checkbox
      label={richText(t, 'topUpUi.acceptTerms', {
        terms: legal.terms ? <Link to={paths.staticPageLegacy.getHref(legal.terms.id)}>{t('topUpUi.termsLink')}</Link> : t('topUpUi.termsLink'),
        privacy: legal.privacy ? <Link to={paths.staticPageLegacy.getHref(legal.privacy.id)}>{t('topUpUi.privacyLink')}</Link> : t('topUpUi.privacyLink'),
      })}
      {...props}
    />
  );
}
