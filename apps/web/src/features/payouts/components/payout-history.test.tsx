import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetApiClient } from '../../../lib/api-client';
import { startTestApi, type TestApi } from '../../../test/api-server';
import { useOrigin } from '../../../test/dom';
import { renderWithData } from '../../../test/render';
import { PayoutHistory } from './payout-history';

let server: TestApi;
const row = {
  id: 4812,
  created_at: '2026-11-20T10:00:00.000Z',
  method: 'sepa',
  status: 'pending',
  amount: 25,
  currency: 'EUR',
  coins: 2500,
  destination: 'DE** **** 4821',
};

beforeAll(async () => {
  server = await startTestApi();
  useOrigin(server);
  server.handle('GET', '/api/payouts', {
    json: { status: 'OK', payload: { data: [row], meta: { current_page: 1, last_page: 1, per_page: 5, total: 1, from: 1, to: 1 } } },
  });
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  resetApiClient();
});

describe('payout history (spec §3 row: id, created_at, method, status, amount)', () => {
  it('shows each request with its ID, so a user can quote it to support', async () => {
    renderWithData(<PayoutHistory />);
    const table = screen.getByRole('table', { name: 'Payout history' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Date', 'Method', 'Destination', 'Amount', 'Status']);
    const cells = (await within(table).findByText('#4812')).closest('tr')!.querySelectorAll('td');
    expect([...cells].map((td) => td.textContent)).toEqual(['#4812', '20.11.2026', 'SEPA transfer', 'DE** **** 4821', '25.00 €', 'Pending']);
  });
});
