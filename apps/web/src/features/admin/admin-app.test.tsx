import { texts, type AdminApplication, type AdminPayoutRow, type AdminReportRow } from '@parley/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { resetApiClient } from '../../lib/api-client';
import { authStore } from '../../lib/auth';
import { createQueryClient } from '../../lib/query-client';
import { startTestApi, type TestApi } from '../../test/api-server';
import { clearCookies, useOrigin } from '../../test/dom';

let server: TestApi;
const profile = (isAdmin: boolean) => ({
  id: 7,
  name: 'Ada',
  surname: 'Admin',
  email: isAdmin ? 'admin@parley.chat' : 'demo@parley.chat',
  is_admin: isAdmin,
  two_factor_enabled: isAdmin,
  email_verified: true,
  balance: 0,
  avatar_color: 'deep-blue',
  created_at: '2026-11-01T00:00:00Z',
});
const page = <T,>(items: T[]) => ({
  status: 'OK',
  payload: { items, meta: { current_page: 1, per_page: 20, total: items.length, last_page: 1, from: 1, to: items.length } },
});
// Answers in the contract's full shape: the console parses every answer (issue 32 §3).
const report: AdminReportRow = {
  id: 3,
  type: 'user',
  status: 'open',
  topic_id: 9,
  topic_title: 'Late talk',
  topic_is_closed: false,
  topic_owner_id: 4,
  reporter_id: 2,
  reporter_email: 'reporter@parley.chat',
  reported_user_id: 5,
  reported_email: 'rude@parley.chat',
  reported_banned_at: null,
  reason: null,
  details: null,
  snapshot: [{ id: 1, sender: { name: 'Rude' }, content: 'something rude' }],
  created_at: '2026-11-23T10:00:00.000Z',
  resolved_at: null,
  resolved_by: null,
};

const now = '2026-11-27T12:00:00.000Z';
const systemStatus = {
  version: '1.4.0',
  commit: 'abc1234',
  node: 'v20.19.0',
  environment: 'production',
  database_kind: 'postgres',
  instances: [
    { id: 'a', hostname: 'app-1', pid: 101, version: '1.4.0', started_at: '2026-11-27T08:00:00.000Z', last_seen: '2026-11-27T11:59:50.000Z', is_current: true },
    {
      id: 'b',
      hostname: 'app-2',
      pid: 202,
      version: '1.4.0',
      started_at: '2026-11-27T08:00:15.000Z',
      last_seen: '2026-11-27T11:59:45.000Z',
      is_current: false,
    },
  ],
  dependencies: [
    { name: 'database', state: 'up', detail: 'PostgreSQL', checked_at: now },
    { name: 'redis', state: 'down', detail: 'Redis: no PONG (connection reconnecting)', checked_at: now },
    { name: 'storage', state: 'up', detail: 'S3 bucket uploads', checked_at: now },
    { name: 'smtp', state: 'not_configured', detail: 'SMTP_URL not set', checked_at: now },
    { name: 'llm', state: 'up', detail: 'openai', checked_at: now },
    { name: 'payments', state: 'up', detail: 'stripe gateway', checked_at: now },
  ],
  jobs: { due: 3, running: 1, scheduled: 4, dead: 1, oldest_due_age_s: 42 },
  last_backup: { at: '2026-11-27T03:00:00.000Z', note: 'pg_dump', recorded_by: 'cli' },
  generated_at: now,
};
const deadJob = {
  id: 41,
  kind: 'mail.send',
  attempts: 10,
  last_error: 'connect ECONNREFUSED',
  finished_at: '2026-11-27T11:00:00.000Z',
  created_at: '2026-11-27T09:00:00.000Z',
};

beforeAll(async () => {
  server = await startTestApi();
  useOrigin(server);
  server.handle('GET', '/api/sanctum/csrf-cookie', { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=t; Path=/' } });
  server.handle('GET', '/api/admin/reports', { json: page([report]) });
  server.handle('POST', '/api/admin/reports/3/decide', { json: { status: 'OK', payload: { ...report, status: 'resolved', refunded: 0, reversed: 0 } } });
  server.handle('GET', '/api/admin/system', { json: { status: 'OK', payload: systemStatus } });
  server.handle('GET', '/api/admin/system/dead-jobs', { json: page([deadJob]) });
  server.handle('POST', '/api/admin/system/jobs/41/retry', { json: { status: 'OK', payload: { id: 41, status: 'pending' } } });
  server.handle('POST', '/api/admin/system/jobs/41/discard', { json: { status: 'OK', payload: { id: 41, status: 'discarded' } } });
});
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  clearCookies();
  resetApiClient();
  authStore.reset();
});
afterEach(() => {
  cleanup();
  server.requests.length = 0;
});

