import { texts } from '@parley/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { faqQuery } from '../features/home/api/get-faq';
import { staticPageQuery } from '../features/static-pages/api/get-static-page';
import { resetApiClient } from '../lib/api-client';
import { authStore } from '../lib/auth';
import { reloadConsent } from '../lib/consent';
import { createQueryClient } from '../lib/query-client';
import { countriesQuery, phoneCountryQuery, settingsQuery, socialLinksQuery, staticPagesQuery } from '../lib/reference';
import { userQueryKey } from '../lib/user';
import { startTestApi, type TestApi } from '../test/api-server';
import { clearCookies, useOrigin } from '../test/dom';
import { testCountries } from '../test/render';
import { routes } from './router';

let server: TestApi;
const settings = {
  requisites: ['Parley OÜ', 'Reg 1', 'Tallinn'],
  copyright: '© Parley',
  support_email: 'support@parley.chat',
  support_phone: '+372 600',
  is_reg_enabled: true,
  tag_script: '',
};
const terms = {
  id: 1,
  slug: 'terms',
  title: 'Terms of Service',
  content: '<p style="color:red">Be nice.</p><table><tr><td>1</td></tr></table>',
  is_terms: true,
  is_privacy: false,
  is_buyer_terms: false,
  is_seller_terms: false,
  is_cookie: false,
};
const user = {
  id: 1,
  name: 'Demo',
  surname: 'User',
  email: 'demo@parley.chat',
  email_verified: true,
  balance: 5000,
  avatar_color: 'deep-blue',
  phone: '+37251234567',
  created_at: '2026-11-01T00:00:00Z',
};

beforeAll(async () => {
  server = await startTestApi();
  useOrigin(server);
  server.handle('GET', '/api/sanctum/csrf-cookie', { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=t; Path=/' } });
});
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  clearCookies();
  document.cookie = 'cookie_consent=1; path=/';
  reloadConsent();
  resetApiClient();
  authStore.reset();
});
afterEach(() => {
  cleanup();
  server.requests.length = 0;
});

function renderAt(url: string) {
  return renderAtWithClient(url).router;
}

function renderAtWithClient(url: string) {
  const client = createQueryClient();
  client.setQueryData(settingsQuery.queryKey, settings as never);
  client.setQueryData(staticPagesQuery.queryKey, [{ ...terms, content: undefined }] as never);
  client.setQueryData(socialLinksQuery.queryKey, []);
  client.setQueryData(faqQuery.queryKey, [
    { id: 1, question: 'Is it free?', answer: '<p>Coins.</p>' },
    { id: 2, question: 'Is it safe?', answer: '<p>Yes.</p>' },
  ]);
  client.setQueryData(staticPageQuery('terms').queryKey, terms);
  client.setQueryData(staticPageQuery('1').queryKey, terms);
  client.setQueryData(countriesQuery.queryKey, testCountries);
  client.setQueryData(phoneCountryQuery.queryKey, 'EE');
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}
const here = (router: ReturnType<typeof createMemoryRouter>) => `${router.state.location.pathname}${router.state.location.search}`;
const signIn = () => {
  localStorage.setItem('auth_session', '1');
  authStore.reset();
};

describe('routes and guards (spec §2)', () => {
  it('a first load on a lazily loaded route shows a spinner meanwhile and warns nothing', async () => {
    const warn = vi.spyOn(console, 'warn');
    try {
      renderAt('/products');
      await screen.findByRole('heading', { level: 1 });
      expect(warn.mock.calls.map((call) => String(call[0])).filter((text) => text.includes('HydrateFallback'))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it('sends a guest on a login-required route to sign-in with the full path as redirect', async () => {
    const router = renderAt('/account?tab=personal');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'), { timeout: 5000 }); // lazy routes load slowly on a busy machine
    expect(router.state.location.search).toBe(`?form=signin&redirect=${encodeURIComponent('/account?tab=personal')}`);
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
  });

  it('sends an authenticated user away from guests-only routes to home', async () => {
    signIn();
    const router = renderAt('/auth?form=signup');
    await waitFor(() => expect(here(router)).toBe('/'));
    const reset = renderAt('/reset-password?token=a&email=b');
    await waitFor(() => expect(here(reset)).toBe('/'));
  });

  it('falls back to sign-in for an unknown form and switches forms through the query, keeping redirect', async () => {
    const router = renderAt('/auth?form=bogus&redirect=%2Frooms');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign up' })[0]!);
    await waitFor(() => expect(here(router)).toBe('/auth?form=signup&redirect=%2Frooms'));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await waitFor(() => expect(here(router)).toBe('/auth?form=reset&redirect=%2Frooms'));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
  });

  it('follows the redirect query after sign-in, else goes to /account', async () => {
    server.handle('POST', '/api/login', { json: { status: 'OK', payload: { user } } });
    const router = renderAt('/auth?form=signin&redirect=%2Frooms%3Fpage%3D2');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'demo@parley.chat' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'DemoPass123' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign in' }).at(-1)!);
    await waitFor(() => expect(here(router)).toBe('/rooms?page=2'));
  });

  it('opens the verification page with the email when sign-in answers VERIFY', async () => {
    server.handle('POST', '/api/login', { json: { status: 'VERIFY', message: texts.auth.emailNotVerified, payload: { email: 'new@parley.chat' } } });
    const router = renderAt('/auth?redirect=%2Fchat');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'new@parley.chat' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Whatever1' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign in' }).at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-verification'));
    expect(new URLSearchParams(router.state.location.search).get('email')).toBe('new@parley.chat');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/chat');
  });

  it('confirms a mailed link on the verification page', async () => {
    server.handle('POST', '/api/email/verify', { json: { status: 'OK', message: texts.auth.emailVerified, payload: null } });
    renderAt('/email-verification?id=7&token=abc');
    expect(await screen.findByText(texts.auth.emailVerified)).toBeTruthy();
    expect(JSON.parse(server.requests.find((r) => r.path === '/api/email/verify')!.body)).toMatchObject({ id: 7, token: 'abc' });
  });

  it('redirects /password-restore to /reset-password keeping the query', async () => {
    const router = renderAt('/password-restore?token=abc&email=a%40b.co');
    await waitFor(() => expect(here(router)).toBe('/reset-password?token=abc&email=a%40b.co'));
    expect(await screen.findByText('a@b.co')).toBeTruthy();
  });

  it('shows NotFound for reserved slugs and unknown paths, with Go Back Home', async () => {
    for (const url of ['/topics', '/static-page', '/rooms/1/nothing/here']) {
      renderAt(url);
      expect(await screen.findByText(texts.common.notFound)).toBeTruthy();
      expect(screen.getByRole('link', { name: texts.common.goBackHome }).getAttribute('href')).toBe('/');
      cleanup();
    }
  });

  it('shows NotFound for an unknown static page', async () => {
    server.handle('GET', '/api/static-pages/nope', { status: 404, json: { status: 'ERROR', payload: null, message: 'Page not found' } });
    renderAt('/nope');
    expect(await screen.findByText(texts.common.notFound)).toBeTruthy();
  });

  it('renders a static page by slug and by id, with styles removed and tables wrapped', async () => {
    renderAt('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms of Service', level: 1 })).toBeTruthy();
    const paragraph = await screen.findByText('Be nice.');
    expect(paragraph.getAttribute('style')).toBeNull();
    expect(document.querySelector('.table-scroll > table')).not.toBeNull();
    cleanup();
    renderAt('/static-page/1');
    expect(await screen.findByRole('heading', { name: 'Terms of Service', level: 1 })).toBeTruthy();
  });
});

