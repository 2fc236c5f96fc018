import { texts } from '@parley/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithData } from '../../../test/render';
import { SignInForm } from './sign-in-form';

describe('Sign in form', () => {
  afterEach(cleanup);

  it('says "Email and password are required" once when both are empty', async () => {
    renderWithData(<SignInForm onSignedIn={vi.fn()} onVerify={vi.fn()} onForgotPassword={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: texts.nav.signIn }));
    await waitFor(() => expect(screen.getAllByText(texts.auth.emailPasswordRequired)).toHaveLength(1));
  });
});
