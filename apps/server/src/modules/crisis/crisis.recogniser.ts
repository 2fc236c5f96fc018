import en from './data/patterns.en.json' with { type: 'json' };
import de from './data/patterns.de.json' with { type: 'json' };

/**
 * The offline risk recogniser (issue 36 §1): does a message suggest a risk of self-harm or suicide, in English
 * or German? Phrases and patterns live in data/patterns.<lang>.json; this file only normalises and matches.
 * It runs on every send, in memory: a few dozen compiled expressions over a short text, no I/O.
 *
 * Normalisation: lower case, umlauts and ß spelled out (ä → ae, ß → ss, so "möchte" and "moechte" match alike),
 * other accents dropped, apostrophes removed ("I'm" → "im"), other punctuation a space, a letter repeated three
 * times or more kept twice ("killll" → "kill"), then each word through the language's spelling table (common
 * misspellings and chat shorthands: "suicde", "wanna", "selbstmort"). Exclusions (idioms such as "dying of
 * laughter", "ich sterbe vor Lachen") blank their span first; a match with a negation among the three words
 * before it ("I would never kill myself", "nie") does not count.
 */
export interface PatternSet {
  language: string;
  spelling: Record<string, string>;
  patterns: string[];
  exclusions: string[];
  negations: string[];
}

interface CompiledSet {
  language: string;
  spelling: Map<string, string>;
  patterns: RegExp[];
  exclusions: RegExp[];
  negations: Set<string>;
}

export interface Recognition {
  isRisk: boolean;
  /** The language whose pattern matched; null when none did. */
  language: string | null;
}

const NEGATION_WINDOW = 3;

export function compilePatternSet(set: PatternSet): CompiledSet {
  return {
    language: set.language,
    spelling: new Map(Object.entries(set.spelling)),
    patterns: set.patterns.map((source) => new RegExp(source, 'g')),
    exclusions: set.exclusions.map((source) => new RegExp(source, 'g')),
    negations: new Set(set.negations),
  };
}

const umlauts: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** Lower case, umlauts spelled out, accents and punctuation gone, repeated letters shortened; words split by single spaces. */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => umlauts[c]!)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/['’`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/(\p{L})\1{2,}/gu, '$1$1')
    .trim();
}

function respell(normalised: string, spelling: Map<string, string>): string {
  return normalised
    .split(' ')
    .map((word) => spelling.get(word) ?? word)
    .join(' ');
}

/** Whether one of the few words before `index` is a negation. */
function isNegated(text: string, index: number, negations: Set<string>): boolean {
  const before = text.slice(0, index).trim().split(' ').slice(-NEGATION_WINDOW);
  return before.some((word) => negations.has(word));
}

export function matchesSet(normalised: string, set: CompiledSet): boolean {
  let text = ` ${respell(normalised, set.spelling)} `;
  for (const exclusion of set.exclusions) text = text.replace(exclusion, (span) => ' '.repeat(span.length));
  for (const pattern of set.patterns) {
    for (const match of text.matchAll(pattern)) {
      if (!isNegated(text, match.index, set.negations)) return true;
    }
  }
  return false;
}

export function createRecogniser(sets: PatternSet[]) {
  const compiled = sets.map(compilePatternSet);
  return (text: string): Recognition => {
    const normalised = normaliseText(text.slice(0, 4000));
    if (normalised.length === 0) return { isRisk: false, language: null };
    for (const set of compiled) if (matchesSet(normalised, set)) return { isRisk: true, language: set.language };
    return { isRisk: false, language: null };
  };
}

/** The built-in recogniser over the shipped English and German sets. */
export const recogniseRisk = createRecogniser([en, de]);
