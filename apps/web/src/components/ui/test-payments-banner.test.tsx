import { texts, type PublicSettings } from '@parley/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render as renderDom, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsQuery } from '../../lib/reference';
import { createQueryClient } from '../../lib/query-client';
import { TestPaymentsBanner } from './test-payments-banner';

/** The settings already in the cache, as after the app's first load. */
const render = (testPayments: boolean) => {
  const client = createQueryClient();
  client.setQueryData(settingsQuery.queryKey, { test_payments: testPayments } as PublicSettings);
  return renderDom(
    <QueryClientProvider client={client}>
      <TestPaymentsBanner />
    </QueryClientProvider>,
  );
};

describe('Test payments banner', () => {
  afterEach(cleanup);

  it('says payments are test payments while the sandbox gateway runs', async () => {
    render(true);
    expect((await screen.findByRole('note')).textContent).toContain(texts.payments.testMode);
  });

  it('is absent with a real gateway', () => {
    render(false);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
