import { englishText, type TextKey, type TextParams } from '@parley/contracts/i18n';

/** Display formatters of spec §5 Display and §9. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** DD.MM.YYYY (the default date format). */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}` : '';
}

/** A short month name in the given language ('Nov', German 'Nov.'); English keeps the spec's names. */
function shortMonth(date: Date, locale: string): string {
  if (locale === 'en') return MONTHS[date.getMonth()]!;
  try {
    return new Intl.DateTimeFormat(locale, { month: 'short' }).format(date);
  } catch {
    return MONTHS[date.getMonth()]!;
  }
}

/** 'MMM D, YYYY' for channel expiry and join dates, the month named in `locale`. */
export function formatLongDate(value: string | number | Date | null | undefined, locale = 'en'): string {
  const date = toDate(value);
  return date ? `${shortMonth(date, locale)} ${date.getDate()}, ${date.getFullYear()}` : '';
}

/** Integers with a space as the thousands separator: 12 500. */
export function formatNumber(value: number | string | null | undefined): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return '0';
  const negative = n < 0;
  const [int = '0', frac] = Math.abs(n).toString().split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${negative ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

/** Prices with two decimals and the thousands separator: 1 250.00. */
export function formatPrice(value: number | string | null | undefined, symbol?: string): string {
  const n = Number(value);
  const fixed = (Number.isFinite(n) ? n : 0).toFixed(2);
  const [int = '0', frac = '00'] = fixed.split('.');
  const text = `${formatNumber(Number(int))}.${frac}`;
  return symbol ? `${text} ${symbol}` : text;
}

/** A coin amount: '1 250 Coins'; `label` is the chosen language's `nav.coins` (see useFormat). */
export function formatCoins(value: number | null | undefined, label: string = englishText('nav.coins')): string {
  return `${formatNumber(value ?? 0)} ${label}`;
}

/** File sizes in B, KB or MB. */
export function formatFileSize(bytes: number | null | undefined): string {
  const n = Number(bytes);
  if (!Number.isFinite(n) || n < 0) return '0 B';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${(n / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** Active-chat label: 'Just now' under 2 minutes, then minutes, hours within 24 h, else the date; `t` of the chosen language. */
export function formatActiveChatTime(
  value: string | number | Date | null | undefined,
  now: Date = new Date(),
  t: (key: TextKey, params?: TextParams) => string = englishText,
): string {
  const date = toDate(value);
  if (!date) return '';
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 2) return t('topics.justNow');
  if (minutes < 60) return t('formatUi.minutesAgo', { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('formatUi.hoursAgo', { n: hours });
  return formatDate(date);
}
