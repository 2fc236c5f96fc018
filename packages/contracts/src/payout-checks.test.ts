import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatEuros, isIsoDate, isValidCardNumber, isValidIban, parseEuroAmount } from './payout-checks.js';
import { checkPayoutRules, payoutRequestBodySchema } from './payouts.js';
import { texts } from './texts.js';
import { englishText } from './i18n.js';

describe('card numbers (Luhn)', () => {
  it.each(['4242 4242 4242 4242', '5555-5555-5555-4444', '378282246310005', '6011111111111117'])('accepts %s', (pan) => {
    expect(isValidCardNumber(pan)).toBe(true);
  });
  it.each(['4242 4242 4242 4241', '1234', '4242x4242424242424', '', '0'.repeat(20)])('refuses %s', (pan) => {
    expect(isValidCardNumber(pan)).toBe(false);
  });
  it('catches every single-digit typo of a valid number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const digits = '4242424242424242'.split('').map(Number);
        digits[position] = (digits[position]! + delta) % 10;
        return !isValidCardNumber(digits.join(''));
      }),
    );
  });
});

describe('IBANs (ISO 13616 mod-97)', () => {
  it.each(['DE89 3704 0044 0532 0130 00', 'GB82WEST12345698765432', 'ee382200221020145685', 'FR14 2004 1010 0505 0001 3M02 606', 'NO9386011117947'])(
    'accepts %s',
    (iban) => {
      expect(isValidIban(iban)).toBe(true);
    },
  );
  it.each(['DE89 3704 0044 0532 0130 01', 'DE89370400440532013', 'GB82WEST1234569876543', 'XX00', 'DE00 3704 0044 0532 0130 00'])('refuses %s', (iban) => {
    expect(isValidIban(iban)).toBe(false);
  });
  it('catches every single-digit change of the account part', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 21 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const chars = 'DE89370400440532013000'.split('');
        chars[position] = String((Number(chars[position]) + delta) % 10);
        return !isValidIban(chars.join(''));
      }),
    );
  });
});

describe('amounts and dates', () => {
  it('reads euro amounts', () => {
    expect(parseEuroAmount('25.50')).toEqual({ kind: 'ok', euros: 25.5, cents: 2550 });
    expect(parseEuroAmount(0.1 + 0.2)).toEqual({ kind: 'ok', euros: 0.3, cents: 30 });
    expect(parseEuroAmount('12.345')).toEqual({ kind: 'precision' });
    expect(parseEuroAmount(19.99)).toEqual({ kind: 'ok', euros: 19.99, cents: 1999 });
    expect(parseEuroAmount('')).toEqual({ kind: 'missing' });
    expect(parseEuroAmount('1e3')).toEqual({ kind: 'not-positive' });
    expect(parseEuroAmount(Number.NaN)).toEqual({ kind: 'not-positive' });
  });
  it('formats with two decimals and a space per thousand', () => {
    expect(formatEuros(5000)).toBe('5 000.00');
    expect(formatEuros(10)).toBe('10.00');
    expect(formatEuros(1234567.5)).toBe('1 234 567.50');
  });
  it('knows real calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('1990-5-17')).toBe(false);
  });
});

describe('payout rules', () => {
  const ctx = { minAmount: 10, maxAmount: 5000, availableAmount: 100, symbol: '€', today: '2026-11-23' };
  it('checks the limits in the spec order', () => {
    expect(checkPayoutRules({ amount: 5 }, ctx)).toEqual({ amount: [englishText('payout.minAmount', { min: '10.00', symbol: '€' })] });
    expect(checkPayoutRules({ amount: 150 }, ctx)).toEqual({ amount: [texts.payout.exceedsBalance] });
    expect(checkPayoutRules({ amount: 6000 }, { ...ctx, availableAmount: 10_000 })).toEqual({
      amount: [englishText('payout.maxAmount', { max: '5 000.00', symbol: '€' })],
    });
    expect(checkPayoutRules({ amount: 100, method: 'fps', birth_date: '2026-11-23' }, ctx)).toEqual({ birth_date: [texts.payout.birthDatePast] });
    expect(checkPayoutRules({ amount: 100, method: 'fps', birth_date: '2026-11-22' }, ctx)).toEqual({});
  });
  it('keeps only the chosen method’s details, normalised', () => {
    const parsed = payoutRequestBodySchema.parse({
      amount: '12.5',
      method: 'sepa',
      first_name: 'Ada',
      last_name: 'L',
      country_id: '3',
      city: 'X',
      address: 'Y',
      zip: '1',
      iban: 'de89 3704 0044 0532 0130 00',
      pan: 'ignored',
    });
    expect(parsed).toMatchObject({ amount: 12.5, amount_cents: 1250, country_id: 3, details: { method: 'sepa', iban: 'DE89370400440532013000' } });
    expect(parsed.details).not.toHaveProperty('pan');
  });
});
