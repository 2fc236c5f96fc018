import { texts, type NotificationsPayload } from '@parley/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetApiClient } from '../../../lib/api-client';
import { setBaseTitle } from '../../../lib/document-title';
import { startTestApi, type TestApi } from '../../../test/api-server';
import { useOrigin } from '../../../test/dom';
import { renderWithData } from '../../../test/render';
import { NotificationBell } from './notification-bell';

const t = texts.notifications;
let server: TestApi;
let unread = 2;
const payload = (): NotificationsPayload => ({
  unread_count: unread,
  has_more: false,
  notifications: [
    {
      id: 2,
      kind: 'deposit.refunded',
      title: 'Your top-up was refunded',
      body: '500 coins were refunded.',
      link: '/account/history',
      created_at: '2026-11-20T10:00:00.000Z',
      read_at: unread ? null : '2026-11-21T10:00:00.000Z',
    },
    {
      id: 1,
      kind: 'report.dismissed',
      title: 'Your report was reviewed',
      body: 'No rule was broken.',
      link: null,
      created_at: '2026-11-19T10:00:00.000Z',
      read_at: unread ? null : '2026-11-21T10:00:00.000Z',
    },
  ],
});

beforeAll(async () => {
  server = await startTestApi();
  useOrigin(server);
  server.handle('GET', '/api/sanctum/csrf-cookie', { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=t; Path=/' } });
  server.handle('GET', '/api/notifications', () => ({ json: { status: 'OK', payload: payload() } }));
  server.handle('POST', '/api/notifications/read', () => {
    unread = 0;
    return { json: { status: 'OK', payload: { unread_count: 0 } } };
  });
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  resetApiClient();
  server.requests.length = 0;
});

describe('notification bell', () => {
  it('shows the unread count, lists the notices, and marks them all read', async () => {
    renderWithData(
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>,
    );
    const toggle = await screen.findByRole('button', { name: `${t.open}, ${t.unread.replace('{n}', '2')}` });
    expect(toggle.textContent).toContain('2');

    fireEvent.click(toggle);
    const panel = screen.getByRole('dialog', { name: t.title });
    expect(panel.textContent).toContain('Your top-up was refunded');
    expect(panel.textContent).toContain('No rule was broken.');
    expect(screen.getByRole('link', { name: /Your top-up was refunded/ }).getAttribute('href')).toBe('/account/history');

    fireEvent.click(screen.getByRole('button', { name: t.markAllRead }));
    await waitFor(() => expect(screen.getByRole('button', { name: t.open }).textContent).not.toContain('2'));
    const post = server.requests.find((r) => r.method === 'POST' && r.path === '/api/notifications/read');
    expect(JSON.parse(post!.body)).not.toHaveProperty('ids');
    expect(screen.queryByRole('button', { name: t.markAllRead })).toBeNull();
  });

  it('puts the unread count in the tab title and a dot on the favicon, and restores both once read', async () => {
    unread = 3;
    setBaseTitle('Parley');
    renderWithData(
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>,
    );
    const icon = () => document.querySelector('link[rel="icon"]')?.getAttribute('href');
    await waitFor(() => expect(document.title).toBe('(3) Parley'));
    expect(icon()).toBe('/favicon-unread.svg');

    // A language change keeps the count on the new title.
    setBaseTitle('Parley DE');
    expect(document.title).toBe('(3) Parley DE');

    fireEvent.click(screen.getByRole('button', { name: new RegExp(t.open) }));
    fireEvent.click(screen.getByRole('button', { name: t.markAllRead }));
    await waitFor(() => expect(document.title).toBe('Parley DE'));
    expect(icon()).toBe('/favicon.svg');
  });

  it('clears the count when the bell goes away (sign-out)', async () => {
    unread = 1;
    setBaseTitle('Parley');
    const view = renderWithData(
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>,
    );
    await waitFor(() => expect(document.title).toBe('(1) Parley'));
    view.unmount();
    expect(document.title).toBe('Parley');
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon.svg');
  });

  it('closes on Escape', async () => {
    renderWithData(
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(t.open) }));
    expect(screen.getByRole('dialog', { name: t.title })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: t.title })).toBeNull();
  });
});
