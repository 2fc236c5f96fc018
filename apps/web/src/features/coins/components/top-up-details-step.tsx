import { zodResolver } from '@hookform/resolvers/zod';
import { limits, texts, topUpDetailsSchema, type CheckoutPrefill, type Country, type UserProfile } from '@parley/contracts';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Checkbox, SelectField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatNumber, formatPrice } from '../../../lib/format';
import { useI18n, useT } from '../../../lib/i18n';
import { legalPages, useCountries, useStaticPages } from '../../../lib/reference';
import { richText } from '../../../lib/rich-text';

/** Step 2 fields with the spec's messages (the same schema the server checks). */
export const detailsFormSchema = topUpDetailsSchema.extend({
  country: z.string().min(1, { error: texts.topUp.countryRequired }),
  accept_terms: z.boolean().refine((v) => v, { error: texts.topUp.acceptTerms }),
});
export type DetailsForm = z.input<typeof detailsFormSchema>;
export type DetailsValues = z.output<typeof detailsFormSchema>;
export const detailsFields = ['name', 'surname', 'phone', 'email', 'country', 'city', 'address', 'postCode', 'accept_terms'] as const;

/** The last top-up's billing details (GET /deposit/prefill) as the form's starting values. */
export const detailsFromPrefill = (prefill: CheckoutPrefill): DetailsForm => ({
  name: prefill.name,
  surname: prefill.surname,
  phone: prefill.phone,
  email: prefill.email,
  country: prefill.country === null ? '' : String(prefill.country),
  city: prefill.city,
  address: prefill.address,
  postCode: prefill.postCode,
  accept_terms: false,
});

export const detailsFromProfile = (user: UserProfile): DetailsForm => ({
  name: user.name ?? '',
  surname: user.surname ?? '',
  phone: user.phone ?? '',
  email: user.email ?? '',
  country: user.country_id ? String(user.country_id) : '',
  city: user.city ?? '',
  address: user.address ?? '',
  postCode: user.zip ?? '',
  accept_terms: false,
});

interface DetailsStepProps {
  defaults: DetailsForm;
  summary: { coins: number; amount: number; vat: number; vatPercent: number; total: number; symbol: string };
  error: string | null;
  onBack: () => void;
  onSubmit: (values: DetailsValues, setError: UseFormSetError<DetailsForm>) => void;
}

/** Step 2: payment details, the charge with VAT, terms. The form mounts once countries are in, so the saved country shows. */
export function TopUpDetailsStep(props: DetailsStepProps) {
  const t = useT();
  const countries = useCountries();
  if (countries.isPending) return <Spinner label={t('common.loading')} />;
  return <DetailsFormView {...props} countries={countries.data ?? []} />;
}

function DetailsFormView({ defaults, summary, error, onBack, onSubmit, countries }: DetailsStepProps & { countries: Country[] }) {
  const { t, localize } = useI18n();
  const { data: pages = [] } = useStaticPages();
  const legal = legalPages(pages);
  const { register, handleSubmit, setError, formState } = useForm<DetailsForm, unknown, DetailsValues>({
    resolver: zodResolver(detailsFormSchema),
    defaultValues: defaults,
  });
  const { errors } = formState;
  const euro = (value: number) => formatPrice(value, summary.symbol);
  // The schema's messages are the catalogue's English texts; a server's field error comes translated.
  const fieldError = (error: { message?: string } | undefined) => (error?.message ? localize(error.message) : undefined);

  return (
    <form onSubmit={handleSubmit((values) => onSubmit(values, setError))} noValidate>
      <dl className="top-up__summary">
        <dt>{t('topUpUi.coins')}</dt>
        <dd>{formatNumber(summary.coins)}</dd>
        <dt>{t('topUpUi.price')}</dt>
        <dd>{euro(summary.amount)}</dd>
        <dt>{t('topUpUi.vat', { percent: summary.vatPercent })}</dt>
        <dd>{euro(summary.vat)}</dd>
        <dt className="is-total">{t('topUpUi.total')}</dt>
        <dd className="is-total">{euro(summary.total)}</dd>
      </dl>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <div className="form__grid">
        <TextField label={t('topUpUi.name')} autoComplete="given-name" error={fieldError(errors.name)} {...register('name')} />
        <TextField label={t('topUpUi.surname')} autoComplete="family-name" error={fieldError(errors.surname)} {...register('surname')} />
        <TextField
          label={t('topUpUi.phone')}
          type="tel"
          autoComplete="tel"
          maxLength={limits.phoneMaxLength}
          error={fieldError(errors.phone)}
          {...register('phone')}
        />
        <TextField label={t('topUpUi.email')} type="email" autoComplete="email" error={fieldError(errors.email)} {...register('email')} />
        <SelectField
          label={t('topUpUi.country')}
          autoComplete="country"
          defaultValue={defaults.country}
          error={fieldError(errors.country)}
          {...register('country')}
        >
          <option value="">{t('topUpUi.selectCountry')}</option>
          {countries.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </SelectField>
        <TextField label={t('topUpUi.city')} autoComplete="address-level2" error={fieldError(errors.city)} {...register('city')} />
        <TextField label={t('topUpUi.address')} autoComplete="street-address" error={fieldError(errors.address)} {...register('address')} />
        <TextField label={t('topUpUi.postCode')} autoComplete="postal-code" error={fieldError(errors.postCode)} {...register('postCode')} />
      </div>
      <Checkbox
        label={richText(t, 'topUpUi.acceptTerms', {
          terms: legal.terms ? <Link to={paths.staticPageLegacy.getHref(legal.terms.id)}>{t('topUpUi.termsLink')}</Link> : t('topUpUi.termsLink'),
          privacy: legal.privacy ? <Link to={paths.staticPageLegacy.getHref(legal.privacy.id)}>{t('topUpUi.privacyLink')}</Link> : t('topUpUi.privacyLink'),
        })}
        error={fieldError(errors.accept_terms)}
        {...register('accept_terms')}
      />
      <div className="top-up__actions">
        <Button variant="secondary" onClick={onBack}>
          {t('topUpUi.back')}
        </Button>
        <Button type="submit">{t('topUpUi.pay', { price: euro(summary.total) })}</Button>
      </div>
    </form>
  );
}
