import { type PayoutMethodId } from '@parley/contracts';
import { type TextKey } from '../../../lib/i18n';

/** The catalogue name of each payout method (the server's configuration names them in English). */
export const payoutMethodKeys: Record<PayoutMethodId, TextKey> = {
  card: 'payoutUi.methodCard',
  sepa: 'payoutUi.methodSepa',
  fps: 'payoutUi.methodFps',
};
