import { updateSpendConfirmationBodySchema, updateSpendingLimitsBodySchema, type SpendingLimits } from '@parley/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { SpendingLeft } from '../../../components/ui/spending-left';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useSaveSpendConfirmation, useSaveSpendingLimits, useSpendingLimits } from '../../../lib/spending';

type Field = 'daily_limit' | 'monthly_limit';
const toText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
/** Empty is no limit; anything else must be a whole number (the schema says which). */
const toValue = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** Account → Settings: the user's own daily and monthly coin limits (lower at once, higher after 24 hours). */
export function SpendingLimitsForm() {
  const { t, localize, locale } = useI18n();
  const { data, isPending } = useSpendingLimits();
  const save = useSaveSpendingLimits();
  const [values, setValues] = useState<Record<Field, string>>({ daily_limit: '', monthly_limit: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  // What will apply is what the user asked for: the pending values when a raise waits.
  const shown = (limits: SpendingLimits): Record<Field, string> => ({
    daily_limit: toText(limits.pending ? limits.pending.daily_limit : limits.daily_limit),
    monthly_limit: toText(limits.pending ? limits.pending.monthly_limit : limits.monthly_limit),
  });
  useEffect(() => {
    if (data) setValues(shown(data));
  }, [data]);

  if (isPending) return <Spinner />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateSpendingLimitsBodySchema.safeParse({ daily_limit: toValue(values.daily_limit), monthly_limit: toValue(values.monthly_limit) });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= localize(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const response = await save.mutateAsync(parsed.data);
      toast.success(response.message ?? t('spending.saved'));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0)
        setErrors({ daily_limit: error.errors.daily_limit?.[0], monthly_limit: error.errors.monthly_limit?.[0] });
      else toast.error(localize(errorMessage(error, t('common.anErrorOccurred'))));
    }
  };

  return (
    <>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('spending.title')}>
        <p className="muted">{t('spending.intro')}</p>
        <div className="form__grid">
          {(['daily_limit', 'monthly_limit'] as const).map((field) => (
            <TextField
              key={field}
              label={field === 'daily_limit' ? t('spending.daily') : t('spending.monthly')}
              inputMode="numeric"
              placeholder={t('spending.none')}
              value={values[field]}
              error={errors[field]}
              onChange={(event) => setValues((v) => ({ ...v, [field]: event.target.value }))}
            />
          ))}
        </div>
        {data?.pending && (
          <p className="alert alert--info">
            {t('spending.pending', { date: new Date(data.pending.effective_at).toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short' }) })}
          </p>
        )}
        <SpendingLeft />
        <div>
          <Button type="submit" loading={save.isPending}>
            {t('spending.save')}
          </Button>
        </div>
      </form>
      <SpendConfirmationForm current={data?.confirm_above} />
    </>
  );
}

/** The coin amount above which channel status and topic creation ask first (issue 33); messages never ask. */
function SpendConfirmationForm({ current }: { current: number | undefined }) {
  const { t, localize } = useI18n();
  const save = useSaveSpendConfirmation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (current !== undefined) setValue(String(current));
  }, [current]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateSpendConfirmationBodySchema.safeParse({ confirm_above: value.trim() === '' ? NaN : Number(value.trim()) });
    if (!parsed.success) return setError(localize(parsed.error.issues[0]?.message ?? t('spending.confirmAboveInvalid')));
    setError(undefined);
    try {
      const response = await save.mutateAsync(parsed.data);
      toast.success(response.message ?? t('spending.confirmSaved'));
    } catch (failure) {
      toast.error(localize(errorMessage(failure, t('common.anErrorOccurred'))));
    }
  };

  return (
    <form className="form spend-confirm" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('spending.confirmAbove')}>
      <TextField
        label={t('spending.confirmAbove')}
        hint={t('spending.confirmAboveHint')}
        inputMode="numeric"
        value={value}
        error={error}
        onChange={(event) => setValue(event.target.value)}
      />
      <div>
        <Button type="submit" variant="secondary" loading={save.isPending}>
          {t('spending.confirmSave')}
        </Button>
      </div>
    </form>
  );
}
