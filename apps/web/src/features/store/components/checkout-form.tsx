import '../store.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { checkoutBodySchema, limits, type CheckoutBody, type CheckoutForm as CheckoutValues, type Country, type Product } from '@parley/contracts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { AcceptTermsCheckbox, BillingAddressFields, billingFieldNames, type BillingFieldName } from '../../../components/ui/billing-address-fields';
import { Checkbox } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { applyServerErrors } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useCountries, useSettings } from '../../../lib/reference';
import { useCheckout, useCheckoutPrefill } from '../api/checkout';
import { kindLabels } from './product-card';
import { TestPaymentsBanner } from '../../../components/ui/test-payments-banner';
import { ChatBubblePreview, lookOf } from './skin-bubble';
import { richText } from '../../../lib/rich-text';

const fields = [...billingFieldNames, 'accept_terms'] as const;
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
  const saved = prefill.data;
  const defaults: CheckoutValues = saved
    ? { ...emptyValues, ...saved, country: saved.country === null ? '' : String(saved.country), save_info: saved.country !== null }
    : emptyValues;
  return (
    <QueryState isPending={prefill.isPending || countries.isPending}>
      <CheckoutFormView product={product} defaults={defaults} countries={countries.data ?? []} />
    </QueryState>
  );
}

function CheckoutFormView({ product, defaults, countries }: { product: Product; defaults: CheckoutValues; countries: Country[] }) {
  const { t, localize } = useI18n();
  const { data: settings } = useSettings();
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
      if (!result.redirect_url) return setFormError(t('topUp.noRedirectUrl'));
      if (!isValidRedirect(result.redirect_url)) return setFormError(t('topUp.invalidPaymentUrl'));
      setRedirectUrl(result.redirect_url);
    } catch (error) {
      const placed = applyServerErrors(error, setError, {}, fields);
      if (!placed)
        setFormError(error instanceof ApiError && error.status >= 500 ? t('topUp.gatewayError') : localize(errorMessage(error, t('topUp.paymentFailed'))));
    }
  });

  const amounts = totals(product);
  const euro = (value: number) => formatPrice(value, product.display.symbol);
  // The schema's messages are the catalogue's English texts; a server's field error comes translated.
  const fieldError = (error: { message?: string } | undefined) => (error?.message ? localize(error.message) : undefined);
  const billingField = (name: BillingFieldName) => ({ ...register(name), error: fieldError(errors[name]) });

  if (redirectUrl) {
    return (
      <section className="card checkout__redirect" role="status">
        <h2 className="card__title">{t('storeUi.redirecting')}</h2>
        <p>{t('store.doNotClose')}</p>
        <Button onClick={() => window.location.assign(redirectUrl)}>{t('topUp.goToPaymentPage')}</Button>
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
          {t('storeUi.confirmPurchase')}
        </h2>
        <div className="checkout__item">
          <ChatBubblePreview look={lookOf(product)} text={product.name} reply={t('storeUi.newLook')} />
          <dl className="checkout__summary">
            <div>
              <dt>{t('storeUi.item')}</dt>
              <dd>
                {product.name} <span className="store__note">({t(kindLabels[product.kind])})</span>
              </dd>
            </div>
            <div>
              <dt>{t('topUpUi.price')}</dt>
              <dd>{euro(amounts.price)}</dd>
            </div>
            <div>
              <dt>{t('topUpUi.vat', { percent: settings?.vat_percent ?? 0 })}</dt>
              <dd>{euro(amounts.vat)}</dd>
            </div>
            <div className="checkout__total">
              <dt>{t('topUpUi.total')}</dt>
              <dd>{euro(amounts.total)}</dd>
            </div>
          </dl>
        </div>
      </section>

      <section className="card checkout__section" aria-labelledby="address-title">
        <h2 className="card__title" id="address-title">
          {t('storeUi.billingAddress')}
        </h2>
        <BillingAddressFields field={billingField} countries={countries} defaultCountry={String(defaults.country)} />
      </section>

      <section className="card checkout__section" aria-labelledby="payment-title">
        <h2 className="card__title" id="payment-title">
          {t('storeUi.paymentDetails')}
        </h2>
        <p>{richText(t, 'storeUi.youPay', { total: <strong>{euro(amounts.total)}</strong> })}</p>
        <Checkbox label={t('storeUi.saveInfo')} {...register('save_info')} />
        <AcceptTermsCheckbox {...register('accept_terms')} error={fieldError(errors.accept_terms)} />
        <Button type="submit" size="lg" block loading={checkout.isPending}>
          {t('topUpUi.pay', { price: euro(amounts.total) })}
        </Button>
      </section>
    </form>
  );
}
