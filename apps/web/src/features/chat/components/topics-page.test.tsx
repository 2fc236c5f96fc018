import { texts, type Topic } from '@parley/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetApiClient } from '../../../lib/api-client';
import { startTestApi, type TestApi } from '../../../test/api-server';
import { useOrigin } from '../../../test/dom';
import { renderWithData } from '../../../test/render';
import { TopicsPage } from './topics-page';

let server: TestApi;
const topic = (id: number): Topic => ({
  id,
  title: `Topic ${id}`,
  room_id: 1,
  room: { title: 'Room 1', border_color: 'purple' },
  user_id: null,
  guest_id: null,
  participants_count: 1,
  is_closed: false,
  closed_by: null,
  companion_name: 'Ava',
  chat_mode: 'human',
  is_highlighted: false,
  highlight_color: null,
  text_look: 'normal',
  color: null,
  terms: { title: 't', description: 'd', rules: [] },
  is_member: false,
  is_owner: false,
  interlocutor_name: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});

beforeAll(async () => {
  server = await startTestApi();
  useOrigin(server);
  server.handle('GET', '/api/sanctum/csrf-cookie', { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=t; Path=/' } });
  server.handle('GET', '/api/rooms/index', {
    json: {
      status: 'OK',
      payload: { data: [{ id: 1, title: 'Room 1', border_color: 'purple' }], meta: { current_page: 1, last_page: 1, per_page: 12, total: 1 } },
    },
  });
  server.handle('GET', '/api/topics/active', { json: { status: 'OK', payload: { topics: [], current_count: 0, max_allowed: 1 } } });
  // Two pages: 9..5, then 4..1 (issue 38: the index comes in pages with a cursor).
  server.handle('GET', '/api/topics/index', (request) =>
    request.query.get('cursor') === '4'
      ? { json: { status: 'OK', payload: [4, 3, 2, 1].map(topic), next_cursor: null } }
      : { json: { status: 'OK', payload: [9, 8, 7, 6, 5].map(topic), next_cursor: '4' } },
  );
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  resetApiClient();
  server.requests.length = 0;
});

describe('topics page (issue 38)', () => {
  it('shows the first page and, on "Show more topics", the next one below it until there is none', async () => {
    renderWithData(
      <MemoryRouter initialEntries={['/rooms/1/topics']}>
        <Routes>
          <Route path="/rooms/:roomId/topics" element={<TopicsPage roomId={1} />} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByText('Topic 9');
    expect(screen.queryByText('Topic 4')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: texts.topicsUi.showMore }));
    await screen.findByText('Topic 1');
    expect(screen.getAllByRole('link').map((a) => a.textContent?.replace(/Human.*$/, ''))).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1].map((id) => `Topic ${id}`));
    await waitFor(() => expect(screen.queryByRole('button', { name: texts.topicsUi.showMore })).toBeNull());
    const asked = server.requests.filter((r) => r.path === '/api/topics/index').map((r) => r.query.get('cursor'));
    expect(asked).toEqual([null, '4']);
  });
});
