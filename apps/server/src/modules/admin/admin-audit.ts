import { type Transaction } from 'kysely';
import { type Database, type Db } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { recordAudit } from '../audit/audit.service.js';

/** What every admin service needs: the database, the clock and who is acting. */
export interface AdminActor {
  db: Db;
  clock: Clock;
  actorId: number;
}

export interface AuditedResult<T> {
  subjectId: string | number | null;
  before: unknown;
  after: unknown;
  result: T;
}

/**
 * Runs an admin write and its audit row in one transaction: either both land or neither.
 * `work` returns the subject and its before/after snapshots.
 */
export async function audited<T>(
  actor: AdminActor,
  action: string,
  subjectType: string,
  work: (trx: Transaction<Database>) => Promise<AuditedResult<T>>,
): Promise<T> {
  return actor.db.transaction().execute(async (trx) => {
    const outcome = await work(trx);
    await recordAudit(trx, actor.clock, {
      actorId: actor.actorId,
      action,
      subjectType,
      subjectId: outcome.subjectId,
      before: outcome.before,
      after: outcome.after,
    });
    return outcome.result;
  });
}
