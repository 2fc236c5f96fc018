import { priceInCurrency } from '@parley/contracts';
/** Top-up amount input (spec §5): digits and at most one dot, two decimals at most. */
export function sanitizeAmount(raw: string): string {
  const cleaned = raw.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  if (dot === -1) return cleaned;
  const whole = cleaned.slice(0, dot);
  const fraction = cleaned
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, 2);
  return `${whole}.${fraction}`;
}

/** A positive euro amount, or null for anything else. */
export function parseAmount(value: string): number | null {
  if (!/^\d+(\.\d{0,2})?$/.test(value)) return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** An amount typed in a currency (`rate` per euro) as the euros the server takes, to the cent. */
export const toEuros = (amount: number, rate: number) => (rate > 0 ? Math.round((amount * 100) / rate) / 100 : amount);

/** The euro minimum in a currency (`rate` per euro), rounded up to the cent so that it is never below it. */
export const minInCurrency = (minEuros: number, rate: number) => Math.ceil(Math.round(minEuros * rate * 10_000) / 100) / 100;

/** Coins shown for an amount: amount × conversion rate, rounded (spec §5). */
export const coinsFor = (amount: number | null, rate: number) => (amount === null ? 0 : Math.round(amount * rate));

/** Net, VAT and total in the selected currency (`rate` per euro), computed as the server charges it. */
export function withVat(amountEuros: number, vatPercent: number, rate = 1) {
  const price = priceInCurrency(Math.round(amountEuros * 100), rate, vatPercent);
  return { amount: price.net_cents / 100, vat: price.vat_cents / 100, total: price.total_cents / 100 };
}

/** The gateway's URL: relative to this site, or an absolute http(s) URL. */
export const isValidRedirectUrl = (url: string) => (url.startsWith('/') ? !url.startsWith('//') : /^https?:\/\/[^\s]+$/i.test(url));
