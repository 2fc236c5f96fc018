import { type CheckoutPrefill, type Product } from '@parley/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetApiClient } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { startTestApi, type TestApi } from '../../../test/api-server';
import { useOrigin } from '../../../test/dom';
import { testCountries } from '../../../test/render';
import { CheckoutForm } from './checkout-form';

let server: TestApi;
const product: Product = {
  id: 3,
  name: 'Midnight skin',
  description: 'A dark chat skin',
  kind: 'bubble_color',
  look: 'midnight',
  price_cents: 499,
  price: 4.99,
  currency: 'EUR',
  image_url: '',
  is_active: true,
  is_owned: false,
  display: { currency: 'EUR', symbol: '€', amount: 4.99, vat: 1.1, total: 6.09 },
};
const saved: CheckoutPrefill = {
  name: 'Mari',
  surname: 'Tamm',
  email: 'mari@example.com',
  phone: '+3725551234',
  country: 2,
  city: 'London',
  address: '1 High St',
  postCode: 'N1 9GU',
};

beforeAll(async () => {
  server = await startTestApi();
  useOrigin(server);
  server.handle('GET', '/api/checkout/prefill', { json: { status: 'OK', payload: saved } });
  // The countries arrive after the saved details, as on a cold page load.
  server.handle('GET', '/api/countries', { delayMs: 150, json: { status: 'OK', payload: testCountries } });
  server.handle('GET', '/api/settings', { json: { status: 'OK', payload: { vat_percent: 22 } } });
  server.handle('GET', '/api/static-pages', { json: { status: 'OK', payload: [] } });
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  resetApiClient();
});

describe('store checkout: Save information for future purchases', () => {
  it('restores every saved field, the country too, even when the country list arrives last', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <CheckoutForm product={product} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('London'));
    await screen.findByRole('option', { name: 'United Kingdom' });
    const country = screen.getByLabelText('Country') as HTMLSelectElement;
    await waitFor(() => expect(country.value).toBe('2'));
    expect((screen.getByLabelText('Post code') as HTMLInputElement).value).toBe('N1 9GU');
    expect((screen.getByLabelText('Save information for future purchases') as HTMLInputElement).checked).toBe(true);
  });
});
