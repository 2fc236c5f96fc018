import { useSyncExternalStore } from 'react';
import { storage } from './storage';

/**
 * Light / dark theme (issue 34 §4). The choice ('light', 'dark' or 'system') is saved in localStorage;
 * `<html data-theme>` holds the theme in force, which the design tokens in styles/base.css follow.
 * Before this script runs, CSS alone follows `prefers-color-scheme`, so a system-dark visitor never
 * sees a light flash; main.tsx applies a saved explicit choice before the first render.
 */
export type ThemeChoice = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

export const themeKey = 'theme';
const choices: readonly ThemeChoice[] = ['light', 'dark', 'system'];
const listeners = new Set<() => void>();

function darkQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
}

export function getThemeChoice(): ThemeChoice {
  const saved = storage.get(themeKey);
  return choices.includes(saved as ThemeChoice) ? (saved as ThemeChoice) : 'system';
}

export function resolveTheme(choice: ThemeChoice, systemDark = darkQuery()?.matches ?? false): Theme {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

/** Puts the theme in force on `<html>` (data-theme; styles/base.css sets the matching color-scheme, no inline style). */
export function applyTheme(choice: ThemeChoice = getThemeChoice()): Theme {
  const theme = resolveTheme(choice);
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.dataset.themeChoice = choice;
  return theme;
}

export function setThemeChoice(choice: ThemeChoice) {
  if (choice === 'system') storage.remove(themeKey);
  else storage.set(themeKey, choice);
  applyTheme(choice);
  listeners.forEach((listener) => listener());
}

let watching = false;
/** Applies the saved choice now and follows system changes while the choice is 'system'. */
export function initTheme() {
  applyTheme();
  if (watching) return;
  watching = true;
  darkQuery()?.addEventListener('change', () => {
    if (getThemeChoice() === 'system') {
      applyTheme('system');
      listeners.forEach((listener) => listener());
    }
  });
  // Another tab changed the choice.
  window.addEventListener('storage', (event) => {
    if (event.key !== themeKey && event.key !== null) return;
    applyTheme();
    listeners.forEach((listener) => listener());
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, getThemeChoice, () => 'system' as const);
}
