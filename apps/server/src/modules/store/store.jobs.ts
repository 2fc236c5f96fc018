import { registerPeriodicJob } from '../jobs/jobs.registry.js';
import { orderPayments } from './store-payments.js';

/** Every 5 minutes: unpaid skin orders past their expiry become Canceled (reading one also does it at once). */
registerPeriodicJob('store.expire', {
  everyMs: 5 * 60_000,
  async handle(ctx) {
    const expired = await orderPayments.expireStale(ctx.db, ctx.clock);
    if (expired > 0) ctx.log.info({ expired }, 'expired unpaid orders');
  },
});
