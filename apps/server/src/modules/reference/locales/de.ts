import { englishCatalogue, type TextKey } from '@parley/contracts/i18n';
import { deCore } from './de-core.js';
import { deUiA } from './de-ui-a.js';
import { deServer } from './de-server.js';
import { deUiB } from './de-ui-b.js';
import { deChatSafety } from './de-chat-safety.js';
import { deChatSend } from './de-chat-send.js';
import { deCompanionControls } from './de-companion-controls.js';
import { deCrisis } from './de-crisis.js';
import { deLang } from './de-lang.js';
import { dePasskeys } from './de-passkeys.js';
import { dePush } from './de-push.js';

/**
 * German (du-form), written by us for Parley (issue 19). locales.test.ts fails for every English key
 * without its German text.
 */
export const de: Partial<Record<TextKey, string>> = {
  ...deCore,
  ...deUiA,
  ...deUiB,
  ...deServer,
  ...deChatSafety,
  ...deChatSend,
  ...deLang,
  ...dePasskeys,
  ...dePush,
  ...deCompanionControls,
  ...deCrisis,
};

/** Keys of the English catalogue that have no German text (empty when complete). */
export const missingGermanKeys = (): TextKey[] => (Object.keys(englishCatalogue) as TextKey[]).filter((key) => !de[key]?.trim());
