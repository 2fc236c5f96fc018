import { registerJobHandler, registerPeriodicJob } from '../jobs/jobs.registry.js';
import { deleteExpiredEmailTokens, deleteExpiredSessions } from './auth.repository.js';
import { AUTH_MAIL_JOB, authMailPayloadSchema, deliverAuthMail } from './auth.service.js';

/** Reset and verification mail: token made and mail rendered when the job runs; the payload is forgotten once done. */
registerJobHandler(AUTH_MAIL_JOB, {
  schema: authMailPayloadSchema,
  handle: (payload, ctx) => deliverAuthMail(ctx, payload),
  maxAttempts: 10,
  forgetPayloadWhenDone: true,
});

/** Hourly: expired sessions and email tokens are deleted (whichever instance takes the slot). */
registerPeriodicJob('auth.prune', {
  everyMs: 3600_000,
  async handle(ctx) {
    const now = ctx.clock.now().toISOString();
    const sessions = await deleteExpiredSessions(ctx.db, now);
    const tokens = await deleteExpiredEmailTokens(ctx.db, now);
    if (sessions + tokens > 0) ctx.log.info({ sessions, tokens }, 'pruned expired sessions and email tokens');
  },
});
