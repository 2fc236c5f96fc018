import { texts } from '@parley/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetApiClient } from '../../../lib/api-client';
import { startTestApi, type TestApi } from '../../../test/api-server';
import { testPageMeta, testTopic } from '../../../test/contract-fixtures';
import { useOrigin } from '../../../test/dom';
import { renderWithData } from '../../../test/render';
import { RoomListPage } from './room-list-page';

let server: TestApi;
const rooms = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, title: `Room ${i + 1}`, border_color: 'purple' }));

beforeAll(async () => {
  server = await startTestApi();
  useOrigin(server);
  server.handle('GET', '/api/sanctum/csrf-cookie', { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=t; Path=/' } });
  server.handle('GET', '/api/rooms/index', (request) => ({
    json: { status: 'OK', payload: { data: rooms, meta: testPageMeta(Number(request.query.get('page')), 12, 36) } },
  }));
  server.handle('GET', '/api/topics/active', { json: { status: 'OK', payload: [], current_count: 0, max_allowed: 1 } });
  server.handle('GET', '/api/topics/random', (request) =>
    request.query.get('chat_mode') === 'ai'
      ? { json: { status: 'OK', payload: { topic: testTopic({ id: 77, chat_mode: 'ai' }) } } }
      : { status: 409, json: { status: 'ERROR', payload: null, message: texts.topics.noAvailableChats, errors: {} } },
  );
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  resetApiClient();
  server.requests.length = 0;
});

const renderAt = (url: string) =>
  renderWithData(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/rooms" element={<RoomListPage />} />
        <Route path="/topics/:id/chat" element={<p>chat screen</p>} />
      </Routes>
    </MemoryRouter>,
  );

describe('room list page (issue 13)', () => {
  it('keeps the page number in the URL', async () => {
    renderAt('/rooms?page=2');
    await screen.findByText('Room 1');
    expect(server.requests.find((r) => r.path === '/api/rooms/index')!.query.get('page')).toBe('2');
  });

  it("offers the AI companion and a topic of one's own when no one is waiting", async () => {
    renderAt('/rooms');
    fireEvent.click(await screen.findByRole('button', { name: texts.rooms.startRandomChat }));
    const dialog = await screen.findByRole('dialog', { name: texts.topics.noPartnerTitle });
    expect(dialog.textContent).toContain(texts.topics.noAvailableChats);
    expect(screen.getByRole('button', { name: texts.topics.createOwnTopic })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: texts.topics.chatWithAi }));
    await screen.findByText('chat screen');
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/topics/random' && r.query.get('chat_mode') === 'ai')).toBe(true));
  });
});
