import { type Product } from '@parley/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
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

afterEach(cleanup);

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
