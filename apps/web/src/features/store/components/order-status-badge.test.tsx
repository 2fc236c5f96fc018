import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithData } from '../../../test/render';
import { OrderStatusBadge } from './order-status-badge';

afterEach(cleanup);

const charged = (refunded: number) => ({ currency: 'EUR', net_cents: 1000, vat_cents: 0, total_cents: 1000, refunded_cents: refunded });

describe('OrderStatusBadge (issue 33 #21)', () => {
  it('says a 10 % refund is a partial one, with the amount given back', () => {
    renderWithData(<OrderStatusBadge label="Refunded" charged={charged(100)} />);
    expect(screen.getByText('Partly refunded (1.00 €)')).toBeTruthy();
  });

  it('keeps "Refunded" when everything went back', () => {
    renderWithData(<OrderStatusBadge label="Refunded" charged={charged(1000)} />);
    expect(screen.getByText('Refunded')).toBeTruthy();
  });
});
