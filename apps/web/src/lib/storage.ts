import { localKeys } from '@parley/contracts/constants';

/** localStorage that never throws (private mode, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage unavailable: the value lives for this page only
    }
  },
  remove(key: string) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // nothing to remove
    }
  },
};

export { localKeys };
export const currencyKey = 'currency';
