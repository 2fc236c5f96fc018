import type { Currency } from '@parley/contracts';
import { defaultCurrency } from '@parley/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { configureApiClient } from './api-client';
import { currenciesQuery } from './reference';
import { currencyKey, storage } from './storage';

interface CurrencyValue {
  currency: string;
  symbol: string;
  currencies: Currency[];
  setCurrency: (code: string) => void;
}

const CurrencyContext = createContext<CurrencyValue>({
  currency: defaultCurrency.code,
  symbol: defaultCurrency.symbol,
  currencies: [],
  setCurrency: () => undefined,
});

/** The chosen currency (EUR by default), sent with every call as `currency`. */
export function CurrencyProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data: currencies = [] } = useQuery(currenciesQuery);
  const [saved, setSaved] = useState(() => storage.get(currencyKey));
  const chosen = currencies.find((c) => c.code === saved) ?? currencies.find((c) => c.default) ?? currencies.find((c) => c.code === defaultCurrency.code);
  const currency = chosen?.code ?? saved ?? defaultCurrency.code;
  const symbol = chosen?.symbol ?? defaultCurrency.symbol;

  useEffect(() => {
    configureApiClient({ getCurrency: () => currency });
  }, [currency]);

  const setCurrency = useCallback(
    (code: string) => {
      storage.set(currencyKey, code);
      setSaved(code);
      configureApiClient({ getCurrency: () => code });
      // Amounts already fetched were priced in the old currency.
      void queryClient.invalidateQueries();
    },
    [queryClient],
  );
  const value = useMemo(() => ({ currency, symbol, currencies, setCurrency }), [currency, symbol, currencies, setCurrency]);
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export const useCurrency = () => useContext(CurrencyContext);
