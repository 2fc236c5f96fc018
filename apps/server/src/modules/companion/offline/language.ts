import { de } from './phrases/de.js';
import { en } from './phrases/en.js';
import { type OfflineData, type OfflineLanguage } from './phrases/types.js';

/** Every language the offline companion speaks, with its data. */
export const offlineData: Record<OfflineLanguage, OfflineData> = { en, de };

/** The words of a message, lower case (letters, digits and inner apostrophes). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
}

const markerSets = Object.fromEntries(Object.entries(offlineData).map(([code, data]) => [code, new Set(data.markers)])) as Record<OfflineLanguage, Set<string>>;

/**
 * Which language a message is written in, English or German: a count of each language's common
 * function words, and umlauts or ß counting for German. No clear winner (a name, an emoji, "ok"):
 * the user's chosen language decides.
 */
export function detectLanguage(text: string, fallback: OfflineLanguage): OfflineLanguage {
  const words = wordsOf(text);
  let en = 0;
  let de = 0;
  for (const word of words) {
    if (markerSets.en.has(word)) en += 1;
    if (markerSets.de.has(word)) de += 1;
    if (/[äöüß]/.test(word)) de += 2;
  }
  if (en === de) return fallback;
  return de > en ? 'de' : 'en';
}

/** A language code from the database ('de', 'de-AT', 'en-GB', null) as one the companion speaks; English otherwise. */
export function toOfflineLanguage(code: string | null | undefined): OfflineLanguage {
  const base = (code ?? '').toLowerCase().split(/[-_]/)[0];
  return base === 'de' ? 'de' : 'en';
}
