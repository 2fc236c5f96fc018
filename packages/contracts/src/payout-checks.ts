/**
 * Real checks behind the payout form: Luhn for card numbers, ISO 13616 mod-97
 * for IBANs, euro amounts with at most two decimals. Pure functions shared by
 * the server and the web form.
 */

/** Card number without spaces or dashes. */
export const normalizePan = (value: string) => value.replace(/[\s-]/g, '');

/** Luhn (mod 10) over a 12–19 digit card number. */
export function isValidCardNumber(value: string): boolean {
  const digits = normalizePan(value);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** IBAN in electronic format: no spaces, upper case. */
export const normalizeIban = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/** IBAN lengths of the ISO 13616 registry; other country codes are held to the generic 15–34. */
// prettier-ignore
const ibanLengths: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28,
  CZ: 24, DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18,
  GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32,
  LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24,
  PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24, SC: 31, SE: 24, SI: 19, SK: 24, SM: 27, ST: 25, SV: 28,
  TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20,
};

/** ISO 13616: country code, two check digits, BBAN; rearranged and read as a number it is 1 mod 97. */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = ibanLengths[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const chunk = code >= 65 ? String(code - 55) : char;
    for (const digit of chunk) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Real calendar date in YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export type AmountParse = { kind: 'ok'; euros: number; cents: number } | { kind: 'missing' } | { kind: 'not-positive' } | { kind: 'precision' };

/** Reads a euro amount given as a number or a decimal string. */
export function parseEuroAmount(raw: unknown): AmountParse {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return { kind: 'missing' };
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value) || value <= 0 || value > 10_000_000) return { kind: 'not-positive' };
  const cents = Math.round(value * 100);
  if (Math.abs(value * 100 - cents) > 1e-6 || cents === 0) return { kind: 'precision' };
  return { kind: 'ok', euros: cents / 100, cents };
}

/** Euros with two decimals and a space as the thousands separator (spec §5 Display). */
export function formatEuros(amount: number): string {
  const [whole, decimals] = amount.toFixed(2).split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}.${decimals}`;
}

/** Last four characters for display; the rest is never shown to the user. */
export const maskTail = (value: string) => `•••• ${value.slice(-4)}`;
