import '../store.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { checkoutBodySchema, limits, texts, type CheckoutBody, type CheckoutForm as CheckoutValues, type Country, type Product } from '@parley/contracts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Checkbox, SelectField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { applyServerErrors } from '../../../lib/forms';
import { legalPages, useCountries, useSettings, useStaticPages } from '../../../lib/reference';
import { useCheckout, useCheckoutPrefill } from '../api/checkout';
import { kindLabels } from './product-card';
import { TestPaymentsBanner } from '../../../components/ui/test-payments-banner';
import { ChatBubblePreview, lookOf } from './skin-bubble';

const fields = ['name', 'surname', 'email', 'phone', 'country', 'city', 'address', 'postCode', 'accept_terms'] as const;
const emptyValues: CheckoutValues = {
  name: '',
  surname: '',
  email: '',
  phone: '',
  country: '',
  city: '',
  address: '',
  postCode: '',
  save_info: false,
  accept_terms: false,
};

/** The gateway's URL: relative to this site, or an absolute http(s) URL. */
const isValidRedirect = (url: string) => (url.startsWith('/') ? !url.startsWith('//') : /^https?:\/\/[^\s]+$/i.test(url));

/** The price as the server will charge it, in the selected currency (priceInCurrency on both sides). */
const totals = (product: Product) => ({ price: product.display.amount, vat: product.display.vat ?? 0, total: product.display.total ?? product.display.amount });

/** The spec's checkout sections: confirm purchase, billing/delivery address, payment details, save info, terms. */
export function CheckoutForm({ product }: { product: Product }) {
  const prefill = useCheckoutPrefill();
  const countries = useCountries();
  // The form opens once the saved details and the country list are in, so every saved field shows
  // (a <select> drops a value it has no option for) and nothing typed is overwritten later.
  if (prefill.isPending || countries.isPending) return <Spinner label="Loading..." />;
  const saved = prefill.data;
  const defaults: CheckoutValues = saved
    ? { ...emptyValues, ...saved, country: saved.country === null ? '' : String(saved.country), save_info: saved.country !== null }
    : emptyValues;
  return <CheckoutFormView product={product} defaults={defaults} countries={countries.data ?? []} />;
}

function CheckoutFormView({ product, defaults, countries }: { product: Product; defaults: CheckoutValues; countries: Country[] }) {
  const { data: settings } = useSettings();
  const { data: pages = [] } = useStaticPages();
  const legal = legalPages(pages);
  const checkout = useCheckout(product.id);
  const [formError, setFormError] = useState<string | null>(null);
  const [redirectUrl, setRedirectUrl] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<CheckoutValues, unknown, CheckoutBody>({
    resolver: zodResolver(checkoutBodySchema),
    defaultValues: defaults,
  });
  const { errors } = formState;

  // The saved details go in once the country list is there too: a <select> drops a value it has no option for.

  useEffect(() => {
    if (!redirectUrl) return;
    const timer = setTimeout(() => window.location.assign(redirectUrl), limits.gatewayRedirectMs);
    return () => clearTimeout(timer);
  }, [redirectUrl]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await checkout.mutateAsync({ ...values, currency: product.display.currency });
      if (!result.redirect_url) return setFormError(texts.topUp.noRedirectUrl);
      if (!isValidRedirect(result.redirect_url)) return setFormError(texts.topUp.invalidPaymentUrl);
      setRedirectUrl(result.redirect_url);
    } catch (error) {
      const placed = applyServerErrors(error, setError, {}, fields);
      if (!placed) setFormError(error instanceof ApiError && error.status >= 500 ? texts.topUp.gatewayError : errorMessage(error, texts.topUp.paymentFailed));
    }
  });

  const amounts = totals(product);
  const euro = (value: number) => formatPrice(value, product.display.symbol);

  if (redirectUrl) {
    return (
      <section className="card checkout__redirect" role="status">
        <h2 className="card__title">Redirecting to the payment page…</h2>
        <p>{texts.store.doNotClose}</p>
        <Button onClick={() => window.location.assign(redirectUrl)}>{texts.topUp.goToPaymentPage}</Button>
      </section>
    );
  }

  return (
    <form className="checkout" onSubmit={onSubmit} noValidate>
      <TestPaymentsBanner />
      {formError && (
        <div className="alert alert--error" role="alert">
          {formError}
        </div>
      )}
      <section className="card checkout__section" aria-labelledby="confirm-title">
        <h2 className="card__title" id="confirm-title">
          Confirm purchase
        </h2>
        <div className="checkout__item">
          <ChatBubblePreview look={lookOf(product)} text={product.name} reply="Your new look" />
          <dl className="checkout__summary">
            <div>
              <dt>Item</dt>
              <dd>
                {product.name} <span className="store__note">({kindLabels[product.kind]})</span>
              </dd>
            </div>
            <div>
              <dt>Price</dt>
              <dd>{euro(amounts.price)}</dd>
            </div>
            <div>
              <dt>VAT ({settings?.vat_percent ?? 0}%)</dt>
              <dd>{euro(amounts.vat)}</dd>
            </div>
            <div className="checkout__total">
              <dt>Total</dt>
              <dd>{euro(amounts.total)}</dd>
            </div>
          </dl>
        </div>
      </section>

      <section className="card checkout__section" aria-labelledby="address-title">
        <h2 className="card__title" id="address-title">
          Billing / delivery address
        </h2>
        <div className="form-grid">
          <TextField label="Name" autoComplete="given-name" error={errors.name?.message} {...register('name')} />
          <TextField label="Surname" autoComplete="family-name" error={errors.surname?.message} {...register('surname')} />
          <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <TextField label="Phone" type="tel" autoComplete="tel" maxLength={limits.phoneMaxLength} error={errors.phone?.message} {...register('phone')} />
          <SelectField label="Country" autoComplete="country" defaultValue={String(defaults.country)} error={errors.country?.message} {...register('country')}>
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
      </section>

      <section className="card checkout__section" aria-labelledby="payment-title">
        <h2 className="card__title" id="payment-title">
          Payment details
        </h2>
        <p>
          You pay <strong>{euro(amounts.total)}</strong> by card on the secure page of our payment provider. Your card details never reach Parley.
        </p>
        <Checkbox label="Save information for future purchases" {...register('save_info')} />
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
        <Button type="submit" size="lg" block loading={checkout.isPending}>
          Pay {euro(amounts.total)}
        </Button>
      </section>
    </form>
  );
}
