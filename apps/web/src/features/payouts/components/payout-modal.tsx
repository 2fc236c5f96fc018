import {
  formatEuros,
  payoutMethod,
  type PayoutDetailField,
  type PayoutFieldDescriptor,
  type PayoutMethodsResponse,
  type PayoutRuleContext,
  type UserProfile,
} from '@parley/contracts';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms';
import { useI18n, useT, type TextKey, type TextParams } from '../../../lib/i18n';
import { useCountries } from '../../../lib/reference';
import { useCreatePayout } from '../api/create-payout';
import { usePayoutMethods } from '../api/get-payout-methods';
import { EarningsSummary } from './earnings-summary';
import { initialPayoutValues, payoutFormFields, payoutResolver, toPayoutBody, type PayoutFormValues } from './payout-form-values';

const FORM_ID = 'payout-form';
const newRequestId = () => crypto.randomUUID();
const todayIso = () => new Date().toISOString().slice(0, 10);

interface PayoutModalProps {
  open: boolean;
  onClose: () => void;
  user: UserProfile;
}

class UnexpectedResponseError extends Error {}

/** The message for a failed submit (spec §8 Payout). */
function submitErrorMessage(error: unknown, t: (key: TextKey, params?: TextParams) => string): string {
  if (error instanceof UnexpectedResponseError) return t('common.unexpectedResponse');
  if (!(error instanceof ApiError)) return t('payout.failedSubmit');
  if (error.status === 0) return error.message || t('common.networkError');
  if (Object.keys(error.errors).length > 0) return t('common.validationFailed');
  if (error.status >= 500) return t('payout.processingError');
  return error.message || t('payout.failedSubmit');
}

/** Spec §4 Payout modal: form, then submitted (banner, submit hidden, Cancel → Close, reset on close). */
export function PayoutModal({ open, onClose, user }: PayoutModalProps) {
  const t = useT();
  const methods = usePayoutMethods(open && user.is_contributor);
  const [submitted, setSubmitted] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const close = () => {
    onClose();
    setSubmitted(false);
    setFormKey((k) => k + 1);
  };

  let body;
  if (!user.is_contributor) body = <div className="alert alert--info">{t('payout.contributorsOnly')}</div>;
  else if (methods.isPending) body = <Spinner size="md" />;
  else if (methods.isError || !methods.data)
    body = (
      <div className="alert alert--error" role="alert">
        {t('payout.failedConfig')}
      </div>
    );
  else if (methods.data.methods.length === 0)
    body = (
      <div className="alert alert--error" role="alert">
        {t('payout.failedMethods')}
      </div>
    );
  else body = <PayoutForm key={formKey} user={user} config={methods.data} submitted={submitted} onSubmitted={() => setSubmitted(true)} />;

  const canSubmit = user.is_contributor && Boolean(methods.data?.methods.length) && !submitted;
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('payout.modalTitle')}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {submitted || !canSubmit ? t('common.close') : t('common.cancel')}
          </Button>
          {canSubmit && (
            <Button type="submit" form={FORM_ID}>
              {t('payout.submit')}
            </Button>
          )}
        </>
      }
    >
      {body}
    </Modal>
  );
}

interface PayoutFormProps {
  user: UserProfile;
  config: PayoutMethodsResponse;
  submitted: boolean;
  onSubmitted: () => void;
}

