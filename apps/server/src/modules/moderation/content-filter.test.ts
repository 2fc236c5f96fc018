import { describe, expect, it } from 'vitest';
import { applyRules, contactDetailsRule, contentFilterWork, MAX_PHONE_FINDER_CALLS, PHONE_WINDOW_CHARS } from './content-filter.js';

const masked = (text: string) => applyRules(text, [contactDetailsRule]).text;

describe('the built-in contact-details rule', () => {
  it('masks phone numbers however they are written, the shortest ones and digits of other scripts included', () => {
    expect(masked('ring +683 4002 now')).toBe('ring *** now');
    expect(masked('my number: 030 1234')).not.toContain('1234');
    expect(masked('+49 30 123456')).toBe('***');
    // Arabic-Indic digits: libphonenumber reads them; the digit gate must count them too.
    expect(masked('اتصل +٤٩ ٣٠ ١٢٣٤٥٦')).not.toMatch(/[٠-٩]{4}/);
  });

  it('leaves ordinary text with a few digits, and no address or link, as it is', () => {
    for (const text of ['See you at 8 on the 21st', 'I am 25 and live in room 1204', 'Hello from user 1234!', 'Call 110 in an emergency'])
      expect(masked(text)).toBe(text);
  });

  it('masks emails, links and handles', () => {
    expect(masked('write to ada@example.org')).toBe('write to ***');
    expect(masked('see https://example.org/x and www.parley.chat')).toBe('see *** and ***');
    expect(masked('find me @ada_l on telegram: ada')).not.toContain('ada_l');
  });
});

describe('the work of the phone finder per text (issue 31)', () => {
  const work = (text: string) => {
    const before = { ...contentFilterWork };
    const out = masked(text);
    return { out, calls: contentFilterWork.phoneFinderCalls - before.phoneFinderCalls, chars: contentFilterWork.phoneFinderChars - before.phoneFinderChars };
  };

  it('reads short windows, a bounded number of them, however the digits are laid out, and masks a flood of digits', () => {
    const flood = work('1 '.repeat(2000));
    expect(flood.calls).toBeLessThanOrEqual(MAX_PHONE_FINDER_CALLS);
    expect(flood.chars).toBeLessThanOrEqual(MAX_PHONE_FINDER_CALLS * (PHONE_WINDOW_CHARS + 2));
    expect(flood.out).not.toMatch(/1 1 1/);

    const many = work('call 0301234567 or '.repeat(200));
    expect(many.calls).toBeLessThanOrEqual(MAX_PHONE_FINDER_CALLS);
    expect(many.chars).toBeLessThanOrEqual(MAX_PHONE_FINDER_CALLS * (PHONE_WINDOW_CHARS + 2));
    // Past the budget the runs are masked anyway: padding cannot smuggle a number through.
    expect(many.out).not.toMatch(/\d{5}/);
  });
});
