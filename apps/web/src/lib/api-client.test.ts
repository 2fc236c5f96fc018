import { texts } from '@parley/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from '../test/api-server';
import { clearCookies, useOrigin } from '../test/dom';
import { api, ApiError, configureApiClient, errorMessage, resetApiClient } from './api-client';

let server: TestApi;
const ok = { json: { status: 'OK', payload: null } };
const xsrfCookie = { 'set-cookie': 'XSRF-TOKEN=xsrf%3Dtoken; Path=/' };

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
  server.handle('GET', '/api/sanctum/csrf-cookie', { status: 204, headers: xsrfCookie });
});
afterEach(() => vi.useRealTimers());

const last = () => server.requests[server.requests.length - 1]!;

describe('api client: currency and lang_id', () => {
  it('adds the saved currency and language to GET queries without overriding explicit values', async () => {
    localStorage.setItem('languageId', '2');
    localStorage.setItem('currency', 'USD');
    server.handle('GET', '/api/things', ok);
    await api.get('/things', { query: { page: 3 } });
    expect(Object.fromEntries(last().query)).toEqual({ page: '3', currency: 'USD', lang_id: '2' });

    await api.get('/things', { query: { currency: 'GBP' } });
    expect(last().query.get('currency')).toBe('GBP');
  });

  it('uses the providers once they are configured, and EUR by default', async () => {
    server.handle('GET', '/api/things', ok);
    await api.get('/things');
    expect(Object.fromEntries(last().query)).toEqual({ currency: 'EUR' });
    configureApiClient({ getLangId: () => 7, getCurrency: () => 'GBP' });
    await api.get('/things');
    expect(Object.fromEntries(last().query)).toEqual({ currency: 'GBP', lang_id: '7' });
  });

  it('leaves them out when disabled', async () => {
    server.handle('GET', '/api/things', ok);
    await api.get('/things', { withDefaults: false, query: { a: 1 } });
    expect(Object.fromEntries(last().query)).toEqual({ a: '1' });
  });

  it('adds them to POST, PUT and PATCH JSON bodies, keeping the caller\u2019s fields', async () => {
    configureApiClient({ getLangId: () => 1, getCurrency: () => 'EUR' });
    for (const method of ['POST', 'PUT', 'PATCH'] as const) {
      server.handle(method, '/api/things', ok);
      const call = method === 'POST' ? api.post : method === 'PUT' ? api.put : api.patch;
      await call('/things', { name: 'x', currency: 'USD' });
      expect(last().method).toBe(method);
      expect(last().headers['content-type']).toBe('application/json');
      expect(JSON.parse(last().body)).toEqual({ name: 'x', currency: 'USD', lang_id: 1 });
      expect(last().query.toString()).toBe('');
    }
  });

  it('adds them to form data bodies', async () => {
    configureApiClient({ getLangId: () => 4, getCurrency: () => 'EUR' });
    server.handle('POST', '/api/upload', ok);
    const form = new FormData();
    form.append('content', 'hello');
    await api.post('/upload', form);
    expect(last().headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(last().body).toMatch(/name="content"\r\n\r\nhello/);
    expect(last().body).toMatch(/name="currency"\r\n\r\nEUR/);
    expect(last().body).toMatch(/name="lang_id"\r\n\r\n4/);
  });

  it('does not add them to DELETE requests', async () => {
    server.handle('DELETE', '/api/things/1', ok);
    await api.delete('/things/1');
    expect(last().query.toString()).toBe('');
    expect(last().body).toBe('');
  });
});

describe('api client: credentials and CSRF', () => {
  it('fetches the CSRF cookie before an unsafe call when it is missing, then echoes it', async () => {
    server.handle('POST', '/api/things', ok);
    await api.post('/things', {});
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/sanctum/csrf-cookie', 'POST /api/things']);
    expect(last().headers['x-xsrf-token']).toBe('xsrf%3Dtoken');
    expect(last().headers.cookie).toContain('XSRF-TOKEN=xsrf%3Dtoken');

    await api.post('/things', {});
    expect(server.requests.filter((r) => r.path === '/api/sanctum/csrf-cookie')).toHaveLength(1);
  });

  it('does not fetch the CSRF cookie for GET', async () => {
    server.handle('GET', '/api/things', ok);
    await api.get('/things');
    expect(server.requests.map((r) => r.path)).toEqual(['/api/things']);
    expect(last().headers['x-xsrf-token']).toBeUndefined();
  });

  it('sends a bearer token only when one is stored', async () => {
    server.handle('GET', '/api/things', ok);
    await api.get('/things');
    expect(last().headers.authorization).toBeUndefined();
    localStorage.setItem('token', 'abc123');
    await api.get('/things');
    expect(last().headers.authorization).toBe('Bearer abc123');
  });
});

describe('api client: errors', () => {
  it('throws a typed ApiError with status, message and field errors', async () => {
    server.handle('POST', '/api/register', {
      status: 422,
      json: { status: 'ERROR', payload: null, message: 'Validation failed', errors: { email: ['The email has already been taken.'] } },
    });
    const error = await api.post('/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.message).toBe('Validation failed');
    expect(apiError.errors).toEqual({ email: ['The email has already been taken.'] });
    expect(apiError.firstError()).toBe('The email has already been taken.');
  });

  it('errorMessage prefers the first field error, then the server message, then the fallback', async () => {
    server.handle('POST', '/api/a', { status: 422, json: { status: 'ERROR', payload: null, message: 'Validation failed', errors: { phone: ['Bad phone'] } } });
    server.handle('POST', '/api/b', { status: 400, json: { status: 'ERROR', payload: null, message: 'Server says no' } });
    server.handle('POST', '/api/c', { status: 500, json: {} });
    const failure = (path: string) => api.post(path, {}).catch((e: unknown) => e);
    expect(errorMessage(await failure('/a'), 'Fallback')).toBe('Bad phone');
    expect(errorMessage(await failure('/b'), 'Fallback')).toBe('Server says no');
    expect(errorMessage(await failure('/c'), 'Fallback')).toBe('Fallback');
    expect(errorMessage(new Error('x'), 'Fallback')).toBe('Fallback');
  });

  it('treats a 200 with status ERROR as an error', async () => {
    server.handle('GET', '/api/odd', { json: { status: 'ERROR', payload: null, message: 'Nope' } });
    await expect(api.get('/odd')).rejects.toMatchObject({ message: 'Nope' });
  });

  it('maps 429 to the rate-limit message', async () => {
    server.handle('POST', '/api/login', { status: 429, json: { status: 'ERROR', payload: null, message: 'Too many' } });
    await expect(api.post('/login', {})).rejects.toMatchObject({ status: 429, message: texts.common.rateLimited });
  });

  it('times out with the spec message', async () => {
    server.handle('GET', '/api/slow', { hang: true });
    const started = Date.now();
    await expect(api.get('/slow', { timeoutMs: 80 })).rejects.toMatchObject({ status: 0, message: texts.common.requestTimedOut });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports 403 unverified email to its handler', async () => {
    const onEmailNotVerified = vi.fn();
    configureApiClient({ onEmailNotVerified });
    server.handle('GET', '/api/rooms/index', { status: 403, json: { status: 'ERROR', payload: null, message: texts.auth.emailNotVerified } });
    await expect(api.get('/rooms/index')).rejects.toBeInstanceOf(ApiError);
    expect(onEmailNotVerified).toHaveBeenCalledTimes(1);
    server.handle('GET', '/api/other', { status: 403, json: { status: 'ERROR', payload: null, message: 'Forbidden' } });
    await expect(api.get('/other')).rejects.toBeInstanceOf(ApiError);
    expect(onEmailNotVerified).toHaveBeenCalledTimes(1);
  });
});

describe('api client: 401 once per expiry', () => {
  it('signals a 401 once, then again after the 3 s reset', async () => {
    const onSessionExpired = vi.fn();
    configureApiClient({ onSessionExpired });
    server.handle('GET', '/api/user/profile', { status: 401, json: { status: 'ERROR', payload: null, message: 'Unauthenticated.' } });
    await expect(api.get('/user/profile')).rejects.toMatchObject({ status: 401 });
    await expect(api.get('/user/profile')).rejects.toMatchObject({ status: 401 });
    await expect(api.get('/user/profile')).rejects.toMatchObject({ status: 401 });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);

    await new Promise((resolve) => setTimeout(resolve, 3050));
    await expect(api.get('/user/profile')).rejects.toMatchObject({ status: 401 });
    expect(onSessionExpired).toHaveBeenCalledTimes(2);
  });
});
