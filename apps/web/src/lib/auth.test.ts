import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from '../test/api-server';
import { clearCookies, useOrigin } from '../test/dom';
import { resetApiClient } from './api-client';
import { authStore, VerificationRequiredError } from './auth';
import { draftKey } from './drafts';

let server: TestApi;
const user = { id: 1, name: 'Demo', email: 'demo@parley.chat', email_verified: true, balance: 100 };

beforeAll(async () => {
  server = await startTestApi();
  useOrigin(server);
});
afterAll(() => server.close());
beforeEach(() => {
  resetApiClient();
  clearCookies();
  localStorage.clear();
  authStore.reset();
  server.requests.length = 0;
  server.handle('GET', '/api/sanctum/csrf-cookie', { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=t; Path=/' } });
});

const paths = () => server.requests.map((r) => `${r.method} ${r.path}`);

describe('auth state (spec §4)', () => {
  it('starts authenticated only when the local marker exists', () => {
    expect(authStore.getState().isAuthenticated).toBe(false);
    localStorage.setItem('auth_session', '1');
    authStore.reset();
    expect(authStore.getState()).toMatchObject({ isAuthenticated: true, emailVerified: false, needsVerification: false, loading: false });
  });

  it('the auth check sets the marker when authenticated and removes it when not', async () => {
    server.handle('GET', '/api/is-auth', {
      json: { status: 'OK', authenticated: true, emailVerified: true, payload: { authenticated: true, emailVerified: true } },
    });
    await authStore.checkAuth();
    expect(authStore.getState()).toMatchObject({ isAuthenticated: true, emailVerified: true, loading: false });
    expect(localStorage.getItem('auth_session')).not.toBeNull();

    server.handle('GET', '/api/is-auth', {
      json: { status: 'OK', authenticated: false, emailVerified: false, payload: { authenticated: false, emailVerified: false } },
    });
    await authStore.checkAuth();
    expect(authStore.getState()).toMatchObject({ isAuthenticated: false, emailVerified: false });
    expect(localStorage.getItem('auth_session')).toBeNull();
  });

  it('a failing auth check falls back to the marker with emailVerified false', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.handle('GET', '/api/is-auth', { status: 500, json: { status: 'ERROR', payload: null, message: 'boom' } });
    localStorage.setItem('auth_session', '1');
    await authStore.checkAuth();
    expect(authStore.getState()).toMatchObject({ isAuthenticated: true, emailVerified: false, loading: false });

    localStorage.removeItem('auth_session');
    await authStore.checkAuth();
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('login fetches the CSRF cookie first, then sets the marker on OK without storing a token', async () => {
    server.handle('POST', '/api/login', { json: { status: 'OK', payload: { user, token: 'secret-bearer' }, data: user, token: 'secret-bearer' } });
    const result = await authStore.login({ email: 'demo@parley.chat', password: 'DemoPass123' });
    expect(result).toMatchObject({ email: 'demo@parley.chat' });
    expect(paths()).toEqual(['GET /api/sanctum/csrf-cookie', 'POST /api/login']);
    expect(server.requests[1]!.headers['x-xsrf-token']).toBe('t');
    expect(authStore.getState()).toMatchObject({ isAuthenticated: true, emailVerified: true, needsVerification: false, error: null, loading: false });
    expect(localStorage.getItem('auth_session')).not.toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('VERIFY sets needsVerification and raises an error carrying the status and email', async () => {
    server.handle('POST', '/api/login', { json: { status: 'VERIFY', message: 'Your email address is not verified.', payload: { email: 'new@parley.chat' } } });
    const error = await authStore.login({ email: 'new@parley.chat', password: 'Passw0rdX' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VerificationRequiredError);
    expect(error).toMatchObject({ status: 'VERIFY', email: 'new@parley.chat' });
    expect(authStore.getState()).toMatchObject({ needsVerification: true, isAuthenticated: false });
    expect(localStorage.getItem('auth_session')).toBeNull();
  });

  it('register with VERIFY also goes to verification; OK signs in', async () => {
    const body = {
      name: 'A',
      email: 'a@b.co',
      phone: '+3725123456',
      phoneCountryCode: '372',
      nationalNumber: '5123456',
      password: 'Passw0rdX',
      password_confirmation: 'Passw0rdX',
      confirm_adult: true as const,
    };
    server.handle('POST', '/api/register', { json: { status: 'VERIFY', message: 'sent', payload: { email: 'a@b.co' } } });
    await expect(authStore.register(body)).rejects.toBeInstanceOf(VerificationRequiredError);
    expect(JSON.parse(server.requests.at(-1)!.body)).toMatchObject(body);

    server.handle('POST', '/api/register', { json: { status: 'OK', payload: { user } } });
    await authStore.register(body);
    expect(authStore.getState()).toMatchObject({ isAuthenticated: true, needsVerification: false });
  });

  it('a failed login keeps the user signed out and records the server message', async () => {
    server.handle('POST', '/api/login', {
      status: 422,
      json: {
        status: 'ERROR',
        payload: null,
        message: 'These credentials do not match our records.',
        errors: { email: ['These credentials do not match our records.'] },
      },
    });
    await expect(authStore.login({ email: 'x@y.zz', password: 'bad' })).rejects.toMatchObject({ status: 422 });
    expect(authStore.getState()).toMatchObject({ isAuthenticated: false, error: 'These credentials do not match our records.', loading: false });
  });

  it('a failing CSRF call is rethrown and nothing is posted', async () => {
    server.handle('GET', '/api/sanctum/csrf-cookie', { status: 500, json: { status: 'ERROR', payload: null, message: 'down' } });
    await expect(authStore.login({ email: 'x@y.zz', password: 'p' })).rejects.toMatchObject({ status: 500 });
    expect(paths()).toEqual(['GET /api/sanctum/csrf-cookie']);
  });

  it('logout clears flags, marker, token and the user store even when the call fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reset = vi.fn();
    authStore.setResetHandler(reset);
    server.handle('POST', '/api/login', { json: { status: 'OK', payload: { user } } });
    await authStore.login({ email: 'demo@parley.chat', password: 'DemoPass123' });
    localStorage.setItem('token', 'legacy');

    server.handle('POST', '/api/logout', { status: 500, json: { status: 'ERROR', payload: null, message: 'boom' } });
    await authStore.logout();
    expect(paths()).toContain('POST /api/logout');
    expect(authStore.getState()).toMatchObject({ isAuthenticated: false, emailVerified: false, needsVerification: false });
    expect(localStorage.getItem('auth_session')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(reset).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it('signing out, or a session that ended, removes every message draft and nothing else (issue 34 §2)', async () => {
    server.handle('POST', '/api/logout', { json: { status: 'OK', payload: null } });
    const fill = () => {
      localStorage.setItem(draftKey(1, 7)!, 'for topic 7');
      localStorage.setItem(draftKey(1, 8)!, 'for topic 8');
      localStorage.setItem('currency', 'EUR');
    };
    fill();
    await authStore.logout();
    expect([localStorage.getItem(draftKey(1, 7)!), localStorage.getItem(draftKey(1, 8)!)]).toEqual([null, null]);
    expect(localStorage.getItem('currency')).toBe('EUR');

    fill();
    authStore.expireSession();
    expect(localStorage.getItem(draftKey(1, 8)!)).toBeNull();

    fill();
    server.handle('GET', '/api/is-auth', { json: { status: 'OK', authenticated: false, payload: { authenticated: false } } });
    await authStore.checkAuth();
    expect(localStorage.getItem(draftKey(1, 7)!)).toBeNull();
  });

  it('an expired session is forgotten locally without calling the server', async () => {
    localStorage.setItem('auth_session', '1');
    authStore.reset();
    authStore.expireSession();
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem('auth_session')).toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it('notifies subscribers on every transition', async () => {
    const listener = vi.fn();
    const unsubscribe = authStore.subscribe(listener);
    authStore.expireSession();
    expect(listener).toHaveBeenCalled();
    unsubscribe();
  });
});
