import { cookieNames, limits } from '@parley/contracts/constants';
import { useSyncExternalStore } from 'react';
import { getCookie, setCookie } from './cookies';

/** Cookie consent (spec §2): a consent flag plus a settings object, kept 365 days. */
export interface ConsentSettings {
  essential: true;
  advertising: boolean;
  customization: boolean;
  functionality: boolean;
}

export const consentCategories = ['essential', 'advertising', 'customization', 'functionality'] as const;

function read(): ConsentSettings | null {
  if (getCookie(cookieNames.consent) !== '1') return null;
  try {
    const raw = JSON.parse(decodeURIComponent(getCookie(cookieNames.consentSettings) ?? '')) as Partial<ConsentSettings>;
    return { essential: true, advertising: raw.advertising === true, customization: raw.customization === true, functionality: raw.functionality === true };
  } catch {
    return { essential: true, advertising: false, customization: false, functionality: false };
  }
}

let current = typeof document === 'undefined' ? null : read();
const listeners = new Set<() => void>();

export function saveConsent(choice: Omit<ConsentSettings, 'essential'>) {
  const settings: ConsentSettings = { essential: true, ...choice };
  setCookie(cookieNames.consentSettings, JSON.stringify(settings), limits.cookieConsentDays);
  setCookie(cookieNames.consent, '1', limits.cookieConsentDays);
  current = settings;
  listeners.forEach((l) => l());
}

/** Re-reads the cookies (tests, or another tab's choice). */
export function reloadConsent() {
  current = read();
  listeners.forEach((l) => l());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The stored choice, or null while the visitor has not chosen. */
export const useConsent = () =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
