import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { PageSpinner } from '../components/ui/spinner';
import { authStore } from '../lib/auth';
import { CurrencyProvider } from '../lib/currency';
import { setBaseTitle } from '../lib/document-title';
import { I18nProvider, useI18n, useT } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

/** App state of spec §3: loading until the first auth check has answered. */
function AppInit({ children }: { children: ReactNode }) {
  const t = useT();
  const [loading, setLoading] = useState(true);
  const [initError, setInitError] = useState<string | null>(null);
  useEffect(() => {
    authStore
      .checkAuth()
      .catch((error: unknown) => setInitError(error instanceof Error ? error.message : String(error)))
      .finally(() => setLoading(false));
  }, []);
  if (loading) return <PageSpinner />;
  if (initError !== null) return <p role="alert">{`${t('common.initError')} ${initError}`}</p>;
  return <>{children}</>;
}

/** The page's language and title follow the chosen language (screen readers pick their voice from `lang`). */
function DocumentLanguage() {
  const { t, locale } = useI18n();
  useEffect(() => {
    document.documentElement.lang = locale;
    setBaseTitle(t('appUi.documentTitle'));
  }, [t, locale]);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <CurrencyProvider>
          <DocumentLanguage />
          <AppInit>{children}</AppInit>
        </CurrencyProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
