import { payoutDetailFields, texts, type PayoutDetailField, type UserProfile } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { initialPayoutValues, payoutResolver, toPayoutBody, type PayoutFormValues } from './payout-form-values';
import { englishText } from '@parley/contracts/i18n';

const t = texts.payout;
const rules = { minAmount: 10, maxAmount: 5000, availableAmount: 120, symbol: '€', today: '2026-11-23' };
const resolve = async (values: Partial<PayoutFormValues>) => {
  const base: PayoutFormValues = {
    amount: '25',
    method: 'sepa',
    first_name: 'Ada',
    last_name: 'Lovelace',
    country_id: '7',
    city: 'Tallinn',
    address: 'Narva mnt 5',
    zip: '10117',
    // Every method's detail fields start empty (a new method in the table adds its own).
    ...(Object.fromEntries(payoutDetailFields.map((field) => [field, ''])) as Record<PayoutDetailField, string>),
    iban: 'DE89 3704 0044 0532 0130 00',
  };
  const result = await payoutResolver(() => rules)({ ...base, ...values }, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, (error as { message: string }).message]));
};

describe('payout form validation (same rules as the server)', () => {
  it('passes a valid SEPA request', async () => {
    expect(await resolve({})).toEqual({});
  });

  it('shows the spec messages for missing fields', async () => {
    expect(await resolve({ amount: '', method: '', first_name: ' ', country_id: '', zip: '' })).toEqual({
      amount: t.amountRequired,
      method: t.methodRequired,
      first_name: t.firstNameRequired,
      country_id: t.countryRequired,
      zip: t.zipRequired,
    });
  });

  it('checks the amount against the limits and the available balance', async () => {
    expect(await resolve({ amount: '-3' })).toEqual({ amount: t.amountPositive });
    expect(await resolve({ amount: '9.99' })).toEqual({ amount: englishText('payout.minAmount', { min: '10.00', symbol: '€' }) });
    expect(await resolve({ amount: '120.01' })).toEqual({ amount: t.exceedsBalance });
    expect(await resolve({ amount: '120' })).toEqual({});
  });

  it('checks the method details: Luhn, mod-97, sort code, birth date', async () => {
    expect(await resolve({ method: 'card', pan: '' })).toEqual({ pan: t.cardRequired });
    expect(await resolve({ method: 'card', pan: '4242 4242 4242 4241' })).toEqual({ pan: t.cardInvalid });
    expect(await resolve({ iban: 'DE89 3704 0044 0532 0130 01' })).toEqual({ iban: t.ibanInvalid });
    expect(await resolve({ method: 'fps' })).toEqual({
      account_number: t.accountNumberRequired,
      sort_code: t.sortCodeRequired,
      birth_date: t.birthDateRequired,
    });
    expect(await resolve({ method: 'fps', account_number: '31926819', sort_code: '1234', birth_date: '2030-01-01' })).toEqual({
      sort_code: t.sortCodeDigits,
      birth_date: t.birthDatePast,
    });
  });

  it('sends only the chosen method’s details, prefilled from the profile', () => {
    const user = { name: 'Ada', surname: 'Lovelace', country_id: 7, city: 'Tallinn', address: null, zip: '10117' } as UserProfile;
    const values = {
      ...initialPayoutValues(user),
      amount: '12.50',
      method: 'card' as const,
      pan: '4242 4242 4242 4242',
      iban: 'left over',
      address: 'Narva mnt 5',
    };
    expect(toPayoutBody(values, 'req-12345678')).toEqual({
      amount: 12.5,
      method: 'card',
      first_name: 'Ada',
      last_name: 'Lovelace',
      country_id: 7,
      city: 'Tallinn',
      address: 'Narva mnt 5',
      zip: '10117',
      pan: '4242 4242 4242 4242',
      request_id: 'req-12345678',
    });
  });
});
