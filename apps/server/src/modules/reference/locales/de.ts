import { englishCatalogue, type TextKey } from '@parley/contracts/i18n';
import { deCore } from './de-core.js';
import { deServer } from './de-server.js';
import { deAppShell } from './de-app-shell.js';
import { deAccount } from './de-account.js';
import { deHome } from './de-home.js';
import { dePayouts } from './de-payouts.js';
import { deRoomsChat } from './de-rooms-chat.js';
import { deCoins } from './de-coins.js';
import { deStore } from './de-store.js';
import { deChatSafety } from './de-chat-safety.js';
import { deChatSend } from './de-chat-send.js';
import { deCompanionControls } from './de-companion-controls.js';
import { deCrisis } from './de-crisis.js';
import { deLang } from './de-lang.js';
import { dePasskeys } from './de-passkeys.js';
import { deRatings } from './de-ratings.js';
import { dePush } from './de-push.js';
import { deOncall } from './de-oncall.js';
import { deDecisions } from './de-decisions.js';

/**
 * German (du-form), written by us for Parley (issue 19). locales.test.ts fails for every English key
 * without its German text.
 */
export const de: Partial<Record<TextKey, string>> = {
  ...deCore,
  ...deAppShell,
  ...deAccount,
  ...deHome,
  ...dePayouts,
  ...deRoomsChat,
  ...deCoins,
  ...deStore,
  ...deServer,
  ...deChatSafety,
  ...deChatSend,
  ...deLang,
  ...dePasskeys,
  ...deRatings,
  ...dePush,
  ...deCompanionControls,
  ...deOncall,
  ...deDecisions,
  ...deCrisis,
};

/** Keys of the English catalogue that have no German text (empty when complete). */
export const missingGermanKeys = (): TextKey[] => (Object.keys(englishCatalogue) as TextKey[]).filter((key) => !de[key]?.trim());
