import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, getThemeChoice, resolveTheme, setThemeChoice, themeKey } from './theme';

let systemDark = false;
beforeEach(() => {
  window.localStorage.clear();
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('dark') && systemDark,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  systemDark = false;
});

const html = () => document.documentElement;

describe('theme choice', () => {
  it('follows the system until a choice is saved', () => {
    expect(getThemeChoice()).toBe('system');
    systemDark = true;
    expect(applyTheme()).toBe('dark');
    expect(html().dataset.theme).toBe('dark');
    systemDark = false;
    expect(applyTheme()).toBe('light');
    expect(html().dataset.theme).toBe('light');
  });

  it('a saved light or dark choice wins over the system and is persisted', () => {
    systemDark = true;
    setThemeChoice('light');
    expect(html().dataset.theme).toBe('light');
    expect(html().getAttribute('style')).toBeNull();
    expect(window.localStorage.getItem(themeKey)).toBe('light');
    expect(getThemeChoice()).toBe('light');

    systemDark = false;
    setThemeChoice('dark');
    expect(html().dataset.theme).toBe('dark');
    expect(window.localStorage.getItem(themeKey)).toBe('dark');
    // A reload reads the saved choice.
    expect(applyTheme()).toBe('dark');
  });

  it("'system' forgets the saved choice", () => {
    setThemeChoice('dark');
    systemDark = false;
    setThemeChoice('system');
    expect(window.localStorage.getItem(themeKey)).toBeNull();
    expect(html().dataset.theme).toBe('light');
  });

  it('ignores a tampered saved value', () => {
    window.localStorage.setItem(themeKey, 'neon');
    expect(getThemeChoice()).toBe('system');
    expect(resolveTheme('system', true)).toBe('dark');
  });
});
