import { zodResolver } from '@hookform/resolvers/zod';
import { texts, topUpDetailsSchema, type CheckoutPrefill, type Country, type UserProfile } from '@parley/contracts';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { AcceptTermsCheckbox, BillingAddressFields, billingFieldNames, type BillingFieldName } from '../../../components/ui/billing-address-fields';
import { QueryState } from '../../../components/ui/query-state';
import { formatNumber, formatPrice } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { useCountries } from '../../../lib/reference';

/** Step 2 fields with the spec's messages (the same schema the server checks). */
export const detailsFormSchema = topUpDetailsSchema.extend({
  country: z.string().min(1, { error: texts.topUp.countryRequired }),
  accept_terms: z.boolean().refine((v) => v, { error: texts.topUp.acceptTerms }),
});
export type DetailsForm = z.input<typeof detailsFormSchema>;
export type DetailsValues = z.output<typeof detailsFormSchema>;
export const detailsFields = [...billingFieldNames, 'accept_terms'] as const;

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
  const countries = useCountries();
  return (
    <QueryState isPending={countries.isPending}>
      <DetailsFormView {...props} countries={countries.data ?? []} />
    </QueryState>
  );
}

function DetailsFormView({ defaults, summary, error, onBack, onSubmit, countries }: DetailsStepProps & { countries: Country[] }) {
  const { t, localize } = useI18n();
  const { register, handleSubmit, setError, formState } = useForm<DetailsForm, unknown, DetailsValues>({
    resolver: zodResolver(detailsFormSchema),
    defaultValues: defaults,
  });
  const { errors } = formState;
  const euro = (value: number) => formatPrice(value, summary.symbol);
  // The schema's messages are the catalogue's English texts; a server's field error comes translated.
  const fieldError = (error: { message?: string } | undefined) => (error?.message ? localize(error.message) : undefined);
  const billingField = (name: BillingFieldName) => ({ ...register(name), error: fieldError(errors[name]) });

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
      <BillingAddressFields field={billingField} countries={countries} defaultCountry={defaults.country} />
      <AcceptTermsCheckbox {...register('accept_terms')} error={fieldError(errors.accept_terms)} />
      <div className="top-up__actions">
        <Button variant="secondary" onClick={onBack}>
          {t('topUpUi.back')}
        </Button>
        <Button type="submit">{t('topUpUi.pay', { price: euro(summary.total) })}</Button>
      </div>
    </form>
  );
}
