/**
 * The part of ICU MessageFormat Parley's texts use, parsed and formatted by us (decision 024): plain
 * arguments `{name}`, `{n, plural, =0 {…} one {…} other {…}}` with `#`, `{x, select, a {…} other {…}}`,
 * and ICU's apostrophe quoting. Formatted exactly as FormatJS's intl-messageformat does (a test compares
 * both on every text of every shipped language); we keep our own because that library and its parser
 * were 12 KB gzip of the home page's 150 KB budget (issue #10). Anything else ICU knows (number, date,
 * selectordinal, offset, tags) is a syntax error here, so the admin refuses it before it is saved.
 */

export type MessagePart = string | Argument | Pound;
interface Argument {
  kind: 'argument';
  name: string;
}
interface Pound {
  kind: 'pound';
}
interface Choice {
  kind: 'plural' | 'select';
  name: string;
  options: Map<string, MessagePart[]>;
}
export type ParsedMessage = (MessagePart | Choice)[];

export class MessageSyntaxError extends Error {}

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const SELECTOR = /=?[A-Za-z0-9_]+/y;
const SPACE = /\s*/y;

/** Parses a message; throws MessageSyntaxError for anything outside the subset. */
export function parseMessage(message: string): ParsedMessage {
  let at = 0;
  const fail = (what: string): never => {
    throw new MessageSyntaxError(`${what} at ${at}`);
  };
  const skipSpace = () => {
    SPACE.lastIndex = at;
    SPACE.exec(message);
    at = SPACE.lastIndex;
  };
  const match = (pattern: RegExp) => {
    pattern.lastIndex = at;
    const found = pattern.exec(message);
    if (!found) return undefined;
    at = pattern.lastIndex;
    return found[0];
  };

  /** Text and arguments up to an unmatched `}` (inside an option) or the end. */
  const parseParts = (inPlural: boolean, nested: boolean): (MessagePart | Choice)[] => {
    const parts: (MessagePart | Choice)[] = [];
    let text = '';
    const flush = () => {
      if (text !== '') parts.push(text);
      text = '';
    };
    while (at < message.length) {
      const char = message[at]!;
      if (char === "'") {
        const next = message[at + 1];
        if (next === "'") {
          text += "'";
          at += 2;
        } else if (next === '{' || next === '}' || (inPlural && next === '#')) {
          // Quoted literal up to the next lone apostrophe ('' inside stands for one).
          at += 1;
          for (;;) {
            if (at >= message.length) break;
            if (message[at] === "'") {
              if (message[at + 1] === "'") {
                text += "'";
                at += 2;
                continue;
              }
              at += 1;
              break;
            }
            text += message[at];
            at += 1;
          }
        } else {
          text += "'";
          at += 1;
        }
      } else if (char === '{') {
        flush();
        at += 1;
        parts.push(parseArgument());
      } else if (char === '}') {
        if (!nested) fail('unmatched }');
        break;
      } else if (char === '#' && inPlural) {
        flush();
        parts.push({ kind: 'pound' });
        at += 1;
      } else {
        text += char;
        at += 1;
      }
    }
    flush();
    return parts;
  };

  const parseArgument = (): Argument | Choice => {
    skipSpace();
    const name = match(NAME) ?? fail('argument name expected');
    skipSpace();
    if (message[at] === '}') {
      at += 1;
      return { kind: 'argument', name };
    }
    if (message[at] !== ',') fail('} or , expected');
    at += 1;
    skipSpace();
    const type = match(NAME);
    if (type !== 'plural' && type !== 'select') fail(`unsupported argument type ${type ?? ''}`);
    skipSpace();
    if (message[at] !== ',') fail(', expected');
    at += 1;
    const options = new Map<string, MessagePart[]>();
    for (;;) {
      skipSpace();
      if (message[at] === '}') {
        at += 1;
        break;
      }
      const selector = match(SELECTOR) ?? fail('option selector expected');
      if (type === 'select' && selector.startsWith('=')) fail('= selector in select');
      if (type === 'plural' && selector.startsWith('=') && !/^=\d+$/.test(selector)) fail('bad = selector');
      if (options.has(selector)) fail(`duplicate option ${selector}`);
      skipSpace();
      if (message[at] !== '{') fail('{ expected');
      at += 1;
      const body = parseParts(type === 'plural', true);
      if (message[at] !== '}') fail('} expected');
      at += 1;
      options.set(selector, body as MessagePart[]);
    }
    if (!options.has('other')) fail('other option missing');
    return { kind: type as 'plural' | 'select', name, options };
  };

  const parts = parseParts(false, false);
  if (at < message.length) fail('trailing text');
  return parts;
}

/** Named values; a missing one makes formatting fail (the caller falls back to English). */
export type MessageValues = Readonly<Record<string, string | number>>;

export class MessageValueError extends Error {}

/** Plural rules and number format per locale, made once (constructing them costs more than formatting). */
const localeTools = new Map<string, { rules: Intl.PluralRules; numbers: Intl.NumberFormat }>();
function toolsFor(locale: string) {
  let tools = localeTools.get(locale);
  if (!tools) localeTools.set(locale, (tools = { rules: new Intl.PluralRules(locale), numbers: new Intl.NumberFormat(locale) }));
  return tools;
}

/** Formats a parsed message the way intl-messageformat does (plural rules and `#` in the locale's numbers). */
export function formatParsed(parts: ParsedMessage, values: MessageValues, locale: string): string {
  const { rules, numbers } = toolsFor(locale);
  const render = (list: readonly (MessagePart | Choice)[], pound: number | undefined): string => {
    let out = '';
    for (const part of list) {
      if (typeof part === 'string') out += part;
      else if (part.kind === 'pound') out += pound === undefined ? '#' : numbers.format(pound);
      else {
        const value = values[part.name];
        if (value === undefined) throw new MessageValueError(`no value for ${part.name}`);
        if (part.kind === 'argument') out += String(value);
        else if (part.kind === 'select') out += render(part.options.get(String(value)) ?? part.options.get('other')!, pound);
        else {
          const n = Number(value);
          const exact = part.options.get(`=${n}`);
          out += render(exact ?? part.options.get(rules.select(n)) ?? part.options.get('other')!, n);
        }
      }
    }
    return out;
  };
  return render(parts, undefined);
}

/** The names a parsed message uses, in order of first use. */
export function namesOf(parts: ParsedMessage): string[] {
  const names = new Set<string>();
  const walk = (list: readonly (MessagePart | Choice)[]) => {
    for (const part of list) {
      if (typeof part === 'string' || part.kind === 'pound') continue;
      names.add(part.name);
      if (part.kind !== 'argument') for (const option of part.options.values()) walk(option);
    }
  };
  walk(parts);
  return [...names];
}
