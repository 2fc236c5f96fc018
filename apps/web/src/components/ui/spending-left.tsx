import { useSpendingLimits } from '../../lib/spending';
import { formatNumber } from '../../lib/format';
import { useT } from '../../lib/i18n';

/** What the user's own spending limits leave today and this month; nothing without a limit. Warns from 80 %. */
export function SpendingLeft({ className = '' }: { className?: string }) {
  const t = useT();
  const { data } = useSpendingLimits();
  if (!data || (data.daily_limit === null && data.monthly_limit === null)) return null;
  const lines = [
    data.daily_limit !== null && data.daily_left !== null
      ? t('spending.leftToday', { left: formatNumber(data.daily_left), limit: formatNumber(data.daily_limit) })
      : null,
    data.monthly_limit !== null && data.monthly_left !== null
      ? t('spending.leftThisMonth', { left: formatNumber(data.monthly_left), limit: formatNumber(data.monthly_limit) })
      : null,
  ].filter((line): line is string => line !== null);
  return (
    <div className={`spending-left${data.warning ? ' spending-left--warning' : ''} ${className}`} role="status" data-testid="spending-left">
      {data.warning && <strong className="spending-left__warning">{t('spending.warning')} </strong>}
      {lines.join(' · ')}
    </div>
  );
}
