import type { TextKey } from '@parley/contracts/i18n';

/** German texts: see de.ts. */
export const deUiA: Partial<Record<TextKey, string>> = {};
