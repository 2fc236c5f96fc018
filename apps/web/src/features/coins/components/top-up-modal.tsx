import '../coins.css';
import { limits, type UserProfile } from '@parley/contracts';
import { useEffect, useState } from 'react';
import { type UseFormSetError } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms';
import { useCurrency } from '../../../lib/currency';
import { useI18n } from '../../../lib/i18n';
import { useSettings } from '../../../lib/reference';
import { useBundles } from '../api/bundles';
import { useDepositCheckout } from '../api/deposit-checkout';
import { coinsFor, isValidRedirectUrl, minInCurrency, parseAmount, toEuros, withVat } from '../utils/amount';
import { formatPrice } from '../../../lib/format';
import { useTopUpPrefill } from '../api/top-up-prefill';
import { topUpModal, useTopUpModal } from '../utils/top-up-store';
import { TopUpAmountStep, type TopUpMode } from './top-up-amount-step';
import { TestPaymentsBanner } from '../../../components/ui/test-payments-banner';
import { detailsFields, detailsFromPrefill, detailsFromProfile, TopUpDetailsStep, type DetailsForm, type DetailsValues } from './top-up-details-step';

type Step = 'amount' | 'details' | 'processing' | 'redirect';

/**
 * The Top Up modal (spec §4): step 1 amount or bundle → step 2 payment details →
 * processing → redirect to the gateway after 2 s (or 'Go to payment page').
 * Back returns from step 2 to 1; an error returns to step 2.
 */
