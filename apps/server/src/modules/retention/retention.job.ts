import { type Settings } from '@parley/contracts';
import { type DbOrTrx } from '../../db/database.js';
import { type JobContext, registerPeriodicJob } from '../jobs/jobs.registry.js';
import { pruneFinishedJobs } from '../jobs/jobs.queue.js';
import { getSettings } from '../reference/settings.service.js';
import * as repo from './retention.repository.js';

const DAY_MS = 24 * 3600_000;
/** Rows per statement, and statements per kind per run: a backlog goes over several hourly runs. */
export const RETENTION_BATCH = 500;
export const RETENTION_MAX_BATCHES = 50;
const FILE_BATCH = 100;

interface RowRule {
  name: string;
  setting: keyof Settings;
  prune: (db: DbOrTrx, before: string, limit: number) => Promise<number>;
}

/** What is kept how long (settings, in days; 0 keeps forever). Messages are never pruned. */
const rowRules: RowRule[] = [
  { name: 'notifications', setting: 'retention_notifications_days', prune: repo.deleteNotificationsBefore },
  { name: 'audit_log', setting: 'retention_audit_log_days', prune: repo.deleteAuditEntriesBefore },
  { name: 'payment_events', setting: 'retention_payment_events_days', prune: repo.deletePaymentEventsBefore },
  { name: 'held_messages', setting: 'retention_held_messages_days', prune: repo.deleteDecidedHeldMessagesBefore },
  { name: 'done_jobs', setting: 'retention_done_jobs_days', prune: (db, before, limit) => pruneFinishedJobs(db, 'done', before, limit) },
  { name: 'dead_jobs', setting: 'retention_dead_jobs_days', prune: (db, before, limit) => pruneFinishedJobs(db, 'dead', before, limit) },
];

const cutoff = (ctx: JobContext, days: number) => new Date(ctx.clock.now().getTime() - days * DAY_MS).toISOString();

async function pruneRows(ctx: JobContext, rule: RowRule, days: number): Promise<number> {
  const before = cutoff(ctx, days);
  let total = 0;
  for (let batch = 0; batch < RETENTION_MAX_BATCHES && !ctx.signal.aborted; batch++) {
    const count = await rule.prune(ctx.db, before, RETENTION_BATCH);
    total += count;
    if (count < RETENTION_BATCH) break;
  }
  return total;
}

/**
 * Deleted accounts' attachments: the stored file goes first, then its row. A file storage refuses to
 * delete stops the run with its row kept, so the next run tries again and no file is ever orphaned.
 */
async function pruneDeletedAccountFiles(ctx: JobContext, days: number): Promise<number> {
  const before = cutoff(ctx, days);
  let total = 0;
  for (let batch = 0; batch < RETENTION_MAX_BATCHES && !ctx.signal.aborted; batch++) {
    const attachments = await repo.listDeletedAccountAttachments(ctx.db, before, FILE_BATCH);
    const removed: number[] = [];
    try {
      for (const attachment of attachments) {
        await ctx.storage.delete(attachment.path);
        removed.push(attachment.id);
      }
    } finally {
      total += await repo.deleteAttachments(ctx.db, removed);
    }
    if (attachments.length < FILE_BATCH) break;
  }
  return total;
}

/** Once an hour on one instance: everything past its retention, in bounded batches. */
export async function pruneExpiredData(ctx: JobContext): Promise<Record<string, number>> {
  const settings = await getSettings(ctx.db);
  const pruned: Record<string, number> = {};
  for (const rule of rowRules) {
    const days = settings[rule.setting] as number;
    if (days > 0) pruned[rule.name] = await pruneRows(ctx, rule, days);
  }
  if (settings.retention_deleted_account_files_days > 0)
    pruned.deleted_account_files = await pruneDeletedAccountFiles(ctx, settings.retention_deleted_account_files_days);
  return pruned;
}

registerPeriodicJob('retention.prune', {
  everyMs: 3600_000,
  // A large backlog takes a while: no other instance takes the run over meanwhile.
  leaseMs: 15 * 60_000,
  async handle(ctx) {
    const pruned = await pruneExpiredData(ctx);
    if (Object.values(pruned).some((count) => count > 0)) ctx.log.info({ pruned }, 'retention: pruned rows past their retention');
  },
});
