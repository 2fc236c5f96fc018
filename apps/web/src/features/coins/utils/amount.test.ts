import { describe, expect, it } from 'vitest';
import { coinsFor, isValidRedirectUrl, parseAmount, sanitizeAmount, withVat } from './amount';

describe('top-up amount', () => {
  it('strips the input to digits and one dot', () => {
    expect(sanitizeAmount('12a,5')).toBe('125');
    expect(sanitizeAmount('1.2.3')).toBe('1.23');
    expect(sanitizeAmount('€ 25.999')).toBe('25.99');
    expect(sanitizeAmount('.5')).toBe('.5');
    expect(sanitizeAmount('-10')).toBe('10');
  });

  it('accepts only positive amounts', () => {
    expect(parseAmount('25')).toBe(25);
    expect(parseAmount('7.5')).toBe(7.5);
    expect(parseAmount('10.')).toBe(10);
    expect(parseAmount('0')).toBeNull();
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('.5')).toBeNull();
  });

  it('previews coins as amount × rate, rounded, and adds VAT on top', () => {
    expect(coinsFor(25, 100)).toBe(2500);
    expect(coinsFor(0.015, 100)).toBe(2);
    expect(coinsFor(null, 100)).toBe(0);
    expect(withVat(25, 22)).toEqual({ amount: 25, vat: 5.5, total: 30.5 });
    expect(withVat(7.5, 22)).toEqual({ amount: 7.5, vat: 1.65, total: 9.15 });
  });

  it('accepts only same-site paths or http(s) gateway URLs', () => {
    expect(isValidRedirectUrl('/sandbox-pay/sbx_1')).toBe(true);
    expect(isValidRedirectUrl('https://checkout.stripe.com/c/pay/cs_1')).toBe(true);
    expect(isValidRedirectUrl('//evil.example')).toBe(false);
    expect(isValidRedirectUrl('javascript:alert(1)')).toBe(false);
  });
});
