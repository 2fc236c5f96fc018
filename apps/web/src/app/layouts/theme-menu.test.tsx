import { texts } from '@parley/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { themeKey } from '../../lib/theme';
import { ThemeMenu } from './theme-menu';

const t = texts.appUi;
beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe('header theme menu', () => {
  it('offers light, dark and system; the pick is applied at once and saved', () => {
    render(<ThemeMenu />);
    fireEvent.click(screen.getByRole('button', { name: t.theme }));
    expect(screen.getByRole('button', { name: t.themeSystem }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: t.themeDark }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem(themeKey)).toBe('dark');
    // The menu closes after a pick and shows the pick when reopened.
    expect(screen.queryByRole('button', { name: t.themeLight })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t.theme }));
    expect(screen.getByRole('button', { name: t.themeDark }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: t.themeLight }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(window.localStorage.getItem(themeKey)).toBe('light');
  });
});
