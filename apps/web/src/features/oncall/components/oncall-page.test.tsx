import { texts, type Presence, type QueueEntry } from '@parley/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/ui/toast';
import { resetApiClient } from '../../../lib/api-client';
import { startTestApi, type TestApi } from '../../../test/api-server';
import { useOrigin } from '../../../test/dom';
import { renderWithData } from '../../../test/render';
import { OncallPage } from './oncall-page';

let server: TestApi;
let presence: Presence = { status: 'away', lapsed: true, max_chats: 1, max_allowed: 3, talk_again: true };
const entry = (id: number, seconds: number): QueueEntry => ({
  topic_id: id,
  title: `Waiting ${id}`,
  room_id: 1,
  room_title: 'Night owls',
  waiting_since: '2026-11-28T00:00:00.000Z',
  waiting_seconds: seconds,
});

beforeAll(async () => {
  server = await startTestApi();
  useOrigin(server);
  server.handle('GET', '/api/sanctum/csrf-cookie', { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=t; Path=/' } });
  server.handle('GET', '/api/oncall/presence', () => ({ json: { status: 'OK', payload: { presence } } }));
  server.handle('PUT', '/api/oncall/presence', (request) => {
    presence = { ...presence, ...(JSON.parse(request.body) as Partial<Presence>), lapsed: false };
    return { json: { status: 'OK', payload: { presence } } };
  });
  server.handle('GET', '/api/oncall/queue', () => ({ json: { status: 'OK', payload: { topics: [entry(7, 12), entry(9, 150)], presence } } }));
  server.handle('GET', '/api/saved-replies', { json: { status: 'OK', payload: { replies: [] } } });
  server.handle('POST', '/api/topics/join', (request) =>
    JSON.parse(request.body).topic_id === 9
      ? { status: 409, json: { status: 'ERROR', payload: null, message: texts.topics.chatFull, topic_id: 9, is_full: true } }
      : { json: { status: 'ERROR', payload: null, message: 'unexpected' }, status: 500 },
  );
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  resetApiClient();
  server.requests.length = 0;
});

const renderPage = () =>
  renderWithData(
    <MemoryRouter initialEntries={['/oncall']}>
      <Routes>
        <Route path="/oncall" element={<OncallPage />} />
        <Route path="/topics/:topicId/chat" element={<p>chat screen</p>} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );

describe('on call page (issue 35 §1)', () => {
  it('says a lapsed Available, goes Available, lists the queue with waits, and explains a seat someone else took', async () => {
    renderPage();
    await screen.findByText(texts.oncall.lapsed);
    await screen.findByText(texts.oncall.goAvailable);
    fireEvent.click(screen.getByRole('button', { name: texts.oncall.available }));
    await waitFor(() => expect(screen.getByRole('button', { name: texts.oncall.available }).getAttribute('aria-pressed')).toBe('true'));
    const put = server.requests.find((r) => r.method === 'PUT' && r.path === '/api/oncall/presence');
    expect(JSON.parse(put!.body)).toMatchObject({ status: 'available' });

    await screen.findByText('Waiting 7');
    expect(screen.getByText(/Night owls · waiting 12 seconds/)).toBeTruthy();
    expect(screen.getByText(/Night owls · waiting 2 minutes/)).toBeTruthy();
    // The chats-at-once choice offers up to the active-chat rule's limit.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['1', '2', '3']);

    const takeButtons = screen.getAllByRole('button', { name: texts.oncall.take });
    fireEvent.click(takeButtons[1]!);
    await screen.findByText(texts.oncall.taken);
    const join = server.requests.find((r) => r.path === '/api/topics/join');
    expect(JSON.parse(join!.body)).toMatchObject({ topic_id: 9 });
  });
});
