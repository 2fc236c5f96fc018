import { registerPeriodicJob } from '../jobs/jobs.registry.js';
import { depositPayments } from './deposit-payments.js';

/** Every 5 minutes: unpaid top-ups past their expiry become Canceled (reading one also does it at once). */
registerPeriodicJob('deposits.expire', {
  everyMs: 5 * 60_000,
  async handle(ctx) {
    const expired = await depositPayments.expireStale(ctx.db, ctx.clock);
    if (expired > 0) ctx.log.info({ expired }, 'expired unpaid top-ups');
  },
});
