import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetApiClient } from '../../../lib/api-client';
import { startTestApi, type TestApi } from '../../../test/api-server';
import { clearCookies, useOrigin } from '../../../test/dom';
import { sendMessage } from './send-message';

let server: TestApi;

beforeAll(async () => {
  server = await startTestApi();
  useOrigin(server);
});
afterAll(() => server.close());
beforeEach(() => {
  resetApiClient();
  clearCookies();
  localStorage.clear();
  server.requests.length = 0;
  server.handle('GET', '/api/sanctum/csrf-cookie', { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=t; Path=/' } });
});

describe('sending a message with files', () => {
  it('puts every field before the first file: the server checks the seat and coins from them before reading any file', async () => {
    server.handle('POST', '/api/messages/create', { json: { status: 'OK', payload: { balance: 5 } } });
    const files = [new File(['%PDF-1.4 one'], 'one.pdf', { type: 'application/pdf' }), new File(['two'], 'two.txt', { type: 'text/plain' })];
    await sendMessage({ topicId: 7, content: 'Here', files });

    const body = server.requests.find((r) => r.path === '/api/messages/create')!.body;
    const at = (name: string) => body.indexOf(`name="${name}"`);
    const firstFile = at('attachments[]');
    expect(firstFile).toBeGreaterThan(0);
    for (const field of ['topic_id', 'content', 'client_id', 'currency', 'types[]']) {
      expect(at(field), field).toBeGreaterThanOrEqual(0);
      expect(at(field), field).toBeLessThan(firstFile);
    }
    expect(body.lastIndexOf('name="types[]"')).toBeLessThan(firstFile);
  });
});
