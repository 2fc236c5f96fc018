import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearCookies } from '../../test/dom';
import { reloadConsent } from '../../lib/consent';
import { CookieBanner } from './cookie-banner';

const cookies = () =>
  Object.fromEntries(
    document.cookie
      .split('; ')
      .filter(Boolean)
      .map((c) => [c.split('=')[0], decodeURIComponent(c.split('=').slice(1).join('='))]),
  );

beforeEach(() => {
  clearCookies();
  reloadConsent();
});
afterEach(cleanup);

describe('CookieBanner', () => {
  it('accept all stores consent with every preference and hides the banner', () => {
    render(<CookieBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    expect(cookies().cookie_consent).toBe('1');
    expect(JSON.parse(cookies().cookie_settings!)).toEqual({ essential: true, advertising: true, customization: true, functionality: true });
  });

  it('decline all stores consent with only essential cookies', () => {
    render(<CookieBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Decline all' }));
    expect(cookies().cookie_consent).toBe('1');
    expect(JSON.parse(cookies().cookie_settings!)).toEqual({ essential: true, advertising: false, customization: false, functionality: false });
  });

  it('manage lets the visitor pick, with essential always on, and the choice survives a reload', () => {
    const { unmount } = render(<CookieBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Manage' }));
    const essential = screen.getByRole('checkbox', { name: /Essential/ }) as HTMLInputElement;
    expect(essential.checked && essential.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /Advertising/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(JSON.parse(cookies().cookie_settings!)).toEqual({ essential: true, advertising: true, customization: false, functionality: false });
    unmount();
    reloadConsent();
    render(<CookieBanner />);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('shows again when no choice is stored', () => {
    render(<CookieBanner />);
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeTruthy();
  });
});
