import { texts } from '@parley/contracts/texts';
import { useSettings } from '../../lib/reference';

/** Shown wherever money is taken or watched while the deployment runs the sandbox gateway. */
export function TestPaymentsBanner() {
  const { data: settings } = useSettings();
  if (!settings?.test_payments) return null;
  return (
    <div className="alert alert--warning test-payments" role="note">
      <strong>{texts.payments.testMode}</strong> {texts.payments.testModeDetail}
    </div>
  );
}
