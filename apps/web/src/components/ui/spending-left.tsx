import { texts } from '@parley/contracts';
import { useSpendingLimits } from '../../lib/spending';
import { englishText } from '@parley/contracts/i18n';

/** What the user's own spending limits leave today and this month; nothing without a limit. Warns from 80 %. */
export function SpendingLeft({ className = '' }: { className?: string }) {
  const { data } = useSpendingLimits();
  if (!data || (data.daily_limit === null && data.monthly_limit === null)) return null;
  const lines = [
    data.daily_limit !== null && data.daily_left !== null ? englishText('spending.leftToday', { left: data.daily_left, limit: data.daily_limit }) : null,
    data.monthly_limit !== null && data.monthly_left !== null
      ? englishText('spending.leftThisMonth', { left: data.monthly_left, limit: data.monthly_limit })
      : null,
  ].filter((line): line is string => line !== null);
  return (
    <div className={`spending-left${data.warning ? ' spending-left--warning' : ''} ${className}`} role="status" data-testid="spending-left">
      {data.warning && <strong className="spending-left__warning">{texts.spending.warning} </strong>}
      {lines.join(' · ')}
    </div>
  );
}
