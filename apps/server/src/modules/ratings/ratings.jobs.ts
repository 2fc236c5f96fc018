import { registerPeriodicJob } from '../jobs/jobs.registry.js';
import { refreshRatingAggregates } from './ratings.service.js';

/** Once a day: what rated people and matching see is recomputed from the ratings made before that day. */
registerPeriodicJob('ratings.aggregate', {
  everyMs: 24 * 3600_000,
  async handle(ctx) {
    await refreshRatingAggregates(ctx.db, ctx.clock);
  },
});