function renderAt(url: string, isAdmin: boolean | null) {
  if (isAdmin !== null) {
    localStorage.setItem('auth_session', '1');
    authStore.reset();
    server.handle('GET', '/api/user/profile', { json: { status: 'OK', payload: profile(isAdmin) } });
  }
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('admin console', () => {
  it('sends a guest to sign-in with /admin as the redirect', async () => {
    const router = renderAt('/admin/users', null);
    // The console is a lazy chunk: its first import in a cold test run can take over a second.
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'), { timeout: 5000 });
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/admin/users');
  });

  it('shows a normal user no console and calls no admin endpoint', async () => {
    renderAt('/admin/reports', false);
    expect(await screen.findByText('This action is unauthorized.')).toBeTruthy();
    expect(server.requests.some((r) => r.path.startsWith('/api/admin'))).toBe(false);
  });

  it('sends an admin without two-factor sign-in to set it up, calling no admin endpoint (issue 15)', async () => {
    localStorage.setItem('auth_session', '1');
    authStore.reset();
    server.handle('GET', '/api/user/profile', { json: { status: 'OK', payload: { ...profile(true), two_factor_enabled: false } } });
    const router = createMemoryRouter(routes, { initialEntries: ['/admin/reports'] });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(texts.twoFactor.adminSetupIntro)).toBeTruthy();
    expect(screen.getByRole('link', { name: texts.twoFactor.start }).getAttribute('href')).toBe('/account?tab=security');
    expect(server.requests.some((r) => r.path.startsWith('/api/admin'))).toBe(false);
  });

  it('bans from the reports queue only after the confirmation dialog', async () => {
    renderAt('/admin/reports', true);
    expect(await screen.findByText('rude@parley.chat')).toBeTruthy();
    expect(screen.getByText('something rude')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    const dialog = await screen.findByRole('dialog');
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(server.requests.find((r) => r.method === 'POST' && r.path === '/api/admin/reports/3/decide')).toBeTruthy());
    const sent = server.requests.find((r) => r.path === '/api/admin/reports/3/decide')!;
    expect(JSON.parse(sent.body)).toEqual({ action: 'ban_user' });
    expect(sent.headers['x-xsrf-token']).toBe('t');
    expect(await screen.findByText('User banned')).toBeTruthy();
  });

  it('shows the System page: dependencies, instances, the queue; retries a dead job at once and discards one only after confirming', async () => {
    renderAt('/admin/system', true);
    const dependencies = await screen.findByRole('region', { name: 'Dependencies' });
    const redis = within(dependencies).getByText('Redis').closest('tr')!;
    expect(within(redis).getByText('down')).toBeTruthy();
    expect(within(redis).getByText(/no PONG/)).toBeTruthy();
    const instances = screen.getByRole('region', { name: 'Instances' });
    expect(within(instances).getByText('app-2')).toBeTruthy();
    expect(within(instances).getByText('this one')).toBeTruthy();
    expect(await screen.findByText('connect ECONNREFUSED')).toBeTruthy();
    expect(screen.getByText(/recorded by cli: pg_dump/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(server.requests.find((r) => r.method === 'POST' && r.path === '/api/admin/system/jobs/41/retry')).toBeTruthy());
    expect(server.requests.find((r) => r.path === '/api/admin/system/jobs/41/retry')!.headers['x-xsrf-token']).toBe('t');

    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog');
    expect(server.requests.some((r) => r.path === '/api/admin/system/jobs/41/discard')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(server.requests.find((r) => r.method === 'POST' && r.path === '/api/admin/system/jobs/41/discard')).toBeTruthy());
  });

  it('shows a payout amount in its currency format and the method by its label (issue 33 #21)', async () => {
    const payout: AdminPayoutRow = {
      id: 4,
      user_id: 7,
      user_email: 'c@parley.chat',
      user_name: 'C',
      first_name: 'Cara',
      last_name: 'Lee',
      country_id: 1,
      city: 'Berlin',
      address: 'Street 1',
      zip: '10115',
      amount: 1,
      currency: 'EUR',
      coins: 100,
      method: 'card',
      destination: '•••• 4242',
      status: 'pending',
      decided_by: null,
      approved_at: null,
      paid_at: null,
      rejected_at: null,
      rejection_reason: null,
      risk: { flag: null, fresh_days: 7, fresh_accounts_percent: 0, shared_address_percent: 0 },
      created_at: '2026-11-23',
      updated_at: '2026-11-23',
    };
    server.handle('GET', '/api/admin/payouts', { json: page([payout]) });
    renderAt('/admin/payouts', true);
    expect(await screen.findByText('€1.00')).toBeTruthy();
    expect(screen.getByText('Card')).toBeTruthy();
    expect(screen.queryByText('1 EUR')).toBeNull();
  });

  it('rejects an application only with a reason, and sends it (issue 33 #19)', async () => {
    const application: AdminApplication = {
      id: 6,
      nickname: 'Kind',
      email: 'k@parley.chat',
      user_id: 8,
      user_email: 'k@parley.chat',
      user_name: 'Kim',
      experience: 'x',
      interests: 'y',
      help_description: 'z',
      status: 'pending',
      created_at: '2026-11-23',
      decided_at: null,
      decided_by: null,
    };
    server.handle('GET', '/api/admin/applications', { json: page([application]) });
    server.handle('POST', '/api/admin/applications/6/reject', { json: { status: 'OK', payload: { ...application, status: 'rejected' } } });
    renderAt('/admin/applications', true);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Too short' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(server.requests.find((r) => r.path === '/api/admin/applications/6/reject')).toBeTruthy());
    expect(JSON.parse(server.requests.find((r) => r.path === '/api/admin/applications/6/reject')!.body)).toEqual({ reason: 'Too short' });
  });
});