export function TopUpModal({ user }: { user: UserProfile }) {
  const { t, localize } = useI18n();
  const request = useTopUpModal();
  const { data: settings } = useSettings();
  const bundles = useBundles();
  const checkout = useDepositCheckout();
  const [step, setStep] = useState<Step>('amount');
  const [mode, setMode] = useState<TopUpMode>('amount');
  const [amountText, setAmountText] = useState(String(limits.defaultTopUpAmount));
  const [bundleId, setBundleId] = useState<number | undefined>();
  const [error, setError] = useState<string | null>(null);
  // What was typed in step 2 this time; until then the last top-up's details (else the profile's).
  const [details, setDetails] = useState<DetailsForm | null>(null);
  const prefill = useTopUpPrefill(request.open);
  const [redirectUrl, setRedirectUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!request.open) return;
    setStep('amount');
    setMode(request.bundleId ? 'bundle' : 'amount');
    setBundleId(request.bundleId);
    setAmountText(String(limits.defaultTopUpAmount));
    setError(null);
    setRedirectUrl(null);
    setDetails(null);
    void prefill.refetch();
    // Only a new open resets the modal, not profile refetches.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request.open, request.nonce]);

  useEffect(() => {
    if (!redirectUrl) return;
    const timer = setTimeout(() => window.location.assign(redirectUrl), limits.gatewayRedirectMs);
    return () => clearTimeout(timer);
  }, [redirectUrl]);

  const rate = settings?.points_convertion_rate ?? limits.defaultConversionRate;
  const { currency, symbol, currencies } = useCurrency();
  const vatPercent = settings?.vat_percent ?? 0;
  const bundle = bundles.data?.find((b) => b.id === bundleId);
  // Issue 33: the amount is typed in the selected currency, like the bundles beside it are priced; the
  // server takes euros (spec §3), so it is converted with the currency's rate.
  const currencyRate = currencies.find((c) => c.code === currency)?.value ?? 1;
  const amount = parseAmount(amountText);
  const minAmount = minInCurrency(settings?.min_top_up_amount ?? 0, currencyRate);
  const euroAmount = amount === null ? null : Math.max(toEuros(amount, currencyRate), amount >= minAmount ? (settings?.min_top_up_amount ?? 0) : 0);
  // Shown in the selected currency exactly as it will be charged.
  const summary =
    mode === 'bundle' && bundle
      ? { coins: bundle.points, vatPercent, symbol, ...withVat(bundle.price, vatPercent, currencyRate) }
      : { coins: coinsFor(euroAmount, rate), vatPercent, symbol, ...withVat(euroAmount ?? 0, vatPercent, currencyRate) };

  const next = () => {
    setError(null);
    if (mode === 'amount') {
      if (amount === null) return setError(t('topUp.validAmount'));
      if (amount < minAmount) return setError(t('topUp.minTopUp', { min: formatPrice(minAmount, symbol) }));
    } else {
      if (!bundles.data || bundles.data.length === 0) return setError(t('topUp.bundleUnavailable'));
      if (!bundle) return setError(bundleId ? t('topUp.bundleNotFoundRetry') : t('topUp.bundleUnavailable'));
    }
    setStep('details');
  };

  const pay = async (values: DetailsValues, setFieldError: UseFormSetError<DetailsForm>) => {
    setDetails({ ...values, country: String(values.country) });
    setError(null);
    setStep('processing');
    try {
      const result = await checkout.mutateAsync({
        ...values,
        country: String(values.country),
        ...(mode === 'bundle' ? { bundle_id: bundleId } : { amount: euroAmount ?? 0 }),
      });
      if (!result.redirectUrl) throw new Error(t('topUp.noRedirectUrl'));
      if (!isValidRedirectUrl(result.redirectUrl)) throw new Error(t('topUp.invalidPaymentUrl'));
      setRedirectUrl(result.redirectUrl);
      setStep('redirect');
    } catch (failure) {
      setStep('details');
      if (failure instanceof ApiError) {
        const placed = applyServerErrors(failure, setFieldError, {}, detailsFields);
        if (placed) return;
        if (failure.status >= 500) return setError(t('topUp.gatewayError'));
        return setError(
          failure.status === 404 && mode === 'bundle' ? t('topUp.bundleNotFoundRetry') : localize(errorMessage(failure, t('topUp.paymentFailed'))),
        );
      }
      setError(failure instanceof Error && failure.message ? localize(failure.message) : t('topUp.paymentFailed'));
    }
  };

  const busy = step === 'processing' || step === 'redirect';
  return (
    <Modal open={request.open} onClose={() => topUpModal.close()} title={t('account.topUp')} persistent={busy} size="md">
      <TestPaymentsBanner />
      {step === 'amount' && (
        <>
          <TopUpAmountStep
            mode={mode}
            onMode={(m) => {
              setMode(m);
              setError(null);
            }}
            amountText={amountText}
            onAmount={(text) => {
              // A new amount (typed or a quick amount) answers the last complaint about the amount.
              setAmountText(text);
              setError(null);
            }}
            rate={rate}
            minAmount={minAmount}
            symbol={symbol}
            currencyRate={currencyRate}
            bundles={bundles.data}
            bundlesPending={bundles.isPending}
            bundlesFailed={bundles.isError}
            bundleId={bundleId}
            onBundle={(id) => {
              setBundleId(id);
              setError(null);
            }}
            error={error}
          />
          <div className="top-up__actions">
            <Button variant="secondary" onClick={() => topUpModal.close()}>
              {t('common.cancel')}
            </Button>
            <Button onClick={next}>{t('topUpUi.continue')}</Button>
          </div>
        </>
      )}
      {step === 'details' && prefill.isFetching && !details && <Spinner label={t('common.loading')} />}
      {step === 'details' && !(prefill.isFetching && !details) && (
        <TopUpDetailsStep
          defaults={details ?? (prefill.data ? detailsFromPrefill(prefill.data) : detailsFromProfile(user))}
          summary={summary}
          error={error}
          onBack={() => {
            setError(null);
            setStep('amount');
          }}
          onSubmit={(values, setFieldError) => void pay(values, setFieldError)}
        />
      )}
      {step === 'processing' && (
        <div className="top-up__state" role="status">
          <Spinner size="lg" />
          <p>{t('topUpUi.processing')}</p>
        </div>
      )}
      {step === 'redirect' && redirectUrl && (
        <div className="top-up__state" role="status">
          <Spinner size="lg" />
          <p>{t('topUpUi.redirecting')}</p>
          <Button onClick={() => window.location.assign(redirectUrl)}>{t('topUp.goToPaymentPage')}</Button>
        </div>
      )}
    </Modal>
  );
}
