import { adminResponses } from '@parley/contracts';
import { Link } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useAdminGet } from '../api/admin-query';
import { AdminPage } from '../components/admin-layout';
import { TestPaymentsBanner } from '../../../components/ui/test-payments-banner';
import { BarChart } from '../components/bar-chart';

const euros = (cents: number) => `${(cents / 100).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;

export function DashboardScreen() {
  const { data, isLoading, error } = useAdminGet('/dashboard', adminResponses.dashboard, { days: 30 });
  const { data: ai } = useAdminGet('/ai/health', adminResponses.aiHealth);
  const { data: settings } = useAdminGet('/settings', adminResponses.settings);
  if (isLoading) return <PageSpinner />;
  if (error || !data) return <p className="alert alert--error">{errorMessage(error)}</p>;
  const f = data.figures;
  const cards: { label: string; value: string; to?: string; alert?: boolean }[] = [
    { label: 'Users', value: String(f.users), to: 'users' },
    { label: 'New today', value: String(f.users_new_today) },
    { label: 'Active chats', value: String(f.active_chats), to: 'topics' },
    { label: 'Messages today', value: String(f.messages_today) },
    { label: 'Coins sold', value: String(f.coins_sold) },
    { label: 'Revenue (net)', value: euros(f.revenue_cents ?? 0) },
    { label: 'Pending applications', value: String(f.pending_applications), to: 'applications', alert: (f.pending_applications ?? 0) > 0 },
    { label: 'Pending payouts', value: String(f.pending_payouts), to: 'payouts', alert: (f.pending_payouts ?? 0) > 0 },
    { label: 'Open reports', value: String(f.open_reports), to: 'reports', alert: (f.open_reports ?? 0) > 0 },
    { label: 'Open disputes', value: String(f.open_disputes ?? 0), to: 'disputes', alert: (f.open_disputes ?? 0) > 0 },
  ];
  if (ai)
    cards.push({
      label: 'AI companion',
      value: ai.demo ? 'Demo companion' : ai.breaker === 'closed' ? `${Math.round(ai.error_rate * 100)} % errors` : 'Provider failing',
      to: 'ai',
      alert: !ai.demo && ai.breaker !== 'closed',
    });
  return (
    <AdminPage title="Dashboard">
      <TestPaymentsBanner />
      {settings && !settings.requisites[0]?.trim() && (
        <p className="alert alert--warning" role="status">
          Receipts and the footer show no operator yet: set your company name, registry code and legal address in{' '}
          <Link to={paths.admin.getHref('settings')}>Settings</Link>.
        </p>
      )}
      <div className="admin-cards">
        {cards.map((c) => (
          <div key={c.label} className={`admin-card${c.alert ? ' admin-card--alert' : ''}`}>
            <div className="admin-card__label">{c.to ? <Link to={paths.admin.getHref(c.to)}>{c.label}</Link> : c.label}</div>
            <div className="admin-card__value">{c.value}</div>
          </div>
        ))}
      </div>
      <div className="admin-charts">
        <BarChart title="Messages" points={data.series.messages} />
        <BarChart title="Sign-ups" points={data.series.signups} />
        <BarChart title="Revenue" points={data.series.revenue_cents} format={euros} />
      </div>
    </AdminPage>
  );
}
