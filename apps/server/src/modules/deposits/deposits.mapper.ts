import { defaultCurrency, type Bundle, type Deposit, type DepositHistoryRow } from '@parley/contracts';
import { type DbOrTrx } from '../../db/database.js';
import { type BundleRow } from '../bundles/bundles.table.js';
import * as repo from './deposits.repository.js';
import { type DepositRow } from './deposits.table.js';

/** Charging is always in EUR; another currency from /currencies only changes what is displayed. */
export interface DisplayCurrency {
  code: string;
  symbol: string;
  value: number;
}
const euro: DisplayCurrency = { code: defaultCurrency.code, symbol: defaultCurrency.symbol, value: 1 };

export async function resolveDisplayCurrency(db: DbOrTrx, code: string | undefined): Promise<DisplayCurrency> {
  if (!code || code.toUpperCase() === euro.code) return euro;
  const row = await repo.findCurrencyByCode(db, code);
  return row && row.value > 0 ? { code: row.code, symbol: row.symbol, value: row.value } : euro;
}

export const euros = (cents: number) => cents / 100;
/** Euro cents → the display currency, rounded to two decimals. */
export const convert = (cents: number, currency: DisplayCurrency) => Math.round(cents * currency.value) / 100;

export function toBundle(row: BundleRow, currency: DisplayCurrency): Bundle {
  return {
    id: row.id,
    description: row.description,
    price: euros(row.price_cents),
    points: row.points,
    display: { currency: currency.code, symbol: currency.symbol, amount: convert(row.price_cents, currency) },
  };
}

export function toDeposit(row: DepositRow, currency: DisplayCurrency): Deposit {
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
      amount: convert(row.amount_cents, currency),
      vat: convert(row.vat_cents, currency),
      total: convert(row.total_cents, currency),
    },
  };
}

export function toHistoryRow(row: { id: number; created_at: string; completed_at: string | null; total_cents: number; points: number }): DepositHistoryRow {
  return { id: row.id, created_at: row.completed_at ?? row.created_at, sum: euros(row.total_cents), points: row.points, currency: 'EUR' };
}
