import { pageMeta, texts, type BackupMarkBody, type DeadJobsQuery } from '@parley/contracts';
import { type DbOrTrx } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { discardDeadJob, findDeadJob, listDeadJobs, retryDeadJob } from '../jobs/jobs.queue.js';
import { audited, type AdminActor } from './admin-audit.js';
import * as repo from './system.repository.js';
import { BACKUP_MARK, getBackupMark } from './system.service.js';

export async function listDeadJobsPage(db: DbOrTrx, query: DeadJobsQuery) {
  const { items, total } = await listDeadJobs(db, query);
  return { items, meta: pageMeta(query.page, query.per_page, total) };
}

/** Runs a dead job again (due now, attempts reset), audited; 404 when no dead job has this id. */
export function retryJob(actor: AdminActor, id: number) {
  return audited(actor, 'job.retry', 'job', async (trx) => {
    const before = await findDeadJob(trx, id);
    if (!before || !(await retryDeadJob(trx, id, actor.clock.now()))) throw new AppError('NOT_FOUND', texts.admin.notFound);
    return { subjectId: id, before, after: { status: 'pending', attempts: 0 }, result: { id, status: 'pending' as const } };
  });
}

/** Deletes a dead job for good, audited (its kind and last error stay in the audit entry). */
export function discardJob(actor: AdminActor, id: number) {
  return audited(actor, 'job.discard', 'job', async (trx) => {
    const before = await findDeadJob(trx, id);
    if (!before || !(await discardDeadJob(trx, id))) throw new AppError('NOT_FOUND', texts.admin.notFound);
    return { subjectId: id, before, after: null, result: { id, status: 'discarded' as const } };
  });
}

/** Records when the last backup was taken; an admin's mark is audited. */
export function markBackup(actor: AdminActor & { email: string }, body: BackupMarkBody) {
  return audited(actor, 'backup.mark', 'system', async (trx) => {
    const before = await getBackupMark(trx);
    const after = await saveBackupMark(trx, actor.clock, { at: body.at, note: body.note, recordedBy: actor.email });
    return { subjectId: BACKUP_MARK, before, after, result: after };
  });
}

/** The one writer of the backup mark (the admin route and `npm run backup:mark`). */
export async function saveBackupMark(db: DbOrTrx, clock: Clock, input: { at?: string; note?: string; recordedBy: string }) {
  const now = clock.now();
  const at = input.at ? new Date(input.at) : now;
  const mark = { at: at.toISOString(), note: input.note || null, recorded_by: input.recordedBy.slice(0, 255) };
  await repo.saveMark(db, { name: BACKUP_MARK, ...mark, updated_at: now.toISOString() });
  return mark;
}
