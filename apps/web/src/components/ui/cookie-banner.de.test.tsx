import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reloadConsent } from '../../lib/consent';
import { clearCookies } from '../../test/dom';
import { renderInLanguage } from '../../test/render-in-language';
import { CookieBanner } from './cookie-banner';

const german = {
  'cookiesUi.region': 'Cookie-Einwilligung',
  'cookiesUi.title': 'Deine Privatsphäre ist uns wichtig',
  'cookiesUi.essentialTitle': 'Notwendig',
  'cookies.acceptAll': 'Alle akzeptieren',
  'cookies.manage': 'Verwalten',
};

beforeEach(() => {
  clearCookies();
  reloadConsent();
});
afterEach(cleanup);

describe('CookieBanner in German (issue 19)', () => {
  it('shows the banner’s texts from the German catalogue, English where a text is missing', () => {
    renderInLanguage(<CookieBanner />, german, 'de');
    expect(screen.getByRole('region', { name: 'Cookie-Einwilligung' })).toBeTruthy();
    expect(screen.getByText('Deine Privatsphäre ist uns wichtig')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Alle akzeptieren' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline all' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verwalten' }));
    expect(screen.getByText('Notwendig')).toBeTruthy();
  });
});
