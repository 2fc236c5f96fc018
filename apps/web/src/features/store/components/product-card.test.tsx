import { type Language, type Product } from '@parley/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { languagesQuery } from '../../../lib/reference';
import { ProductCard } from './product-card';

const product: Product = {
  id: 3,
  name: 'Ruby Red',
  description: 'Red bubbles',
  kind: 'bubble_color',
  look: 'red',
  price_cents: 199,
  price: 1.99,
  currency: 'EUR',
  image_url: '/api/products/3/preview.svg',
  is_active: true,
  is_owned: false,
  display: { currency: 'USD', symbol: '$', amount: 2.15, vat: 0.47, total: 2.62 },
};

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const languages: Language[] = [
  { id: 1, code: 'en', title: 'English', default: 1 },
  { id: 2, code: 'de', title: 'Deutsch', default: 0 },
];

/** Renders with German chosen: the language list and a German catalogue already in the cache. */
function renderInGerman(ui: ReactElement, catalogue: Record<string, string>) {
  localStorage.setItem('languageId', '2');
  const client = createQueryClient();
  client.setQueryData(languagesQuery.queryKey, languages);
  client.setQueryData(['localizations', 2], catalogue);
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider>{ui}</I18nProvider>
    </QueryClientProvider>,
  );
}

describe('store prices', () => {
  it('follow the selected currency like bundles do (the price the server converted, two decimals)', () => {
    render(
      <MemoryRouter>
        <ProductCard product={product} />
      </MemoryRouter>,
    );
    expect(screen.getByText('2.15 $')).toBeTruthy();
    expect(screen.queryByText('1.99 €')).toBeNull();
  });
});

describe('the store in German', () => {
  it('names the kind, the preview and the Buy link from the German catalogue', () => {
    renderInGerman(
      <MemoryRouter>
        <ProductCard product={product} />
      </MemoryRouter>,
      { 'storeUi.kindBubbleColor': 'Blasenfarbe', 'storeUi.previewAlt': 'Vorschau von {name}', 'storeUi.buy': 'Kaufen' },
    );
    expect(screen.getByText('Blasenfarbe')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Vorschau von Ruby Red' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kaufen' })).toBeTruthy();
  });
});
