import { findPhoneNumbersInText } from 'libphonenumber-js/max';
import { RE2JS } from 're2js';
import { type ContentRuleAction, type ContentRuleKind } from './moderation.table.js';

/**
 * The content filter (issue 15). Regular expressions run on RE2 (re2js): matching time is linear
 * in the text, so no pattern — an admin's or ours — can backtrack catastrophically and stall the
 * server; texts are bounded too (a message is at most 4,000 characters). Word rules match whole
 * words and phrases, any case, by plain string search with Unicode word boundaries.
 */
export interface CompiledRule {
  id: number;
  action: ContentRuleAction;
  find: (text: string) => [number, number][];
}

export const MASK = '***';
export const MAX_PATTERN_LENGTH = 500;
const MAX_RANGES = 200;

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}_]/u.test(ch);

function findWord(phrase: string): (text: string) => [number, number][] {
  const needle = phrase.trim().toLocaleLowerCase();
  return (text) => {
    const haystack = text.toLocaleLowerCase();
    const out: [number, number][] = [];
    // Lower-casing can change lengths (rarely); then fall back to no match rather than wrong offsets.
    if (needle.length === 0 || haystack.length !== text.length) return out;
    for (let at = haystack.indexOf(needle); at !== -1 && out.length < MAX_RANGES; at = haystack.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      if (!isWordChar(haystack[at - 1]) && !isWordChar(haystack[end])) out.push([at, end]);
    }
    return out;
  };
}

function findRegex(pattern: RE2JS): (text: string) => [number, number][] {
  return (text) => {
    const out: [number, number][] = [];
    const matcher = pattern.matcher(text);
    while (out.length < MAX_RANGES && matcher.find()) {
      const [start, end] = [matcher.start(), matcher.end()];
      if (end > start) out.push([start, end]);
    }
    return out;
  };
}

/** Checks a pattern at save time: an error message for the admin, or null when it compiles on RE2. */
export function patternError(kind: ContentRuleKind, pattern: string): string | null {
  if (pattern.trim().length === 0) return 'Enter a word, a phrase or a pattern';
  if (pattern.length > MAX_PATTERN_LENGTH) return `At most ${MAX_PATTERN_LENGTH} characters`;
  if (kind === 'word') return null;
  try {
    const compiled = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
    if (compiled.matcher('').matches()) return 'This pattern matches an empty text: it would match everywhere';
    return null;
  } catch (error) {
    return `Not a valid pattern (RE2 syntax; lookarounds and backreferences are not supported): ${error instanceof Error ? error.message : String(error)}`;
  }
}

export function compileRule(rule: { id: number; kind: ContentRuleKind; pattern: string; action: ContentRuleAction }): CompiledRule | null {
  if (patternError(rule.kind, rule.pattern)) return null;
  const find = rule.kind === 'word' ? findWord(rule.pattern) : findRegex(RE2JS.compile(rule.pattern, RE2JS.CASE_INSENSITIVE));
  return { id: rule.id, action: rule.action, find };
}

/**
 * The built-in 'contact details' rule: emails, URLs, messenger handles and phone numbers (masked).
 * Each pattern runs only when the text has what any match of it must contain (an '@', a '.', digits…):
 * most chat messages have none of these, and a send should not pay for six scans and a phone parse.
 */
type Gate = (text: string) => boolean;
const contactPatterns: [gate: Gate, pattern: RE2JS][] = (
  [
    // Emails.
    [(t) => t.includes('@'), String.raw`[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}`],
    // Links, with or without a scheme, and messenger links.
    [(t) => t.includes('://') || t.includes('.'), String.raw`(?:https?://|www\.)[^\s<>"]+`],
    [
      (t) => t.includes('.'),
      String.raw`\b[a-z0-9][a-z0-9-]*\.(?:com|net|org|io|me|ru|de|ee|uk|co|app|link|ly|gg|tv|info|biz|to|chat|site|online)\b(?:/[^\s<>"]*)?`,
    ],
    // Handles: @name (Telegram, Instagram…), and 'telegram: name'-style mentions.
    [(t) => t.includes('@'), String.raw`(?:^|[^\p{L}\p{N}_@.])(@[A-Za-z0-9_.]{3,32})`],
    [
      (t) => t.includes(':') || t.includes('='),
      String.raw`\b(?:telegram|tg|whatsapp|signal|snapchat|insta(?:gram)?|skype|discord|viber|wechat|kik)\s*[:=]\s*\S+`,
    ],
    // Phone-like digit runs (7+ digits with spaces, dots, dashes or brackets).
    [(t) => countDigits(t, /[0-9]/g) >= 7, String.raw`\+?\d(?:[\s().-]*\d){6,}`],
  ] satisfies [Gate, string][]
).map(([gate, source]) => [gate, RE2JS.compile(source, RE2JS.CASE_INSENSITIVE)]);

