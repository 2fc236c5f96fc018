import type { TextKey, TextParams } from '@parley/contracts/i18n';

/** The `t` of useT(), handed to the chat's plain functions so that they speak the chosen language. */
export type Translate = (key: TextKey, params?: TextParams) => string;
