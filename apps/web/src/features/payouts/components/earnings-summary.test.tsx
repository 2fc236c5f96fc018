import { type PayoutMethodsResponse } from '@parley/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithData } from '../../../test/render';
import { EarningsSummary } from './earnings-summary';

const config: PayoutMethodsResponse = {
  methods: [],
  min_amount: 10,
  max_amount: 5000,
  currency: 'EUR',
  symbol: '€',
  available_amount: 12.5,
  points_convertion_rate: 100,
  earnings: { available_coins: 1250, pending_coins: 300, other_coins: 400, next_release_at: '2026-11-30T10:00:00.000Z', hold_days: 7, promo_share_coins: 75 },
};

afterEach(cleanup);

describe('payout form: which coins can be paid out', () => {
  it('shows earned coins that can be paid out, earned coins still pending with the next release, and bought coins separately', () => {
    renderWithData(<EarningsSummary config={config} />);
    expect(screen.getByText('Earned, can be paid out')).toBeTruthy();
    expect(screen.getByTestId('earnings-available').textContent).toBe('1 250 coins (12.50 €)');
    expect(screen.getByText('Earned, pending (7 days)')).toBeTruthy();
    expect(screen.getByTestId('earnings-pending').textContent).toBe('300 coins · next release 30.11.2026');
    expect(screen.getByText('Bought or bonus coins (not paid out)')).toBeTruthy();
    expect(screen.getByTestId('earnings-other').textContent).toBe('400 coins');
  });

  it('says how much of the share was not earned because people paid with promotional coins', () => {
    renderWithData(<EarningsSummary config={config} />);
    expect(screen.getByText('Not earned: paid with promotional coins')).toBeTruthy();
    expect(screen.getByTestId('earnings-promo').textContent).toBe(
      '75 coins · Your share of what people paid with sign-up bonus or promotional coins. Promotional coins never become earnings.',
    );
  });
});
