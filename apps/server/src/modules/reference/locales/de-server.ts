import type { TextKey } from '@parley/contracts/i18n';

/** German for the server texts added with issue 19 itself (the languages screen): see de.ts. */
export const deServer: Partial<Record<TextKey, string>> = {
  'admin.translationSyntax': 'Dieser Text ist kein gültiges ICU MessageFormat: Prüfe die Klammern und die plural- oder select-Optionen.',
  'admin.translationParameters': 'Dieser Text verwendet einen Wert, den der englische Text nicht hat. Erlaubt: {allowed}',
};
