import { englishCatalogue, parameterNames, textKeys, translate } from '@parley/contracts/i18n';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { de } from './de.js';

/**
 * Our ICU subset (packages/contracts/src/message-format.ts) against FormatJS's intl-messageformat on every
 * text with values of every shipped language, with numbers that hit each plural form and every select option.
 */
function samples(message: string): Record<string, string | number>[] {
  const names = parameterNames(message) ?? [];
  const choices = new Map<string, string[]>();
  for (const match of message.matchAll(/\{\s*(\w+)\s*,\s*select\s*,/g))
    choices.set(match[1]!, ['close_topic', 'ban_user', 'yes', 'no', 'pending', 'paid', 'other-value']);
  const numbers = [0, 1, 2, 5, 21, 1200];
  return numbers.flatMap((n, i) =>
    (choices.size ? [...choices.values()][0]! : ['x']).map((choice) =>
      Object.fromEntries(names.map((name) => [name, choices.has(name) ? choice : message.includes(`${name}, plural`) ? n : `${name}-${i}`])),
    ),
  );
}

describe('every text with values formats as intl-messageformat would', () => {
  for (const [language, catalogue, locale] of [
    ['English', englishCatalogue, 'en'],
    ['German', de, 'de'],
  ] as const)
    it(language, () => {
      let checked = 0;
      for (const key of textKeys) {
        const message = (catalogue as Record<string, string | undefined>)[key];
        if (!message?.includes('{')) continue;
        for (const values of samples(message)) {
          const expected = String(new IntlMessageFormat(message, locale).format(values));
          expect(translate(locale === 'en' ? undefined : catalogue, key, values, locale), `${key} ${JSON.stringify(values)}`).toBe(expected);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(100);
    });
});
