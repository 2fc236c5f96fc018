import { texts } from '@parley/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, ApiError, configureApiClient, resetApiClient } from '../lib/api-client';
import { startTestApi, type TestApi } from '../test/api-server';
import { useOrigin } from '../test/dom';
import { renderWithData } from '../test/render';
import { AdultConfirmModal, adultPrompt } from './adult-confirm';

let server: TestApi;
beforeAll(async () => {
  server = await startTestApi();
  useOrigin(server);
  server.handle('GET', '/api/sanctum/csrf-cookie', { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=t; Path=/' } });
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  resetApiClient();
  adultPrompt.hide();
  server.requests.length = 0;
});

describe('adults only: an account from before the age check (issue 15)', () => {
  it('a 403 ADULT_REQUIRED anywhere asks once; confirming posts it and closes', async () => {
    configureApiClient({ onAdultRequired: () => adultPrompt.show() });
    renderWithData(<AdultConfirmModal />);
    expect(screen.queryByRole('dialog')).toBeNull();

    server.handle('POST', '/api/topics/join', {
      status: 403,
      json: { status: 'ERROR', payload: null, message: texts.adult.required, code: 'ADULT_REQUIRED' },
    });
    await act(async () => {
      await expect(api.post('/topics/join', { topic_id: 1 })).rejects.toBeInstanceOf(ApiError);
    });
    const dialog = await screen.findByRole('dialog', { name: texts.adult.title });
    expect(dialog.textContent).toContain(texts.adult.body);

    server.handle('POST', '/api/user/confirm-adult', { json: { status: 'OK', message: texts.adult.confirmed, payload: {} } });
    fireEvent.click(screen.getByRole('button', { name: texts.adult.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posted = server.requests.find((r) => r.path === '/api/user/confirm-adult');
    expect(JSON.parse(posted!.body)).toMatchObject({ confirm: true });
  });

  it('another 403 does not ask', async () => {
    configureApiClient({ onAdultRequired: () => adultPrompt.show() });
    renderWithData(<AdultConfirmModal />);
    server.handle('POST', '/api/topics/join', { status: 403, json: { status: 'ERROR', payload: null, message: 'Forbidden', code: 'FORBIDDEN' } });
    await act(async () => {
      await expect(api.post('/topics/join', { topic_id: 1 })).rejects.toBeInstanceOf(ApiError);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
