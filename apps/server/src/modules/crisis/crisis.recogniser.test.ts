import { describe, expect, it } from 'vitest';
import riskEn from './test-set/risk.en.json' with { type: 'json' };
import riskDe from './test-set/risk.de.json' with { type: 'json' };
import ordinary from './test-set/ordinary.json' with { type: 'json' };
import { normaliseText, recogniseRisk } from './crisis.recogniser.js';

/** The curated set (test-set/README.md): at least 90 % of risk messages recognised, at most 2 % of ordinary ones. */
describe('the offline risk recogniser', () => {
  const missed = (set: string[]) => set.filter((text) => !recogniseRisk(text).isRisk);

  it('has the set the issue asks for', () => {
    expect(riskEn.length).toBeGreaterThanOrEqual(50);
    expect(riskDe.length).toBeGreaterThanOrEqual(50);
    expect(ordinary.length).toBeGreaterThanOrEqual(200);
  });

  it.each([
    { language: 'English', set: riskEn },
    { language: 'German', set: riskDe },
  ])('recognises at least 90 percent of the $language risk messages', ({ set }) => {
    const misses = missed(set);
    expect(1 - misses.length / set.length, misses.join('\n')).toBeGreaterThanOrEqual(0.9);
  });

  it('flags at most 2 % of the ordinary messages', () => {
    const flagged = ordinary.filter((text) => recogniseRisk(text).isRisk);
    expect(flagged.length / ordinary.length, flagged.join('\n')).toBeLessThanOrEqual(0.02);
  });

  it('reads umlauts, ß, case, punctuation and repeated letters alike', () => {
    expect(normaliseText('Ich MÖCHTE… nicht mehr, Straße!!')).toBe('ich moechte nicht mehr strasse');
    expect(normaliseText("I'm sooooo")).toBe('im soo');
    expect(recogniseRisk('ICH MOECHTE STERBEN').isRisk).toBe(true);
    expect(recogniseRisk('i wanna  k-i-l-l myself').isRisk).toBe(false);
    expect(recogniseRisk('I want to killlll myself!!!').isRisk).toBe(true);
  });

  it('does not count a negated phrase, nor an idiom', () => {
    expect(recogniseRisk('I would never kill myself').isRisk).toBe(false);
    expect(recogniseRisk('Ich würde mich niemals umbringen').isRisk).toBe(false);
    expect(recogniseRisk('ich sterbe vor Lachen').isRisk).toBe(false);
    expect(recogniseRisk('this homework is killing me').isRisk).toBe(false);
    expect(recogniseRisk('I want to kill myself').language).toBe('en');
    expect(recogniseRisk('Ich will mich umbringen').language).toBe('de');
  });
});