describe('layout (spec §2 Layout)', () => {
  it('home: transparent header, guest nav, FAQ with several answers open, CTAs to /rooms, full footer', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Welcome!' })).toBeTruthy();
    expect(document.querySelector('.site-header--transparent')).not.toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(Array.from(nav.querySelectorAll('a')).map((a) => a.textContent)).toEqual(['Sign up', 'Sign in']);
    for (const link of screen.getAllByRole('link', { name: texts.home.ctaButton })) expect(link.getAttribute('href')).toBe('/rooms');
    expect(screen.getByRole('heading', { name: texts.home.ctaTitle })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Is it free?' }));
    fireEvent.click(screen.getByRole('button', { name: 'Is it safe?' }));
    expect(await screen.findByText('Coins.')).toBeTruthy();
    expect(await screen.findByText('Yes.')).toBeTruthy();
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(2);
    expect(screen.getByText('Reg 1')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Visa' })).toBeTruthy();
  });

  it('auth screens: no main footer, the auth footer with legal links and support email', async () => {
    renderAt('/auth');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(document.querySelector('.site-footer')).toBeNull();
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(legal.textContent).toContain('Terms of Service');
    expect(screen.getByRole('link', { name: 'support@parley.chat' }).getAttribute('href')).toBe('mailto:support@parley.chat');
  });

  it('other screens use the accent header; signed-in nav and the mobile menu with balance and Logout', async () => {
    signIn();
    server.handle('GET', '/api/user/profile', { json: { status: 'OK', payload: user } });
    server.handle('POST', '/api/logout', { json: { status: 'OK', payload: null } });
    const { router, client } = renderAtWithClient('/terms');
    await screen.findByRole('heading', { name: 'Terms of Service', level: 1 });
    expect(document.querySelector('.site-header--accent')).not.toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Rooms', '/rooms'],
      ['Chat', '/chat'],
      ['My Profile', '/account?tab=personal'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    await waitFor(() => expect(menu.textContent).toContain('5 000 Coins'));
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(authStore.getState().isAuthenticated).toBe(false));
    await waitFor(() => expect(here(router)).toBe('/'));
    expect(server.requests.some((r) => r.path === '/api/logout')).toBe(true);
    expect(client.getQueryData(userQueryKey)).toBeUndefined();
    expect(client.getQueryData(settingsQuery.queryKey)).toBeDefined();
  });

  it('on a 401 from a login-required screen: logs out, toasts once and goes to sign-in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn();
    server.handle('GET', '/api/user/profile', { status: 401, json: { status: 'ERROR', payload: null, message: 'Unauthenticated.' } });
    const router = renderAt('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(screen.getAllByText(texts.common.sessionExpired)).toHaveLength(1);
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/account');
  });

  it('on 403 "not verified": opens the verification page with the email and a redirect back', async () => {
    signIn();
    server.handle('GET', '/api/user/profile', { status: 403, json: { status: 'ERROR', payload: null, message: texts.auth.emailNotVerified } });
    const router = renderAt('/account?tab=balance');
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-verification'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/account?tab=balance');
    expect(await screen.findByRole('button', { name: 'Resend confirmation link' })).toBeTruthy();
  });
});
