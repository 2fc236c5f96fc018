import { type DbOrTrx } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { type AdminAuditQuery } from '@parley/contracts';
import { insertAuditEntry, listAuditActions, selectAuditEntries } from './audit.repository.js';

export interface AuditEntryInput {
  actorId: number | null;
  /** Dotted verb, e.g. `user.ban`, `room.update`, `settings.update`. */
  action: string;
  subjectType: string | null;
  subjectId: string | number | null;
  before?: unknown;
  after?: unknown;
}

const toJson = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** The one way an admin write is recorded: who, what, before/after as JSON, when. Call inside the write's transaction when there is one. */
export async function recordAudit(db: DbOrTrx, clock: Clock, input: AuditEntryInput) {
  return insertAuditEntry(db, {
    actor_id: input.actorId,
    action: input.action,
    subject_type: input.subjectType,
    subject_id: input.subjectId === null ? null : String(input.subjectId),
    before: toJson(input.before),
    after: toJson(input.after),
    created_at: clock.now().toISOString(),
  });
}

/** The audit log filtered for the admin console, as a query the caller pages and sorts. */
export function auditEntriesQuery(db: DbOrTrx, filter: Omit<AdminAuditQuery, 'page' | 'per_page' | 'sort' | 'order'>) {
  return selectAuditEntries(db, filter);
}

/** Every action name the log holds, sorted (the console's filter choices). */
export async function listAuditActionNames(db: DbOrTrx) {
  return (await listAuditActions(db)).map((row) => row.action);
}
