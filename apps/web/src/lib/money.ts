import { useCallback } from 'react';
import { useCurrency } from './currency';
import { formatPrice } from './format';

/** Formats cents of any admin-listed currency with its symbol ('30.50 €', '25.93 £'); unknown codes show the code. */
export function useMoneyFormatter() {
  const { currencies } = useCurrency();
  return useCallback(
    (cents: number, code: string) => formatPrice(cents / 100, currencies.find((c) => c.code === code)?.symbol ?? (code === 'EUR' ? '€' : code)),
    [currencies],
  );
}

/** Some but not all of what was charged went back: shown as 'Partly refunded (amount)' rather than 'Refunded'. */
export const isPartlyRefunded = (charged: { total_cents: number; refunded_cents: number }) =>
  charged.refunded_cents > 0 && charged.refunded_cents < charged.total_cents;

/** Same-origin download links: the session cookie authorizes them, the server checks the owner. */
export const receiptHref = (source: 'deposit' | 'order', id: number) => `/api/receipts/${source}/${id}`;
export const statementHref = (from: string, to: string) => `/api/ledger/statement?${new URLSearchParams({ from, to }).toString()}`;
