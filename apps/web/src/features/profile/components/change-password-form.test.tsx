import { texts } from '@parley/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/ui/toast';
import { resetApiClient } from '../../../lib/api-client';
import { startTestApi, type TestApi } from '../../../test/api-server';
import { useOrigin } from '../../../test/dom';
import { renderWithData } from '../../../test/render';
import { ChangePasswordForm } from './change-password-form';

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

const fill = (current: string, next: string, confirm: string) => {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
};

describe('ChangePasswordForm', () => {
  it('validates before calling the server', async () => {
    renderWithData(<ChangePasswordForm />);
    fill('', 'short', 'other');
    expect(await screen.findByText(texts.auth.currentPasswordRequired)).toBeTruthy();
    expect(screen.getByText(texts.auth.passwordLength)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('shows a wrong current password under its field', async () => {
    server.handle('POST', '/api/user/change-password', {
      status: 422,
      json: { status: 'ERROR', payload: null, message: texts.auth.currentPasswordWrong, errors: { current_password: [texts.auth.currentPasswordWrong] } },
    });
    renderWithData(<ChangePasswordForm />);
    fill('Wrong1234', 'Sunshine42x', 'Sunshine42x');
    expect(await screen.findByText(texts.auth.currentPasswordWrong)).toBeTruthy();
  });

  it('changes the password, toasts and clears the form', async () => {
    server.handle('POST', '/api/user/change-password', { json: { status: 'OK', message: texts.auth.passwordChanged, payload: null } });
    renderWithData(
      <>
        <ChangePasswordForm />
        <Toaster />
      </>,
    );
    fill('DemoPass123', 'Sunshine42x', 'Sunshine42x');
    expect(await screen.findByText(texts.auth.passwordChanged)).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe(''));
    expect(JSON.parse(server.requests.at(-1)!.body)).toMatchObject({
      current_password: 'DemoPass123',
      password: 'Sunshine42x',
      password_confirmation: 'Sunshine42x',
    });
  });
});
