import { useT } from '../../lib/i18n';
import { useSettings } from '../../lib/reference';

/** Shown wherever money is taken or watched while the deployment runs the sandbox gateway. */
export function TestPaymentsBanner() {
  const t = useT();
  const { data: settings } = useSettings();
  if (!settings?.test_payments) return null;
  return (
    <div className="alert alert--warning test-payments" role="note">
      <strong>{t('payments.testMode')}</strong> {t('payments.testModeDetail')}
    </div>
  );
}
