/**
 * The text catalogue and its formatter, shared by the server (envelope messages, mail, notices) and
 * the web app (every interface text). Zod-free so the web app's first bundle stays small.
 *
 * A text is addressed by its key, `section.name` (or `section.group.name`), into the English source
 * texts of ./texts.ts. A language's localization map (GET /localizations) holds the same keys; a
 * missing or empty value falls back to English (spec §4 Language). Texts with values are ICU
 * MessageFormat (`{n}`, `{n, plural, one {…} other {…}}`, `{x, select, …}`), formatted with named
 * parameters by ./message-format.ts, which formats them exactly as FormatJS's intl-messageformat
 * (decision 024).
 */
import { formatParsed, namesOf, parseMessage, type ParsedMessage } from './message-format.js';
import { texts } from './texts.js';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the catalogue, e.g. `chat.maxFiles`. */
export type TextKey = Leaves<typeof texts>;
/** Named values of a text with placeholders. Numbers are written as given: format them first where the spec asks. */
export type TextParams = Readonly<Record<string, string | number>>;
/** A language's texts by key; anything missing falls back to English. */
export type Catalogue = Readonly<Record<string, string | undefined>>;

function flatten(node: Record<string, unknown>, prefix: string, into: Record<string, string>): Record<string, string> {
  for (const [name, value] of Object.entries(node)) {
    if (typeof value === 'string') into[prefix + name] = value;
    else flatten(value as Record<string, unknown>, `${prefix}${name}.`, into);
  }
  return into;
}

/** The English source text of every key (the fallback, and what the admin languages screen shows). */
export const englishCatalogue: Readonly<Record<TextKey, string>> = Object.freeze(flatten(texts, '', {}) as Record<TextKey, string>);
export const textKeys = Object.keys(englishCatalogue) as TextKey[];

export function isTextKey(key: string): key is TextKey {
  return Object.prototype.hasOwnProperty.call(englishCatalogue, key);
}

const compiled = new Map<string, ParsedMessage | null>();
const MAX_COMPILED = 5000;

/** Parses once per message; null when it is not valid (in the subset we format). */
function compile(message: string): ParsedMessage | null {
  let parsed = compiled.get(message);
  if (parsed === undefined) {
    try {
      parsed = parseMessage(message);
    } catch {
      parsed = null;
    }
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(message, parsed);
  }
  return parsed;
}

/** Formats one message with its parameters; null when it does not parse or lacks a parameter. */
export function formatMessage(message: string, params: TextParams | undefined, locale: string): string | null {
  if (!message.includes('{')) return message;
  const parsed = compile(message);
  if (!parsed) return null;
  try {
    return formatParsed(parsed, params ?? {}, locale);
  } catch {
    return null;
  }
}

/**
 * The text of `key` in the given catalogue, else in English. A translation that does not parse or
 * format (an operator's typo in /admin) falls back to the English text rather than showing braces.
 */
export function translate(catalogue: Catalogue | undefined, key: TextKey, params?: TextParams, locale = 'en'): string {
  const local = catalogue?.[key];
  if (local !== undefined && local.trim() !== '') {
    const out = formatMessage(local, params, locale);
    if (out !== null) return out;
  }
  const english = englishCatalogue[key];
  return formatMessage(english, params, 'en') ?? english;
}

/** Checks a translation an operator saves: it must parse, and use only the English text's parameters. */
export function checkTranslation(key: TextKey, value: string): 'ok' | 'syntax' | 'unknown-parameter' {
  const names = parameterNames(value);
  if (names === null) return 'syntax';
  const allowed = new Set(parameterNames(englishCatalogue[key]) ?? []);
  return names.every((name) => allowed.has(name)) ? 'ok' : 'unknown-parameter';
}

/** The parameter names a message uses (`{name}`, `{n, plural, …}`); null when it does not parse. */
export function parameterNames(message: string): string[] | null {
  const parsed = compile(message);
  return parsed ? namesOf(parsed) : null;
}

/** The English text of `key` (the server's logs and tests, and the fallback of every language). */
export function englishText(key: TextKey, params?: TextParams): string {
  return translate(undefined, key, params);
}

let byEnglish: Map<string, TextKey> | undefined;

/** The key whose English text is exactly `text` (a zod message from the contracts' schemas, say). */
export function keyOfEnglish(text: string): TextKey | undefined {
  if (!byEnglish) {
    byEnglish = new Map();
    // First key wins: several keys share a text (e.g. 'Name is required'), and any of them translates it.
    for (const key of textKeys) if (!byEnglish.has(englishCatalogue[key])) byEnglish.set(englishCatalogue[key], key);
  }
  return byEnglish.get(text);
}

/**
 * A message that may be one of the catalogue's English texts (schema validation messages are
 * written in English in the contracts) in the given language; any other text is returned as it is.
 */
export function localizeEnglish(catalogue: Catalogue | undefined, text: string, locale = 'en'): string {
  const key = keyOfEnglish(text);
  return key ? translate(catalogue, key, undefined, locale) : text;
}
