import { type UserProfile } from '@parley/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from '../../../test/render-in-language';
import { PersonalDetails } from './personal-details';
import { ProfileHeader } from './profile-header';

const user = {
  id: 1,
  name: 'Ada',
  surname: 'Lovelace',
  email: 'ada@parley.chat',
  phone: '+37251234567',
  avatar_color: 'teal-blue',
  balance: 12500,
  created_at: '2026-11-05T12:00:00.000Z',
} as UserProfile;

const german = {
  'nav.coins': 'Münzen',
  'nav.logout': 'Abmelden',
  'commonUi.balance': 'Guthaben',
  'commonUi.edit': 'Bearbeiten',
  'commonUi.phone': 'Telefon',
  'profile.editProfile': 'Profil bearbeiten',
  'profileUi.memberSince': 'Mitglied seit {date}',
  'profileUi.personalDetails': 'Persönliche Angaben',
};

describe('Account page header in German (issue 19)', () => {
  afterEach(cleanup);

  it('names the month in German in the spec’s MMM D, YYYY order and words the balance in German', () => {
    renderInLanguage(<ProfileHeader user={user} onEdit={vi.fn()} onLogout={vi.fn()} />, german, 'de');
    expect(screen.getByText(/^Mitglied seit Nov\.? 5, 2026$/)).toBeTruthy();
    expect(screen.getByTestId('profile-balance').textContent).toBe('12 500 Münzen');
    expect(screen.getByRole('button', { name: 'Profil bearbeiten' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy();
  });

  it('labels the personal details in German', () => {
    renderInLanguage(<PersonalDetails user={user} onEdit={vi.fn()} />, german, 'de');
    expect(screen.getByRole('heading', { name: 'Persönliche Angaben' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Telefon' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bearbeiten' })).toBeTruthy();
  });
});
