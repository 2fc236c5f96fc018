import { formatDate } from '../../../lib/format';
import type { Translate } from './translate';

/** Active-chat label: 'Just now' under 2 minutes, then minutes, hours within 24 h, else the date. */
export function activeChatTime(value: string | number | Date | null | undefined, t: Translate, now: Date = new Date()): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 2) return t('topics.justNow');
  if (minutes < 60) return t('roomsUi.minutesAgo', { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('roomsUi.hoursAgo', { n: hours });
  return formatDate(date);
}