function PayoutForm({ user, config, submitted, onSubmitted }: PayoutFormProps) {
  const { t, localize } = useI18n();
  const translate = useRef(t);
  translate.current = t;
  const countries = useCountries();
  const mutation = useCreatePayout();
  const [formError, setFormError] = useState<string | null>(null);
  const requestId = useRef(newRequestId());
  const rules = useRef<PayoutRuleContext>(null);
  rules.current = {
    minAmount: config.min_amount,
    maxAmount: config.max_amount,
    availableAmount: config.available_amount,
    symbol: config.symbol,
    today: todayIso(),
  };
  const resolver = useMemo(
    () =>
      payoutResolver(
        () => rules.current,
        (key, params) => translate.current(key, params),
      ),
    [],
  );
  const { register, handleSubmit, setError, watch, formState } = useForm<PayoutFormValues>({ resolver, defaultValues: initialPayoutValues(user) });
  const { errors, isSubmitting } = formState;
  const method = watch('method');
  const methodFields = (method && payoutMethod(method)?.fields) || [];
  const detailInput = ({ name, labelKey, input }: PayoutFieldDescriptor) => {
    const field = name as PayoutDetailField;
    return (
      <TextField
        key={field}
        label={t(labelKey)}
        type={input.type}
        inputMode={input.inputMode}
        maxLength={input.maxLength}
        spellCheck={input.spellCheck}
        max={input.maxToday ? todayIso() : undefined}
        autoComplete={input.autoComplete}
        error={errors[field]?.message}
        {...register(field)}
      />
    );
  };
  const money = (n: number) => `${formatEuros(n)} ${config.symbol}`;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const response = await mutation.mutateAsync(toPayoutBody(values, requestId.current));
      if (!response.payload?.payout) throw new UnexpectedResponseError();
      toast.success(t('payout.submitted'));
      onSubmitted();
    } catch (error) {
      const message = localize(submitErrorMessage(error, t));
      applyServerErrors(error, setError, {}, payoutFormFields);
      // A refused request held nothing: the next attempt is a new request.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) requestId.current = newRequestId();
      setFormError(message);
      toast.error(message);
    }
  });

  return (
    <form id={FORM_ID} className="form payout-form" onSubmit={onSubmit} noValidate aria-busy={isSubmitting || undefined}>
      {submitted && (
        <div className="alert alert--success" role="status">
          <strong>{t('payout.submitted')}</strong> {t('payout.banner')}
        </div>
      )}
      {formError && !submitted && (
        <div className="alert alert--error" role="alert">
          {formError}
        </div>
      )}
      <EarningsSummary config={config} />
      <fieldset className="payout-form__fields" disabled={submitted || isSubmitting}>
        <TextField
          label={t('payoutUi.amountLabel', { symbol: config.symbol })}
          inputMode="decimal"
          autoComplete="off"
          hint={[
            t('payout.available', { amount: formatEuros(config.available_amount), symbol: config.symbol }),
            t('payoutUi.min', { amount: money(config.min_amount) }),
            ...(config.max_amount !== null ? [t('payoutUi.max', { amount: money(config.max_amount) })] : []),
          ].join(' · ')}
          error={errors.amount?.message}
          {...register('amount')}
        />
        <fieldset className="payout-methods" aria-describedby={errors.method ? 'payout-method-error' : undefined}>
          <legend className="field__label">{t('payout.methodLabel')}</legend>
          <div className="payout-methods__options">
            {config.methods.map((m) => (
              <label key={m.id} className={`payout-methods__option${method === m.id ? ' is-active' : ''}`}>
                <input type="radio" value={m.id} {...register('method')} />
                {payoutMethod(m.id) ? t(payoutMethod(m.id)!.labelKey) : m.name}
              </label>
            ))}
          </div>
          {errors.method && (
            <p className="field__error" id="payout-method-error" role="alert">
              {localize(errors.method.message ?? '')}
            </p>
          )}
        </fieldset>
        {methodFields.length === 1 && methodFields[0] && detailInput(methodFields[0])}
        {methodFields.length > 1 && <div className={`form__grid payout-form__${method}`}>{methodFields.map(detailInput)}</div>}
        <div className="form__grid">
          <TextField label={t('payoutUi.firstName')} autoComplete="given-name" error={errors.first_name?.message} {...register('first_name')} />
          <TextField label={t('payoutUi.lastName')} autoComplete="family-name" error={errors.last_name?.message} {...register('last_name')} />
        </div>
        <div className="form__grid">
          <SelectField label={t('payoutUi.country')} error={errors.country_id?.message} {...register('country_id')}>
            <option value="">{countries.isError ? t('reference.failedCountries') : t('payoutUi.selectCountry')}</option>
            {(countries.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </SelectField>
          <TextField label={t('payoutUi.city')} autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
        </div>
        <div className="form__grid">
          <TextField label={t('payoutUi.address')} autoComplete="street-address" error={errors.address?.message} {...register('address')} />
          <TextField label={t('payoutUi.zip')} autoComplete="postal-code" error={errors.zip?.message} {...register('zip')} />
        </div>
      </fieldset>
    </form>
  );
}
