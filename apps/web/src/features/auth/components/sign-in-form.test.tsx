import { texts } from '@parley/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth';
import { startTestApi, type TestApi } from '../../../test/api-server';
import { useOrigin } from '../../../test/dom';
import { renderWithData } from '../../../test/render';
import { SignInForm } from './sign-in-form';

let server: TestApi;
beforeAll(async () => {
  server = await startTestApi();
  useOrigin(server);
  server.handle('GET', '/api/sanctum/csrf-cookie', { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=t; Path=/' } });
});
afterAll(() => server.close());

describe('Sign in form', () => {
  afterEach(() => {
    cleanup();
    resetApiClient();
    authStore.reset();
    server.requests.length = 0;
  });

  it('says "Email and password are required" once when both are empty', async () => {
    renderWithData(<SignInForm onSignedIn={vi.fn()} onVerify={vi.fn()} onForgotPassword={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: texts.nav.signIn }));
    await waitFor(() => expect(screen.getAllByText(texts.auth.emailPasswordRequired)).toHaveLength(1));
  });

  it('asks for the two-factor code after a right password, shows a wrong code, and signs in with the right one', async () => {
    const onSignedIn = vi.fn();
    renderWithData(<SignInForm onSignedIn={onSignedIn} onVerify={vi.fn()} onForgotPassword={vi.fn()} />);
    server.handle('POST', '/api/login', { json: { status: 'TWO_FACTOR', message: texts.twoFactor.codeRequired, payload: { two_factor: true } } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: texts.nav.signIn }));
    await waitFor(() => expect(screen.getByText(texts.twoFactor.signInIntro)).toBeTruthy());
    expect(authStore.getState().isAuthenticated).toBe(false);

    server.handle('POST', '/api/login', {
      status: 422,
      json: { status: 'ERROR', payload: null, message: texts.twoFactor.invalidCode, errors: { code: [texts.twoFactor.invalidCode] } },
    });
    fireEvent.change(screen.getByLabelText(texts.twoFactor.code), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: texts.twoFactor.verify }));
    await waitFor(() => expect(screen.getByText(texts.twoFactor.invalidCode)).toBeTruthy());

    server.handle('POST', '/api/login', { json: { status: 'OK', payload: { user: { email_verified: true } } } });
    fireEvent.change(screen.getByLabelText(texts.twoFactor.code), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: texts.twoFactor.verify }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const last = JSON.parse(server.requests.filter((r) => r.path === '/api/login').at(-1)!.body) as Record<string, unknown>;
    expect(last).toMatchObject({ email: 'ada@example.com', password: 'Secret123', code: '123456' });
  });

  it('while this browser’s attempts wait (429), offers to sign in with a two-factor code and sends it with the password', async () => {
    const onSignedIn = vi.fn();
    renderWithData(<SignInForm onSignedIn={onSignedIn} onVerify={vi.fn()} onForgotPassword={vi.fn()} />);
    server.handle('POST', '/api/login', {
      status: 429,
      headers: { 'retry-after': '16' },
      json: { status: 'ERROR', payload: null, message: texts.common.rateLimited, errors: {}, code: 'RATE_LIMITED', retry_after: 16 },
    });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: texts.nav.signIn }));
    await waitFor(() => expect(screen.getByText(texts.common.rateLimited)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: texts.authUi.signInWithCode }));
    await waitFor(() => expect(screen.getByText(texts.twoFactor.signInIntro)).toBeTruthy());

    server.handle('POST', '/api/login', { json: { status: 'OK', payload: { user: { email_verified: true } } } });
    fireEvent.change(screen.getByLabelText(texts.twoFactor.code), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: texts.twoFactor.verify }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const last = JSON.parse(server.requests.filter((r) => r.path === '/api/login').at(-1)!.body) as Record<string, unknown>;
    expect(last).toMatchObject({ email: 'ada@example.com', password: 'Secret123', code: '123456' });
  });
});
