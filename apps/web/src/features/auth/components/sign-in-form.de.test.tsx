import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from '../../../test/render-in-language';
import { SignInForm } from './sign-in-form';

const german = {
  'nav.signIn': 'Anmelden',
  'commonUi.email': 'E-Mail',
  'commonUi.password': 'Passwort',
  'authUi.forgotPassword': 'Passwort vergessen?',
  'auth.emailPasswordRequired': 'E-Mail und Passwort sind erforderlich',
};

describe('Sign in form in German (issue 19)', () => {
  afterEach(cleanup);

  it('shows its labels, buttons and the schema’s validation message in the chosen language', async () => {
    renderInLanguage(<SignInForm onSignedIn={vi.fn()} onVerify={vi.fn()} onForgotPassword={vi.fn()} />, german, 'de');
    expect(screen.getByLabelText('E-Mail')).toBeTruthy();
    expect(screen.getByLabelText('Passwort')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Passwort vergessen?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(screen.getAllByText('E-Mail und Passwort sind erforderlich')).toHaveLength(1));
    expect(screen.queryByText('Email and password are required')).toBeNull();
  });
});
