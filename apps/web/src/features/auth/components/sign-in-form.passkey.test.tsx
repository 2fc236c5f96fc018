import { texts } from '@parley/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth';
import { startTestApi, type TestApi } from '../../../test/api-server';
import { useOrigin } from '../../../test/dom';
import { renderWithData } from '../../../test/render';
import { SignInForm } from './sign-in-form';

/** The platform's WebAuthn API is the browser's (a third party here): a stand-in that answers with fixed bytes. */
const bytes = (text: string) => new TextEncoder().encode(text).buffer;
const credentialsGet = vi.fn();
function installWebAuthn() {
  Object.defineProperty(window, 'PublicKeyCredential', { configurable: true, value: function PublicKeyCredential() {} });
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get: credentialsGet, create: vi.fn() } });
}

let server: TestApi;
beforeAll(async () => {
  server = await startTestApi();
  useOrigin(server);
  installWebAuthn();
  server.handle('GET', '/api/sanctum/csrf-cookie', { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=t; Path=/' } });
  server.handle('POST', '/api/passkey/sign-in/options', {
    json: {
      status: 'OK',
      payload: { attempt: 'attempt-secret-0123456789', options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' } },
    },
  });
});
afterAll(() => server.close());

describe('Sign in form: passkeys (issue 36)', () => {
  afterEach(() => {
    cleanup();
    resetApiClient();
    localStorage.clear();
    authStore.reset();
    credentialsGet.mockReset();
    server.requests.length = 0;
  });

  it('signs in with a passkey alone: the options’ challenge goes to the authenticator, its answer and the attempt to the server', async () => {
    credentialsGet.mockResolvedValue({
      id: 'Y3JlZA',
      rawId: bytes('cred'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: bytes('{}'), authenticatorData: bytes('auth'), signature: bytes('sig'), userHandle: bytes('user') },
      getClientExtensionResults: () => ({}),
    });
    server.handle('POST', '/api/passkey/sign-in', { json: { status: 'OK', payload: { user: { email_verified: true } } } });
    const onSignedIn = vi.fn();
    renderWithData(<SignInForm onSignedIn={onSignedIn} onVerify={vi.fn()} onForgotPassword={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: texts.passkeys.signIn }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(authStore.getState().isAuthenticated).toBe(true);
    const publicKey = (credentialsGet.mock.calls[0]![0] as { publicKey: { challenge: ArrayBuffer; rpId: string } }).publicKey;
    expect(new TextDecoder().decode(publicKey.challenge)).toBe('challenge');
    expect(publicKey.rpId).toBe('localhost');
    const sent = JSON.parse(server.requests.find((r) => r.path === '/api/passkey/sign-in')!.body) as {
      attempt: string;
      response: { id: string; rawId: string };
    };
    expect(sent.attempt).toBe('attempt-secret-0123456789');
    expect(sent.response).toMatchObject({ id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key' });
  });

  it('says so when the passkey dialog is cancelled, and sends nothing', async () => {
    credentialsGet.mockRejectedValue(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    renderWithData(<SignInForm onSignedIn={vi.fn()} onVerify={vi.fn()} onForgotPassword={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: texts.passkeys.signIn }));
    await waitFor(() => expect(screen.getByText(texts.passkeys.cancelled)).toBeTruthy());
    expect(server.requests.some((r) => r.path === '/api/passkey/sign-in')).toBe(false);
    expect(authStore.getState().isAuthenticated).toBe(false);
  });

  it('offers the passkey as the second step when the account has one, and only then', async () => {
    server.handle('POST', '/api/login', {
      json: { status: 'TWO_FACTOR', message: texts.twoFactor.codeRequired, payload: { two_factor: true, passkey: true } },
    });
    renderWithData(<SignInForm onSignedIn={vi.fn()} onVerify={vi.fn()} onForgotPassword={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: texts.nav.signIn }));
    await waitFor(() => expect(screen.getByText(texts.twoFactor.signInIntro)).toBeTruthy());
    expect(screen.getByRole('button', { name: texts.passkeys.signInInstead })).toBeTruthy();
    cleanup();

    server.handle('POST', '/api/login', {
      json: { status: 'TWO_FACTOR', message: texts.twoFactor.codeRequired, payload: { two_factor: true, passkey: false } },
    });
    renderWithData(<SignInForm onSignedIn={vi.fn()} onVerify={vi.fn()} onForgotPassword={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: texts.nav.signIn }));
    await waitFor(() => expect(screen.getByText(texts.twoFactor.signInIntro)).toBeTruthy());
    expect(screen.queryByRole('button', { name: texts.passkeys.signInInstead })).toBeNull();
  });
});
