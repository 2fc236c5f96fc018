import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { formatMessage, parameterNames } from './i18n.js';
import { formatParsed, parseMessage } from './message-format.js';

/** FormatJS's intl-messageformat, the reference our subset must match. */
const reference = (message: string, values: Record<string, string | number>, locale: string) => String(new IntlMessageFormat(message, locale).format(values));

describe('message format (the ICU subset of our texts)', () => {
  const cases: [string, Record<string, string | number>, string][] = [
    ['Hello {name}!', { name: 'Ana' }, 'en'],
    ["Let's talk about {topic}, it's fine", { topic: 'cats' }, 'en'],
    ["Quoted '{braces}' and it''s", {}, 'en'],
    ['{n, plural, =0 {none} one {# coin} other {# coins}}', { n: 0 }, 'en'],
    ['{n, plural, =0 {none} one {# coin} other {# coins}}', { n: 1 }, 'en'],
    ['{n, plural, =0 {none} one {# coin} other {# coins}}', { n: 1200 }, 'en'],
    ['{n, plural, one {# Münze} other {# Münzen}}', { n: 1200 }, 'de'],
    ['{n, plural, one {{n} left} other {{nText} left}}', { n: 2, nText: '2' }, 'en'],
    ["{n, plural, one {'#' is # } other {'#'s are #}}", { n: 3 }, 'en'],
    ['{a, select, close_topic {closed} other {suspended ({a})}}', { a: 'close_topic' }, 'en'],
    ['{a, select, close_topic {closed} other {suspended ({a})}}', { a: 'ban_user' }, 'en'],
    ['{r, plural, =0 {} other { The {r} coins, {kind, select, x {x#} other {o#}}.}} End', { r: 5, kind: 'x' }, 'en'],
    ['  {  name  }  ', { name: 'spaced' }, 'en'],
  ];
  it.each(cases)('formats %s like intl-messageformat', (message, values, locale) => {
    expect(formatParsed(parseMessage(message), values, locale)).toBe(reference(message, values, locale));
  });

  it('refuses what is not valid ICU, or ICU outside the subset (so the admin never saves it)', () => {
    for (const broken of [
      '{',
      '}',
      '{name',
      '{n, plural, one {x}}',
      '{n, select, =1 {x} other {y}}',
      '{n, number}',
      '{d, date, short}',
      '{n, selectordinal, one {#st} other {#th}}',
      '{n, plural, one {x} one {y} other {z}}',
      '{, }',
    ])
      expect(() => parseMessage(broken), broken).toThrow();
    expect(parameterNames('{n, plural, one {x}')).toBeNull();
  });

  it('names every parameter, nested ones too', () => {
    expect(parameterNames('{a} {n, plural, one {{b}} other {{c, select, x {{d}} other {}}}}')).toEqual(['a', 'n', 'b', 'c', 'd']);
  });

  it('fails formatting (the caller falls back to English) when a value is missing', () => {
    expect(formatMessage('Hi {name}', {}, 'en')).toBeNull();
    expect(formatMessage('No values here', undefined, 'en')).toBe('No values here');
  });
});
