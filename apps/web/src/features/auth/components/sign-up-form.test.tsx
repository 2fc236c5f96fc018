import { signUpFormSchema, texts } from '@parley/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth';
import { startTestApi, type TestApi } from '../../../test/api-server';
import { useOrigin } from '../../../test/dom';
import { renderWithData } from '../../../test/render';
import { SignUpForm } from './sign-up-form';

const t = texts.auth;
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
  authStore.reset();
  server.requests.length = 0;
});

const valid = {
  name: 'Ada',
  email: 'ada@example.com',
  phone: '+37251234567',
  phoneCountryCode: '372',
  nationalNumber: '51234567',
  phoneValid: true,
  password: 'Secret123',
  passwordConfirmation: 'Secret123',
  acceptTerms: true,
  confirmAdult: true,
};

const firstMessage = (values: Partial<typeof valid>) => {
  const result = signUpFormSchema.safeParse({ ...valid, ...values });
  return result.success ? null : result.error.issues[0]!.message;
};

describe('sign-up validation order (spec §5)', () => {
  it('checks name, email, email format, phone, password, confirmation, match, terms, then 18 or older', () => {
    const none = { name: '', email: '', phoneValid: false, password: '', passwordConfirmation: '', acceptTerms: false, confirmAdult: false };
    expect(firstMessage(none)).toBe(t.nameRequired);
    expect(firstMessage({ ...none, name: 'Ada' })).toBe(t.emailRequired);
    expect(firstMessage({ ...none, name: 'Ada', email: 'ada@' })).toBe(t.invalidEmail);
    expect(firstMessage({ ...none, name: 'Ada', email: valid.email })).toBe(t.validPhoneRequired);
    expect(firstMessage({ ...none, name: 'Ada', email: valid.email, phoneValid: true })).toBe(t.passwordRequired);
    expect(firstMessage({ ...none, name: 'Ada', email: valid.email, phoneValid: true, password: valid.password })).toBe(t.confirmPassword);
    expect(firstMessage({ password: 'Secret123', passwordConfirmation: 'Secret124' })).toBe(t.passwordsDoNotMatch);
    expect(firstMessage({ acceptTerms: false })).toBe(t.acceptTerms);
    expect(firstMessage({ confirmAdult: false })).toBe(t.adultRequired);
    expect(firstMessage({})).toBeNull();
  });

  it('reports the password character rules as messages', () => {
    expect(firstMessage({ password: 'secret123', passwordConfirmation: 'secret123' })).toBe(t.passwordUppercase);
    expect(firstMessage({ password: 'SECRET123', passwordConfirmation: 'SECRET123' })).toBe(t.passwordLowercase);
    expect(firstMessage({ password: 'SecretXyz', passwordConfirmation: 'SecretXyz' })).toBe(t.passwordDigit);
  });
});

describe('SignUpForm', () => {
  const renderForm = () => {
    const onSignedUp = vi.fn();
    const onVerify = vi.fn();
    renderWithData(<SignUpForm onSignedUp={onSignedUp} onVerify={onVerify} termsLabel="I accept the terms and privacy policy" />);
    return { onSignedUp, onVerify };
  };

  it('shows every message in field order on an empty submit and sends nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { onSignedUp } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(screen.getAllByRole('alert').length).toBeGreaterThanOrEqual(6));
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual([
      t.nameRequired,
      t.emailRequired,
      t.validPhoneRequired,
      t.passwordRequired,
      t.confirmPassword,
      t.acceptTerms,
      t.adultRequired,
    ]);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(onSignedUp).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('shows the email format and mismatch messages on their fields', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '5123 4567' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Secret999' } });
    fireEvent.click(screen.getByLabelText('I accept the terms and privacy policy'));
    fireEvent.click(screen.getByLabelText(t.confirmAdult));
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(screen.getByText(t.invalidEmail)).toBeTruthy());
    expect(screen.getAllByRole('alert').map((e) => e.textContent)).toEqual([t.invalidEmail, t.passwordsDoNotMatch]);
    expect(screen.queryByText(t.validPhoneRequired)).toBeNull();
    expect(screen.queryByText(t.nameRequired)).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(screen.queryByText(t.invalidEmail)).toBeNull());
    expect(screen.getAllByRole('alert').map((e) => e.textContent)).toEqual([t.passwordsDoNotMatch]);
  });

  const fillValid = () => {
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Ada@Example.com' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '5123 4567' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByLabelText('I accept the terms and privacy policy'));
    fireEvent.click(screen.getByLabelText(t.confirmAdult));
  };

  it('posts the spec payload and goes to verification on VERIFY', async () => {
    server.handle('POST', '/api/register', { json: { status: 'VERIFY', message: 'sent', payload: { email: 'ada@example.com' } } });
    const { onVerify, onSignedUp } = renderForm();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(onVerify).toHaveBeenCalledWith('ada@example.com'));
    expect(onSignedUp).not.toHaveBeenCalled();
    const body = JSON.parse(server.requests.find((r) => r.path === '/api/register')!.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Ada',
      email: 'ada@example.com',
      phone: '+37251234567',
      phoneCountryCode: '372',
      nationalNumber: '51234567',
      password: 'Secret123',
      password_confirmation: 'Secret123',
      confirm_adult: true,
    });
  });

  it('shows a server phone error under the phone input', async () => {
    server.handle('POST', '/api/register', {
      status: 422,
      json: { status: 'ERROR', payload: null, message: 'Validation failed', errors: { phone: [texts.phone.countryNotSupported] } },
    });
    const { onSignedUp } = renderForm();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(screen.getByText(texts.phone.countryNotSupported)).toBeTruthy());
    expect(screen.getByLabelText('Phone').getAttribute('aria-describedby')).toBe(screen.getByText(texts.phone.countryNotSupported).id);
    expect(onSignedUp).not.toHaveBeenCalled();
  });
});
