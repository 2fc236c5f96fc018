import { checkTranslation, englishCatalogue, isTextKey, textKeys } from '@parley/contracts/i18n';
import { describe, expect, it } from 'vitest';
import { de } from './de.js';

/** Issue 19: German is complete and every German text is a valid translation of its English source. */
describe('German locale', () => {
  it('has a text for every key of the catalogue', () => {
    const missing = textKeys.filter((key) => !de[key]?.trim());
    expect(missing, `German texts missing for ${missing.length} keys:\n${missing.join('\n')}`).toEqual([]);
  });

  it('has only keys of the catalogue, each valid ICU MessageFormat with the English text’s values only', () => {
    const unknown = Object.keys(de).filter((key) => !isTextKey(key));
    expect(unknown, `German keys the catalogue lacks:\n${unknown.join('\n')}`).toEqual([]);
    const broken = Object.entries(de)
      .filter(([key, value]) => isTextKey(key) && value !== undefined && checkTranslation(key, value) !== 'ok')
      .map(([key, value]) => `${key}: ${checkTranslation(key as keyof typeof englishCatalogue, value!)} in ${JSON.stringify(value)}`);
    expect(broken, broken.join('\n')).toEqual([]);
  });

  it('calls the currency Coins everywhere (issue 33: not Coins, Münzen and Punkte on one screen)', () => {
    const others = Object.entries(de).filter(([, value]) => /M(ü|u)nze|Punkt/.test(value ?? ''));
    expect(others.map(([key, value]) => `${key}: ${value}`)).toEqual([]);
  });
});
