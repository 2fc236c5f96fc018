import { describe, expect, it } from 'vitest';
import { englishCatalogue, type TextKey } from './i18n.js';
import { destinationLast4, payoutDetailFields, payoutMethodTable, type PayoutDetails } from './payout-methods.js';
import { payoutMethods, payoutRequestBodySchema } from './payouts.js';
import { texts } from './texts.js';

const common = { amount: '25.00', first_name: 'Ada', last_name: 'Lovelace', country_id: 1, city: 'London', address: '1 Lane', zip: 'N1' };
/** A valid value per detail field, as a user types it (spaces kept). */
const valid: Record<string, string> = {
  pan: '4111 1111 1111 1111',
  iban: 'de89 3704 0044 0532 0130 00',
  account_number: ' 31926819 ',
  sort_code: '40506070',
  birth_date: '1990-05-17',
};
const everyDetail = Object.fromEntries(payoutDetailFields.map((field) => [field, valid[field]]));

describe('payout method table (issue 37 §5)', () => {
  it('lists the methods GET /payouts/methods sends, in order, with their English names', () => {
    expect(payoutMethods).toEqual([
      { id: 'card', name: 'Card' },
      { id: 'sepa', name: 'SEPA transfer' },
      { id: 'fps', name: 'UK Faster Payments' },
    ]);
  });

  it('names catalogue texts for every label and a last-four field the method has', () => {
    for (const method of payoutMethodTable) {
      expect(englishCatalogue[method.labelKey as TextKey], method.id).toBeTruthy();
      for (const field of method.fields) expect(englishCatalogue[field.labelKey as TextKey], field.name).toBeTruthy();
      expect(method.fields.map((f) => f.name as string)).toContain(method.last4Field);
    }
  });

  it('stores exactly the chosen method’s fields, normalised, even when the form sent every method’s fields', () => {
    const details = payoutMethodTable.map((m) => payoutRequestBodySchema.parse({ ...common, ...everyDetail, method: m.id }).details);
    expect(details).toEqual([
      { method: 'card', pan: '4111111111111111' },
      { method: 'sepa', iban: 'DE89370400440532013000' },
      { method: 'fps', account_number: '31926819', sort_code: '40506070', birth_date: '1990-05-17' },
    ]);
  });

  it('gives one required message per missing field of the chosen method only', () => {
    const result = payoutRequestBodySchema.safeParse({ ...common, method: 'fps', pan: 'x' });
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({
      account_number: texts.payout.accountNumberRequired,
      sort_code: texts.payout.sortCodeRequired,
      birth_date: texts.payout.birthDateRequired,
    });
  });

  it('shows the last four characters of the method’s number field', () => {
    const cases: [PayoutDetails, string][] = [
      [{ method: 'card', pan: '4111111111111234' }, '1234'],
      [{ method: 'sepa', iban: 'DE89370400440532013000' }, '3000'],
      [{ method: 'fps', account_number: '31926819', sort_code: '40506070', birth_date: '1990-05-17' }, '6819'],
    ];
    for (const [details, last4] of cases) expect(destinationLast4(details)).toBe(last4);
  });
});
