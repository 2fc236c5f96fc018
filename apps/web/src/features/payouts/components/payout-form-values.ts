import {
  checkPayoutRules,
  formatEuros,
  payoutDetailFields,
  payoutMethod,
  payoutRequestBodySchema,
  type PayoutDetailField,
  type PayoutMethodId,
  type PayoutRuleContext,
  type UserProfile,
} from '@parley/contracts';
import { englishText } from '@parley/contracts/i18n';
import { type Translate } from '../../../lib/i18n';
import { type FieldErrors, type Resolver } from 'react-hook-form';
import { type CreatePayoutBody } from '../api/create-payout';

/** The payout form as typed by the user: every field a string; every method's details (the method table's fields). */
export type PayoutFormValues = {
  amount: string;
  method: PayoutMethodId | '';
  first_name: string;
  last_name: string;
  country_id: string;
  city: string;
  address: string;
  zip: string;
} & Record<PayoutDetailField, string>;

export const payoutFormFields = ['amount', 'method', 'first_name', 'last_name', 'country_id', 'city', 'address', 'zip', ...payoutDetailFields] as const;

/** Starts from what the profile already knows about the user. */
export function initialPayoutValues(user: UserProfile): PayoutFormValues {
  return {
    amount: '',
    method: '',
    first_name: user.name ?? '',
    last_name: user.surname ?? '',
    country_id: user.country_id ? String(user.country_id) : '',
    city: user.city ?? '',
    address: user.address ?? '',
    zip: user.zip ?? '',
    ...(Object.fromEntries(payoutDetailFields.map((field) => [field, ''])) as Record<PayoutDetailField, string>),
  };
}

/** Only the chosen method's details go to the server. */
export function toPayoutBody(values: PayoutFormValues, requestId: string): CreatePayoutBody {
  const common = {
    amount: Number(values.amount),
    method: values.method as PayoutMethodId,
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    country_id: Number(values.country_id),
    city: values.city.trim(),
    address: values.address.trim(),
    zip: values.zip.trim(),
    request_id: requestId,
  };
  const fields = payoutMethod(values.method)?.fields ?? [];
  return { ...common, ...Object.fromEntries(fields.map((field) => [field.name, values[field.name as PayoutDetailField]])) };
}

/** The limit messages carry amounts, so they are written again in the chosen language; others are catalogue texts the field localizes. */
function translateRuleMessage(message: string, rules: PayoutRuleContext, t: Translate): string {
  const min = { min: formatEuros(rules.minAmount), symbol: rules.symbol };
  if (message === englishText('payout.minAmount', min)) return t('payout.minAmount', min);
  if (rules.maxAmount !== null) {
    const max = { max: formatEuros(rules.maxAmount), symbol: rules.symbol };
    if (message === englishText('payout.maxAmount', max)) return t('payout.maxAmount', max);
  }
  return message;
}

/**
 * The server's own schema (spec §5 messages, Luhn, mod-97, sort code) plus the limits
 * from /payouts/methods and today's date: the form shows what the server would say.
 */
export function payoutResolver(getRules: () => PayoutRuleContext | null, t: Translate = englishText): Resolver<PayoutFormValues> {
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const parsed = payoutRequestBodySchema.safeParse({ ...values, method: values.method || undefined, country_id: values.country_id || undefined });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'amount');
        errors[field] ??= { type: 'validate', message: issue.message };
      }
    }
    const rules = getRules();
    if (rules) {
      for (const [field, messages] of Object.entries(checkPayoutRules(values, rules))) {
        if (messages[0]) errors[field] ??= { type: 'validate', message: translateRuleMessage(messages[0], rules, t) };
      }
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors: errors as FieldErrors<PayoutFormValues> } : { values, errors: {} };
  };
}
