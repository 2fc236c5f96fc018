import { texts, type NotificationSettings } from '@parley/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, configureApiClient, resetApiClient } from '../../../lib/api-client';
import { startTestApi, type TestApi } from '../../../test/api-server';
import { useOrigin } from '../../../test/dom';
import { testTopic } from '../../../test/contract-fixtures';
import { renderWithData } from '../../../test/render';
import { useViewingSignal } from '../hooks/use-viewing-signal';
import { NotificationSettingsPanel } from './notification-settings';
import { OfflineBanner } from './offline-banner';

const t = texts.push;
let server: TestApi;
let settings: NotificationSettings;

beforeAll(async () => {
  server = await startTestApi();
  useOrigin(server);
  server.handle('GET', '/api/sanctum/csrf-cookie', { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=t; Path=/' } });
  server.handle('GET', '/api/notifications/settings', () => ({ json: { status: 'OK', payload: settings } }));
  server.handle('PUT', '/api/notifications/settings', (request) => {
    const body = JSON.parse(request.body) as Partial<NotificationSettings>;
    settings = { ...settings, ...body };
    return { json: { status: 'OK', payload: settings } };
  });
  server.handle('PUT', '/api/notifications/mutes', (request) => {
    const body = JSON.parse(request.body) as { topic_id: number; muted: boolean };
    settings = { ...settings, muted_topic_ids: body.muted ? [body.topic_id] : [] };
    return { json: { status: 'OK', payload: settings } };
  });
  server.handle('PUT', '/api/notifications/viewing', { json: { status: 'OK', payload: null } });
  server.handle('GET', '/api/topics/active', {
    json: { status: 'OK', payload: [testTopic({ id: 7, title: 'Evening talk' })], current_count: 1, max_allowed: 1 },
  });
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  resetApiClient();
  server.requests.length = 0;
});

describe('Account → Notifications', () => {
  it('saves quiet hours and the mail digest, and mutes a conversation', async () => {
    settings = {
      quiet_start: null,
      quiet_end: null,
      time_zone: 'UTC',
      email_digest: true,
      digest_after_minutes: 10,
      muted_topic_ids: [],
      push_public_key: null,
      push_devices: 0,
    };
    renderWithData(<NotificationSettingsPanel />);
    // This browser (happy-dom) has no push: the panel says so instead of offering a button that cannot work.
    expect(await screen.findByText(t.pushUnavailable)).toBeTruthy();

    fireEvent.click(screen.getByLabelText(t.quietEnabled));
    fireEvent.change(screen.getByLabelText(t.quietFrom), { target: { value: '23:00' } });
    fireEvent.change(screen.getByLabelText(t.quietTo), { target: { value: '06:30' } });
    fireEvent.change(screen.getByLabelText(t.digestAfter), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT' && r.path === '/api/notifications/settings')).toBe(true));
    const saved = JSON.parse(server.requests.find((r) => r.path === '/api/notifications/settings' && r.method === 'PUT')!.body) as Record<string, unknown>;
    expect(saved).toMatchObject({ quiet_start: '23:00', quiet_end: '06:30', email_digest: true, digest_after_minutes: 25 });
    expect(typeof saved.time_zone).toBe('string');

    fireEvent.click(await screen.findByRole('button', { name: t.mute }));
    expect(await screen.findByRole('button', { name: t.unmute })).toBeTruthy();
    expect(screen.getByText('Evening talk')).toBeTruthy();
  });
});

describe('offline banner', () => {
  it('shows while a request cannot reach the server, and goes once one does', async () => {
    renderWithData(<OfflineBanner />);
    expect(screen.queryByText(t.offline)).toBeNull();
    // A request that gets no answer at all (connection refused: nothing listens on port 1).
    configureApiClient({ baseUrl: 'http://127.0.0.1:1/api' });
    await act(async () => {
      await api.get('/notifications/settings').catch(() => undefined);
    });
    expect(await screen.findByText(t.offline)).toBeTruthy();
    resetApiClient();
    await act(async () => {
      await api.get('/notifications/settings');
    });
    await waitFor(() => expect(screen.queryByText(t.offline)).toBeNull());
  });
});

function Viewing() {
  useViewingSignal(true);
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/rooms')}>
      leave
    </button>
  );
}

describe('viewing signal', () => {
  it('tells the server which conversation this tab shows, and when it shows none', async () => {
    renderWithData(
      <MemoryRouter initialEntries={['/topics/42/chat']}>
        <Routes>
          <Route path="*" element={<Viewing />} />
        </Routes>
      </MemoryRouter>,
    );
    const viewing = () =>
      server.requests.filter((r) => r.path === '/api/notifications/viewing').map((r) => (JSON.parse(r.body) as { topic_id: number | null }).topic_id);
    await waitFor(() => expect(viewing()).toEqual([42]));
    fireEvent.click(screen.getByRole('button', { name: 'leave' }));
    await waitFor(() => expect(viewing()).toEqual([42, null]));
  });
});
