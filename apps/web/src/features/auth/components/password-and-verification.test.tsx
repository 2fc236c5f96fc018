import { texts } from '@parley/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast';
import { resetApiClient } from '../../../lib/api-client';
import { startTestApi, type TestApi } from '../../../test/api-server';
import { useOrigin } from '../../../test/dom';
import { renderWithData } from '../../../test/render';
import { EmailVerification } from './email-verification';
import { ResetPasswordForm } from './reset-password-form';
import { ResetRequestForm } from './reset-request-form';

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
  server.requests.length = 0;
});
const bodyOf = (path: string) => JSON.parse(server.requests.find((r) => r.path === path)!.body) as Record<string, unknown>;

describe('password reset request', () => {
  it('asks for the email, then shows the neutral confirmation', async () => {
    server.handle('POST', '/api/user/request-password-reset', { json: { status: 'OK', message: texts.auth.resetLinkSent, payload: null } });
    renderWithData(<ResetRequestForm onBack={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(texts.auth.resetEmailRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Someone@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(texts.auth.resetLinkSent)).toBeTruthy();
    expect(bodyOf('/api/user/request-password-reset')).toMatchObject({ email: 'someone@example.com' });
  });
});

describe('reset password form', () => {
  it('posts token, email and the same password twice', async () => {
    server.handle('POST', '/api/user/password-reset', { json: { status: 'OK', message: texts.auth.passwordResetDone, payload: null } });
    const onDone = vi.fn();
    renderWithData(<ResetPasswordForm token="tok" email="a@b.co" onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Sunshine42x' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Sunshine42y' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(texts.auth.passwordsDoNotMatch)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Sunshine42x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(texts.auth.passwordResetDone));
    expect(bodyOf('/api/user/password-reset')).toMatchObject({ token: 'tok', email: 'a@b.co', password: 'Sunshine42x', password_confirmation: 'Sunshine42x' });
  });

  it('shows the server message for a used or expired link', async () => {
    server.handle('POST', '/api/user/password-reset', {
      status: 422,
      json: { status: 'ERROR', payload: null, message: texts.auth.invalidResetToken, errors: { token: [texts.auth.invalidResetToken] } },
    });
    renderWithData(<ResetPasswordForm token="old" email="a@b.co" onDone={() => undefined} />);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Sunshine42x' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Sunshine42x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(texts.auth.invalidResetToken)).toBeTruthy();
  });

  it('refuses to submit without a token in the link', () => {
    renderWithData(<ResetPasswordForm token="" email="" onDone={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toBe(texts.auth.invalidResetToken);
    expect((screen.getByRole('button', { name: 'Reset password' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('email verification', () => {
  it('resends the confirmation link to the given email', async () => {
    server.handle('POST', '/api/resendConfirmationLink', { json: { status: 'OK', message: texts.auth.verificationSent, payload: null } });
    renderWithData(
      <>
        <EmailVerification email="new@parley.chat" link={null} onContinue={() => undefined} continueLabel="Sign in" />
        <Toaster />
      </>,
    );
    expect(screen.getByText('new@parley.chat')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend confirmation link' }));
    expect(await screen.findByText(texts.auth.verificationSent)).toBeTruthy();
    expect(bodyOf('/api/resendConfirmationLink')).toMatchObject({ email: 'new@parley.chat' });
  });

  it('toasts the fallback when resending fails without a message', async () => {
    server.handle('POST', '/api/resendConfirmationLink', { status: 500, json: {} });
    renderWithData(
      <>
        <EmailVerification email="new@parley.chat" link={null} onContinue={() => undefined} continueLabel="Sign in" />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resend confirmation link' }));
    expect(await screen.findByText(texts.auth.failedResend)).toBeTruthy();
  });

  it('explains an invalid link and still offers a resend', async () => {
    server.handle('POST', '/api/email/verify', {
      status: 422,
      json: { status: 'ERROR', payload: null, message: texts.auth.invalidVerificationLink, errors: {} },
    });
    renderWithData(<EmailVerification email="" link={{ id: 1, token: 'bad' }} onContinue={() => undefined} continueLabel="Sign in" />);
    expect(await screen.findByText(texts.auth.invalidVerificationLink)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend confirmation link' })).toBeTruthy();
  });
});
