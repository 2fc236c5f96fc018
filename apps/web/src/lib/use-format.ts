import { useMemo } from 'react';
import { formatActiveChatTime, formatCoins, formatLongDate } from './format';
import { useI18n } from './i18n';

/** The formatters whose words or month names follow the chosen language. */
export function useFormat() {
  const { t, locale } = useI18n();
  return useMemo(
    () => ({
      coins: (value: number | null | undefined) => formatCoins(value, t('nav.coins')),
      longDate: (value: string | number | Date | null | undefined) => formatLongDate(value, locale),
      activeChatTime: (value: string | number | Date | null | undefined, now?: Date) => formatActiveChatTime(value, now, t),
    }),
    [t, locale],
  );
}