const countDigits = (text: string, digit: RegExp) => text.match(digit)?.length ?? 0;
/**
 * libphonenumber reads digits of any script. By its metadata the shortest possible number is 6 digits
 * with the country code (+43 and four) and 5 written nationally for the default country (0 and four).
 */
const mayHoldPhoneNumber = (text: string) => countDigits(text, /\p{Nd}/gu) >= 5;

export const contactDetailsRule: CompiledRule = {
  id: 0,
  action: 'mask',
  find: (text) => {
    const out: [number, number][] = [];
    for (const [gate, pattern] of contactPatterns) {
      if (!gate(text)) continue;
      const matcher = pattern.matcher(text);
      while (out.length < MAX_RANGES && matcher.find()) {
        // The handle pattern's group 1 is the handle itself (the character before it is context).
        const group = matcher.groupCount() >= 1 && matcher.start(1) >= 0 ? 1 : 0;
        const [start, end] = [matcher.start(group), matcher.end(group)];
        if (end > start) out.push([start, end]);
      }
    }
    if (mayHoldPhoneNumber(text)) out.push(...findPhoneNumbers(text));
    return out;
  },
};

/**
 * What the filter did, for operators and tests: texts checked, phone-finder calls and the characters
 * they were given. libphonenumber's finder is the filter's dearest step (issue 31: `'1 '×2000` took
 * ~90 ms when it read the whole text), so it only ever reads short windows, a bounded number per text.
 */
export const contentFilterWork = { texts: 0, phoneFinderCalls: 0, phoneFinderChars: 0 };

/** A run of what a written phone number is made of: digits of any script, spaces and the punctuation libphonenumber accepts. */
const PHONE_RUN = /[\p{Nd}+＋()（）[\]\-‐-―−ー－/／.．~⁓∼～\p{Zs}]+/gu;
/** The longest run handed to the finder: an international number with its punctuation fits twice over. */
export const PHONE_WINDOW_CHARS = 48;
/** Finder calls per text; runs beyond them are masked when they hold five digits (the shortest number). */
export const MAX_PHONE_FINDER_CALLS = 16;

/**
 * Phone numbers by libphonenumber, each run of phone characters on its own (with the character either side
 * as context), so the work per text is bounded: a run longer than a number can be, or one past the budget of
 * calls, is masked whole when it holds enough digits — a flood of digits is noise or an evasion, not a chat.
 */
function findPhoneNumbers(text: string): [number, number][] {
  const out: [number, number][] = [];
  let calls = 0;
  for (const run of text.matchAll(PHONE_RUN)) {
    const digits = countDigits(run[0], /\p{Nd}/gu);
    if (digits < 5) continue;
    const start = run.index;
    const end = start + run[0].length;
    if (run[0].length > PHONE_WINDOW_CHARS || calls >= MAX_PHONE_FINDER_CALLS) {
      if (digits >= (run[0].length > PHONE_WINDOW_CHARS ? 7 : 5)) out.push([start, end]);
      continue;
    }
    calls += 1;
    const from = Math.max(0, start - 1);
    const window = text.slice(from, end + 1);
    contentFilterWork.phoneFinderCalls += 1;
    contentFilterWork.phoneFinderChars += window.length;
    for (const found of findPhoneNumbersInText(window, { defaultCountry: 'DE' })) out.push([from + found.startsAt, from + found.endsAt]);
  }
  return out;
}

export interface Verdict {
  action: 'allow' | 'refuse' | 'hold';
  /** The text with every masked range replaced. */
  text: string;
  /** The rule that refused or held it (0: the built-in rule). */
  ruleId: number | null;
  masked: boolean;
}

/** Applies the rules: refuse wins over hold; mask ranges are merged and replaced. */
export function applyRules(text: string, rules: readonly CompiledRule[]): Verdict {
  contentFilterWork.texts += 1;
  let decisive: CompiledRule | null = null;
  const masks: [number, number][] = [];
  for (const rule of rules) {
    const ranges = rule.find(text);
    if (ranges.length === 0) continue;
    if (rule.action === 'mask') masks.push(...ranges);
    else if (rule.action === 'refuse' && decisive?.action !== 'refuse') decisive = rule;
    else if (rule.action === 'hold' && !decisive) decisive = rule;
  }
  const masked = maskRanges(text, masks);
  return {
    action: decisive ? (decisive.action === 'refuse' ? 'refuse' : 'hold') : 'allow',
    text: masked,
    ruleId: decisive?.id ?? null,
    masked: masked !== text,
  };
}

function maskRanges(text: string, ranges: [number, number][]): string {
  if (ranges.length === 0) return text;
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end] of sorted) {
    if (end <= at) continue;
    out += text.slice(at, Math.max(at, start)) + MASK;
    at = end;
  }
  return out + text.slice(at);
}
