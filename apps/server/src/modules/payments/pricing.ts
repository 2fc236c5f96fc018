import { defaultCurrency, priceInCurrency } from '@parley/contracts';
import { type DbOrTrx } from '../../db/database.js';
import * as repo from './payments.repository.js';

/** A currency of the admin's list: `value` units per euro. Euro is always there. */
export interface PriceCurrency {
  code: string;
  symbol: string;
  value: number;
}
export const euro: PriceCurrency = { code: defaultCurrency.code, symbol: defaultCurrency.symbol, value: 1 };

/** The buyer's currency (the `currency` every request carries); unknown or unusable codes fall back to euro. */
export async function resolveCurrency(db: DbOrTrx, code: string | undefined): Promise<PriceCurrency> {
  if (!code || code.toUpperCase() === euro.code) return euro;
  const row = await repo.findCurrencyByCode(db, code);
  return row && row.value > 0 ? { code: row.code, symbol: row.symbol, value: row.value } : euro;
}

/** What the buyer is shown and charged for a net euro price: net, VAT and total in their currency's cents. */
export function quoteIn(currency: PriceCurrency, netEuroCents: number, vatPercent: number) {
  return { currency: currency.code, ...priceInCurrency(netEuroCents, currency.value, vatPercent) };
}

/** A product or bundle price for display: net, VAT and total in two decimals of the currency. */
export function displayPrice(currency: PriceCurrency, netEuroCents: number, vatPercent: number) {
  const quote = quoteIn(currency, netEuroCents, vatPercent);
  return { currency: currency.code, symbol: currency.symbol, amount: quote.net_cents / 100, vat: quote.vat_cents / 100, total: quote.total_cents / 100 };
}
