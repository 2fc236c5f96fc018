import { zodResolver } from '@hookform/resolvers/zod';
import { limits, texts, topUpDetailsSchema, type Country, type UserProfile } from '@parley/contracts';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Checkbox, SelectField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatNumber, formatPrice } from '../../../lib/format';
import { legalPages, useCountries, useStaticPages } from '../../../lib/reference';

/** Step 2 fields with the spec's messages (the same schema the server checks). */
export const detailsFormSchema = topUpDetailsSchema.extend({
  country: z.string().min(1, { error: texts.topUp.countryRequired }),
  accept_terms: z.boolean().refine((v) => v, { error: texts.topUp.acceptTerms }),
});
export type DetailsForm = z.input<typeof detailsFormSchema>;
export type DetailsValues = z.output<typeof detailsFormSchema>;
export const detailsFields = ['name', 'surname', 'phone', 'email', 'country', 'city', 'address', 'postCode', 'accept_terms'] as const;

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
  if (countries.isPending) return <Spinner label="Loading..." />;
  return <DetailsFormView {...props} countries={countries.data ?? []} />;
}

function DetailsFormView({ defaults, summary, error, onBack, onSubmit, countries }: DetailsStepProps & { countries: Country[] }) {
  const { data: pages = [] } = useStaticPages();
  const legal = legalPages(pages);
  const { register, handleSubmit, setError, formState } = useForm<DetailsForm, unknown, DetailsValues>({
    resolver: zodResolver(detailsFormSchema),
    defaultValues: defaults,
  });
  const { errors } = formState;
  const euro = (value: number) => formatPrice(value, summary.symbol);

  return (
    <form onSubmit={handleSubmit((values) => onSubmit(values, setError))} noValidate>
      <dl className="top-up__summary">
        <dt>Coins</dt>
        <dd>{formatNumber(summary.coins)}</dd>
        <dt>Price</dt>
        <dd>{euro(summary.amount)}</dd>
        <dt>VAT ({summary.vatPercent}%)</dt>
        <dd>{euro(summary.vat)}</dd>
        <dt className="is-total">Total</dt>
        <dd className="is-total">{euro(summary.total)}</dd>
      </dl>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <div className="form__grid">
        <TextField label="Name" autoComplete="given-name" error={errors.name?.message} {...register('name')} />
        <TextField label="Surname" autoComplete="family-name" error={errors.surname?.message} {...register('surname')} />
        <TextField label="Phone" type="tel" autoComplete="tel" maxLength={limits.phoneMaxLength} error={errors.phone?.message} {...register('phone')} />
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <SelectField label="Country" autoComplete="country" defaultValue={defaults.country} error={errors.country?.message} {...register('country')}>
          <option value="">Select a country</option>
          {countries.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </SelectField>
        <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
        <TextField label="Address" autoComplete="street-address" error={errors.address?.message} {...register('address')} />
        <TextField label="Post code" autoComplete="postal-code" error={errors.postCode?.message} {...register('postCode')} />
      </div>
      <Checkbox
        label={
          <>
            I accept the {legal.terms ? <Link to={paths.staticPageLegacy.getHref(legal.terms.id)}>terms</Link> : 'terms'} and{' '}
            {legal.privacy ? <Link to={paths.staticPageLegacy.getHref(legal.privacy.id)}>privacy policy</Link> : 'privacy policy'}
          </>
        }
        error={errors.accept_terms?.message}
        {...register('accept_terms')}
      />
      <div className="top-up__actions">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button type="submit">Pay {euro(summary.total)}</Button>
      </div>
    </form>
  );
}
