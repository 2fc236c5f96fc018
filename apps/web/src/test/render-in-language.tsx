import { type Catalogue } from '@parley/contracts/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement } from 'react';
import { CatalogueProvider } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { countriesQuery, phoneCountryQuery, staticPagesQuery } from '../lib/reference';
import { testCountries } from './render';

/** Renders as renderWithData does, in a language given by its catalogue (what GET /localizations returns). */
export function renderInLanguage(ui: ReactElement, catalogue: Catalogue, locale: string) {
  const client = createQueryClient();
  client.setQueryData(countriesQuery.queryKey, testCountries);
  client.setQueryData(phoneCountryQuery.queryKey, 'EE');
  client.setQueryData(staticPagesQuery.queryKey, []);
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <CatalogueProvider catalogue={catalogue} locale={locale}>
          {ui}
        </CatalogueProvider>
      </QueryClientProvider>,
    ),
  };
}
