import { texts, type CheckoutPrefill, type UserProfile } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FailPaymentRoute, ProcessingPaymentRoute, SuccessPaymentRoute } from '../../../app/routes/payment-result';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { CurrencyProvider } from '../../../lib/currency';
import { countriesQuery, settingsQuery, staticPagesQuery } from '../../../lib/reference';
import { topUpModal } from '../utils/top-up-store';
import { TopUpModal } from './top-up-modal';
import { englishText } from '@parley/contracts/i18n';
import { testDeposit } from '../../../test/contract-fixtures';

/** A real local HTTP server standing in for the API. */
let server: Server;
const checkouts: Record<string, unknown>[] = [];
let checkoutReply: { status: number; body: unknown } = { status: 200, body: {} };
/** The last top-up's details the server answers (null: 404, the profile is used). */
let prefill: CheckoutPrefill | null = null;
/** Per deposit id: the statuses answered in turn; the last one repeats. */
const depositStatuses: Record<number, string[]> = {};

function handle(request: IncomingMessage, response: ServerResponse) {
  response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
  response.setHeader('Access-Control-Allow-Credentials', 'true');
  response.setHeader('Access-Control-Allow-Headers', 'content-type, accept, x-requested-with, x-xsrf-token, authorization');
  const json = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (request.method === 'OPTIONS') return void response.writeHead(204).end();
  const url = new URL(request.url ?? '/', 'http://x');
  if (url.pathname === '/api/sanctum/csrf-cookie') return void response.writeHead(204).end();
  if (url.pathname === '/api/bundles/index') {
    return json(200, {
      status: 'OK',
      payload: [{ id: 7, description: 'Starter', price: 5, points: 600, display: { currency: 'EUR', symbol: '€', amount: 5 } }],
    });
  }
  if (url.pathname === '/api/currencies') {
    return json(200, {
      status: 'OK',
      payload: [
        { id: 1, code: 'EUR', symbol: '€', value: 1, default: true },
        { id: 3, code: 'GBP', symbol: '£', value: 0.85, default: false },
      ],
    });
  }
  if (url.pathname === '/api/deposit/prefill' && prefill) return json(200, { status: 'OK', payload: prefill });
  if (url.pathname === '/api/deposit/checkout') {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      checkouts.push(JSON.parse(raw) as Record<string, unknown>);
      json(checkoutReply.status, checkoutReply.body);
    });
    return;
  }
  const status = /^\/api\/deposit\/status\/(\d+)$/.exec(url.pathname);
  if (status) {
    const queue = depositStatuses[Number(status[1])] ?? ['pending'];
    return json(200, { status: 'OK', payload: testDeposit({ id: Number(status[1]), status: queue.length > 1 ? queue.shift() : queue[0], points: 2500 }) });
  }
  json(404, { status: 'ERROR', payload: null, message: 'not found', errors: {} });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api` });
});
afterAll(async () => {
  resetApiClient();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  cleanup();
  topUpModal.close();
});

const user = {
  id: 1,
  name: 'Ada',
  surname: 'Lovelace',
  email: 'ada@example.com',
  phone: '+37251234567',
  country_id: 1,
  city: null,
  address: null,
  zip: null,
  balance: 0,
} as UserProfile;

function renderWithClient(ui: React.ReactElement, initialPath = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(countriesQuery.queryKey, [{ id: 1, title: 'Estonia', iso: 'EE', dial_code: '+372' }]);
  client.setQueryData(staticPagesQuery.queryKey, []);
  client.setQueryData(settingsQuery.queryKey, { min_top_up_amount: 5, vat_percent: 22, points_convertion_rate: 100 } as never);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[initialPath]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Top Up modal', () => {
  it('preselects 25, strips the input, previews coins, validates, then walks the details step to the redirect', async () => {
    renderWithClient(<TopUpModal user={user} />);
    act(() => topUpModal.open());
    const input = await screen.findByLabelText('Amount (€)');
    expect((input as HTMLInputElement).value).toBe('25');
    expect(screen.getByRole('button', { name: '25 €' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('2 500 Coins')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'a1.2.35x' } });
    expect((input as HTMLInputElement).value).toBe('1.23');
    expect(screen.getByText('123 Coins')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(englishText('topUp.minTopUp', { min: '5.00 €' }))).toBeTruthy();
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(texts.topUp.validAmount)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '10 €' }));
    // A valid quick amount answers the complaint: it goes at once (issue 13).
    expect(screen.queryByText(texts.topUp.validAmount)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const pay = await screen.findByRole('button', { name: 'Pay 12.20 €' });
    fireEvent.click(pay);
    for (const message of [texts.topUp.cityRequired, texts.topUp.addressRequired, texts.topUp.postCodeRequired, texts.topUp.acceptTerms])
      expect(await screen.findByText(message)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Amount (€)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    fireEvent.change(await screen.findByLabelText('City'), { target: { value: 'Tallinn' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'Narva mnt 5' } });
    fireEvent.change(screen.getByLabelText('Post code'), { target: { value: '10117' } });
    fireEvent.click(screen.getByLabelText(/I accept the/));
    checkoutReply = { status: 502, body: { status: 'ERROR', payload: null, message: texts.topUp.gatewayError, errors: {} } };
    fireEvent.click(screen.getByRole('button', { name: 'Pay 12.20 €' }));
    expect(await screen.findByText(texts.topUp.gatewayError)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay 12.20 €' })).toBeTruthy(); // back on step 2

    checkoutReply = {
      status: 200,
      body: { status: 'OK', redirect_url: '/sandbox-pay/sbx_1', payload: { deposit: testDeposit({ id: 9 }), redirect_url: '/sandbox-pay/sbx_1' } },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Pay 12.20 €' }));
    expect(await screen.findByRole('button', { name: texts.topUp.goToPaymentPage })).toBeTruthy();
    expect(checkouts.at(-1)).toMatchObject({
      amount: 10,
      name: 'Ada',
      surname: 'Lovelace',
      country: '1',
      city: 'Tallinn',
      postCode: '10117',
      accept_terms: true,
    });
  }, 20_000);

  it('opens in bundle mode for a bundle and sends its id', async () => {
    checkoutReply = {
      status: 200,
      body: {
        status: 'OK',
        redirect_url: 'https://checkout.stripe.com/c/pay/cs_1',
        payload: { deposit: testDeposit({ id: 10 }), redirect_url: 'https://checkout.stripe.com/c/pay/cs_1' },
      },
    };
    renderWithClient(<TopUpModal user={{ ...user, city: 'Tartu', address: 'Ülikooli 18', zip: '50090' }} />);
    act(() => topUpModal.open(7));
    expect(((await screen.findByRole('radio')) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByLabelText(/I accept the/));
    fireEvent.click(screen.getByRole('button', { name: 'Pay 6.10 €' }));
    expect(await screen.findByRole('button', { name: texts.topUp.goToPaymentPage })).toBeTruthy();
    expect(checkouts.at(-1)).toMatchObject({ bundle_id: 7, city: 'Tartu' });
    expect(checkouts.at(-1)).not.toHaveProperty('amount');
  });
});

describe('Top Up modal in another currency and with earlier details (issue 33)', () => {
  it('takes the amount in the selected currency (£), like the bundles beside it, and sends its euros', async () => {
    localStorage.setItem('currency', 'GBP');
    checkoutReply = {
      status: 200,
      body: { status: 'OK', redirect_url: '/sandbox-pay/sbx_2', payload: { deposit: testDeposit({ id: 11 }), redirect_url: '/sandbox-pay/sbx_2' } },
    };
    renderWithClient(
      <CurrencyProvider>
        <TopUpModal user={{ ...user, city: 'Tartu', address: 'Ülikooli 18', zip: '50090' }} />
      </CurrencyProvider>,
    );
    act(() => topUpModal.open());
    const input = await screen.findByLabelText('Amount (£)');
    expect(screen.getByRole('button', { name: '10 £' })).toBeTruthy();
    expect(screen.getByText(englishText('topUpUi.minimum', { price: '4.25 £' }))).toBeTruthy();
    fireEvent.change(input, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(englishText('topUp.minTopUp', { min: '4.25 £' }))).toBeTruthy();
    fireEvent.change(input, { target: { value: '17' } });
    // £17 is €20: 2 000 coins.
    expect(screen.getByText('2 000 Coins')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByLabelText(/I accept the/));
    fireEvent.click(screen.getByRole('button', { name: 'Pay 20.74 £' }));
    expect(await screen.findByRole('button', { name: texts.topUp.goToPaymentPage })).toBeTruthy();
    expect(checkouts.at(-1)).toMatchObject({ amount: 20 });
    localStorage.removeItem('currency');
  });

  it('starts the details from the last top-up', async () => {
    prefill = {
      name: 'Ada',
      surname: 'King',
      email: 'ada@example.com',
      phone: '+37255555555',
      country: 1,
      city: 'Tartu',
      address: 'Rüütli 1',
      postCode: '51007',
    };
    renderWithClient(<TopUpModal user={user} />);
    act(() => topUpModal.open());
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(((await screen.findByLabelText('Surname')) as HTMLInputElement).value).toBe('King');
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Tartu');
    expect((screen.getByLabelText('Post code') as HTMLInputElement).value).toBe('51007');
    prefill = null;
  });
});

describe('payment result pages (type=topup)', () => {
  const pages = (
    <Routes>
      <Route path="/processing-payment" element={<ProcessingPaymentRoute />} />
      <Route path="/success-payment" element={<SuccessPaymentRoute />} />
      <Route path="/fail-payment" element={<FailPaymentRoute />} />
    </Routes>
  );

  it('a missing order_id goes to the fail page with its message', async () => {
    renderWithClient(pages, '/processing-payment?type=topup');
    expect(await screen.findByText(texts.topUp.transactionIdMissing)).toBeTruthy();
    expect(screen.getByRole('link', { name: texts.topUp.tryAgain }).getAttribute('href')).toBe('/account');
  });

  it('polls until success, then shows the success page with View History', async () => {
    depositStatuses[5] = ['pending', 'success'];
    renderWithClient(pages, '/processing-payment?order_id=5&type=topup');
    expect(screen.getByText('Processing your payment')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: texts.topUp.viewHistory })).toBeTruthy(), { timeout: 6000 });
    expect(screen.getByRole('link', { name: texts.topUp.viewHistory }).getAttribute('href')).toBe('/account?tab=balance');
    expect(screen.getByRole('link', { name: texts.topUp.returnHome })).toBeTruthy();
  }, 10_000);

  it('an error status goes to the fail page with "Payment failed or was cancelled."; the default shows without an error query', async () => {
    depositStatuses[6] = ['error'];
    renderWithClient(pages, '/processing-payment?order_id=6&type=topup');
    expect(await screen.findByText(texts.topUp.paymentFailedOrCancelled)).toBeTruthy();
    cleanup();
    renderWithClient(pages, '/fail-payment?order_id=6&type=topup');
    expect(await screen.findByText(texts.topUp.paymentFailed)).toBeTruthy();
  });
});
