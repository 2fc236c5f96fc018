import { registerPeriodicJob } from '../jobs/jobs.registry.js';
import { retryPendingRefunds } from './refunds.service.js';

/** Every 5 minutes: refunds the gateway could not take yet are asked again (same idempotency key, so never twice). */
registerPeriodicJob('refunds.retry', {
  everyMs: 5 * 60_000,
  async handle(ctx) {
    const done = await retryPendingRefunds({ db: ctx.db, clock: ctx.clock, gateway: ctx.gateway, log: ctx.log });
    if (done > 0) ctx.log.info({ done }, 'pending refunds went through');
  },
});
