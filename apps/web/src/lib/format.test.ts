import { describe, expect, it } from 'vitest';
import { formatActiveChatTime, formatCoins, formatDate, formatFileSize, formatLongDate, formatNumber, formatPrice } from './format';

describe('display formatters (spec §5 Display)', () => {
  it('formats dates as DD.MM.YYYY and MMM D, YYYY', () => {
    const date = new Date(2026, 0, 5, 12);
    expect(formatDate(date)).toBe('05.01.2026');
    expect(formatLongDate(date)).toBe('Jan 5, 2026');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
  });

  it('groups thousands with a space and prints prices with two decimals', () => {
    expect(formatNumber(1234567)).toBe('1 234 567');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(-12500)).toBe('-12 500');
    expect(formatPrice(1250)).toBe('1 250.00');
    expect(formatPrice(9.5, '€')).toBe('9.50 €');
    expect(formatPrice('abc')).toBe('0.00');
    expect(formatCoins(5000)).toBe('5 000 Coins');
  });

  it('prints file sizes in B, KB and MB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
  });

  it('labels active chats: Just now under 2 minutes, minutes, hours within 24 h, else the date', () => {
    const now = new Date(2026, 10, 23, 12, 0, 0);
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(formatActiveChatTime(ago(90_000), now)).toBe('Just now');
    expect(formatActiveChatTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatActiveChatTime(ago(60 * 60_000), now)).toBe('1 hour ago');
    expect(formatActiveChatTime(ago(23 * 60 * 60_000), now)).toBe('23 hours ago');
    expect(formatActiveChatTime(ago(25 * 60 * 60_000), now)).toBe('22.11.2026');
  });
});

describe('formatters in the chosen language (issue 19)', () => {
  it('keeps MMM D, YYYY with the month named in the language', () => {
    const date = new Date(2026, 10, 5, 12);
    expect(formatLongDate(date, 'de')).toMatch(/^Nov\.? 5, 2026$/);
    expect(formatLongDate(new Date(2026, 2, 5, 12), 'de')).toMatch(/^Mär\S* 5, 2026$/);
    expect(formatLongDate(date, 'en')).toBe('Nov 5, 2026');
  });

  it('words coins and relative times with the given translations', () => {
    expect(formatCoins(12500, 'Münzen')).toBe('12 500 Münzen');
    const now = new Date(2026, 10, 23, 12);
    const german = (key: string, params?: Readonly<Record<string, string | number>>) =>
      key === 'formatUi.minutesAgo' ? `vor ${params?.n} Minuten` : key === 'formatUi.hoursAgo' ? `vor ${params?.n} Stunden` : 'Gerade eben';
    expect(formatActiveChatTime(new Date(now.getTime() - 5 * 60_000), now, german)).toBe('vor 5 Minuten');
    expect(formatActiveChatTime(new Date(now.getTime() - 3 * 3_600_000), now, german)).toBe('vor 3 Stunden');
    expect(formatActiveChatTime(new Date(now.getTime() - 1 * 3_600_000), now)).toBe('1 hour ago');
  });
});
