import { type Generated, type Selectable } from 'kysely';

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  before: string | null;
  after: string | null;
  created_at: string;
}
export type AuditLogRow = Selectable<AuditLogTable>;
