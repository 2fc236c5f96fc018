import { type AdminAuditQuery } from '@parley/contracts';
import { type DbOrTrx } from '../../db/database.js';
import { type Insertable } from 'kysely';
import { type AuditLogTable } from './audit.table.js';

export function insertAuditEntry(db: DbOrTrx, entry: Insertable<AuditLogTable>) {
  return db.insertInto('audit_log').values(entry).returningAll().executeTakeFirstOrThrow();
}

/** The audit log joined to the actor's email, filtered; the caller pages and sorts. */
export function selectAuditEntries(db: DbOrTrx, filter: Omit<AdminAuditQuery, 'page' | 'per_page' | 'sort' | 'order'>) {
  let query = db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.actor_id')
    .select([
      'audit_log.id',
      'audit_log.actor_id',
      'users.email as actor_email',
      'audit_log.action',
      'audit_log.subject_type',
      'audit_log.subject_id',
      'audit_log.before',
      'audit_log.after',
      'audit_log.created_at',
    ]);
  if (filter.actor_id) query = query.where('audit_log.actor_id', '=', filter.actor_id);
  if (filter.action) query = query.where('audit_log.action', '=', filter.action);
  if (filter.subject_type) query = query.where('audit_log.subject_type', '=', filter.subject_type);
  if (filter.subject_id) query = query.where('audit_log.subject_id', '=', filter.subject_id);
  if (filter.from) query = query.where('audit_log.created_at', '>=', filter.from);
  // A bare date as the upper bound includes that whole day.
  if (filter.to) query = query.where('audit_log.created_at', '<=', filter.to.length === 10 ? `${filter.to}T23:59:59.999Z` : filter.to);
  return query;
}

export function listAuditActions(db: DbOrTrx) {
  return db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute();
}
