import { type Product } from '@parley/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInLanguage } from '../../../test/render-in-language';
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
});

/** Renders with German chosen (its catalogue as GET /localizations answers it). */
const renderInGerman = (ui: ReactElement, catalogue: Record<string, string>) => renderInLanguage(ui, catalogue, 'de');

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
