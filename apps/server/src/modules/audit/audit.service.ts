import { type DbOrTrx } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { insertAuditEntry } from './audit.repository.js';

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
