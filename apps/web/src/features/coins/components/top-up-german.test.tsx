import { type Bundle } from '@parley/contracts';
import { cleanup, screen } from '@testing-library/react';
import { type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from '../../../test/render-in-language';
import { TopUpAmountStep } from './top-up-amount-step';

/** A German catalogue as GET /localizations answers it (only what this test looks at). */
const german: Record<string, string> = {
  'topUpUi.modeAmount': 'Betrag',
  'topUpUi.modeBundle': 'Paket',
  'topUpUi.bundles': 'Pakete',
  'coinsUi.coinCount': '{n, plural, one {{nText} Coin} other {{nText} Coins}}',
  'topUpUi.youGet': 'Du erhältst',
  'topUpUi.amountLabel': 'Betrag ({symbol})',
  'topUpUi.minimum': 'Mindestens {price}',
};

/** Renders with German chosen. */
const renderInGerman = (ui: ReactElement) => renderInLanguage(ui, german, 'de');

afterEach(() => {
  cleanup();
});

const bundles: Bundle[] = [
  { id: 1, description: 'Single', price: 0.01, points: 1, display: { currency: 'EUR', symbol: '€', amount: 0.01 } },
  { id: 2, description: 'Big', price: 10, points: 1200, display: { currency: 'EUR', symbol: '€', amount: 10 } },
] as Bundle[];

const props = {
  onMode: vi.fn(),
  onAmount: vi.fn(),
  rate: 100,
  minAmount: 5,
  bundles,
  bundlesPending: false,
  bundlesFailed: false,
  bundleId: 2,
  onBundle: vi.fn(),
  error: null,
  symbol: '€',
  currencyRate: 1,
};

describe('Top Up in German', () => {
  it('shows the amount step in German, coins with the plural rule and the thousands space', () => {
    renderInGerman(<TopUpAmountStep {...props} mode="amount" amountText="12" />);
    expect(screen.getByRole('button', { name: 'Betrag' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Paket' })).toBeTruthy();
    expect(screen.getByLabelText('Betrag (€)')).toBeTruthy();
    expect(screen.getByText('Mindestens 5.00 €')).toBeTruthy();
    expect(screen.getByText('Du erhältst')).toBeTruthy();
    expect(screen.getByText('1 200 Coins')).toBeTruthy();
  });

  it('lists bundles in German: one coin, many coins', () => {
    renderInGerman(<TopUpAmountStep {...props} mode="bundle" amountText="" />);
    expect(screen.getByRole('radiogroup', { name: 'Pakete' })).toBeTruthy();
    expect(screen.getByText('1 Coin')).toBeTruthy();
    expect(screen.getByText('1 200 Coins')).toBeTruthy();
  });
});
