import { deleteFinishedJobs } from './jobs.repository.js';
import { registerPeriodicJob } from './jobs.registry.js';

const DAY_MS = 24 * 3600_000;
/** Done jobs are kept a day (to look at recent deliveries), dead ones a month (to investigate). */
export const KEEP_DONE_MS = DAY_MS;
export const KEEP_DEAD_MS = 30 * DAY_MS;

registerPeriodicJob('jobs.prune', {
  everyMs: 3600_000,
  async handle(ctx) {
    const now = ctx.clock.now().getTime();
    const deleted = await deleteFinishedJobs(ctx.db, new Date(now - KEEP_DONE_MS).toISOString(), new Date(now - KEEP_DEAD_MS).toISOString());
    if (deleted > 0) ctx.log.info({ deleted }, 'pruned finished jobs');
  },
});
