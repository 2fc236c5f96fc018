import { type Bundle, type Charged, type Deposit, type DepositHistoryRow } from '@parley/contracts';
import { type DbOrTrx } from '../../db/database.js';
import { type BundleRow } from '../bundles/bundles.table.js';
import { displayPrice, resolveCurrency, type PriceCurrency } from '../payments/pricing.js';
import { chargedFrom } from '../payments/billing.js';
import { type DepositRow } from './deposits.table.js';

/** The currency the buyer chose (from /currencies); euro when unknown. */
export type DisplayCurrency = PriceCurrency;
export const resolveDisplayCurrency = (db: DbOrTrx, code: string | undefined) => resolveCurrency(db, code);

export const euros = (cents: number) => cents / 100;
/** Euro cents → the display currency, rounded to two decimals. */
export const convert = (cents: number, currency: DisplayCurrency) => Math.round(cents * currency.value) / 100;

export function toBundle(row: BundleRow, currency: DisplayCurrency, vatPercent: number): Bundle {
  return {
    id: row.id,
    description: row.description,
    price: euros(row.price_cents),
    points: row.points,
    display: displayPrice(currency, row.price_cents, vatPercent),
  };
}

/** What the card was charged, in the buyer's currency (rows from before charging in other currencies: euros). */
export const chargedOf = (row: DepositRow): Charged => chargedFrom({ ...row, net_cents: row.amount_cents });

export function toDeposit(row: DepositRow, currency: DisplayCurrency, hasReceipt: boolean): Deposit {
  const charged = chargedOf(row);
  const sameCurrency = charged.currency === currency.code;
  return {
    id: row.id,
    status: row.status,
    amount: euros(row.amount_cents),
    vat_percent: row.vat_percent,
    vat: euros(row.vat_cents),
    total: euros(row.total_cents),
    currency: 'EUR',
    points: row.points,
    bundle_id: row.bundle_id,
    message: row.failure_message,
    created_at: row.created_at,
    display: {
      currency: currency.code,
      symbol: currency.symbol,
      amount: sameCurrency ? euros(charged.net_cents) : convert(row.amount_cents, currency),
      vat: sameCurrency ? euros(charged.vat_cents) : convert(row.vat_cents, currency),
      total: sameCurrency ? euros(charged.total_cents) : convert(row.total_cents, currency),
    },
    charged,
    expires_at: row.expires_at,
    has_receipt: hasReceipt,
  };
}

export function toHistoryRow(row: DepositRow, hasReceipt: boolean): DepositHistoryRow {
  return {
    id: row.id,
    created_at: row.completed_at ?? row.created_at,
    sum: euros(row.total_cents),
    points: row.points,
    currency: 'EUR',
    status: row.status,
    charged: chargedOf(row),
    has_receipt: hasReceipt,
  };
}
