import { type Country } from '@parley/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement } from 'react';
import { createQueryClient } from '../lib/query-client';
import { countriesQuery, phoneCountryQuery, staticPagesQuery } from '../lib/reference';

export const testCountries: Country[] = [
  { id: 1, title: 'Estonia', iso: 'EE', dial_code: '+372' },
  { id: 2, title: 'United Kingdom', iso: 'GB', dial_code: '+44' },
  { id: 3, title: 'United States', iso: 'US', dial_code: '+1' },
  { id: 4, title: 'Ukraine', iso: 'UA', dial_code: '+380' },
];

/** Renders with a query cache already holding the reference data, so no request is needed. */
export function renderWithData(
  ui: ReactElement,
  { countries = testCountries, phoneCountry = 'EE' }: { countries?: Country[]; phoneCountry?: string | null } = {},
) {
  const client = createQueryClient();
  client.setQueryData(countriesQuery.queryKey, countries);
  client.setQueryData(phoneCountryQuery.queryKey, phoneCountry);
  client.setQueryData(staticPagesQuery.queryKey, []);
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}
