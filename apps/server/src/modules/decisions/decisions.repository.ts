import { type Insertable } from 'kysely';
import { type DbOrTrx } from '../../db/database.js';
import { type ComplaintsTable, type DecisionStatementsTable } from './decisions.table.js';

/** The new statement's id; undefined when a replayed decision (same dedupe key) recorded it before. */
export function insertStatement(db: DbOrTrx, row: Insertable<DecisionStatementsTable>) {
  return db
    .insertInto('decision_statements')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
}

export function findStatement(db: DbOrTrx, id: number) {
  return db.selectFrom('decision_statements').selectAll().where('id', '=', id).executeTakeFirst();
}

const complaintColumns = [
  'complaints.id as complaint_id',
  'complaints.status as complaint_status',
  'complaints.created_at as complaint_created_at',
  'complaints.decided_at as complaint_decided_at',
  'complaints.reasons as complaint_reasons',
] as const;

export function findStatementByTokenHash(db: DbOrTrx, hash: string) {
  return db
    .selectFrom('decision_statements')
    .leftJoin('complaints', 'complaints.statement_id', 'decision_statements.id')
    .selectAll('decision_statements')
    .select(complaintColumns)
    .where('decision_statements.contest_token_hash', '=', hash)
    .executeTakeFirst();
}

/** A user's statements, newest first, each with its complaint if any. */
export function listUserStatements(db: DbOrTrx, userId: number, limit: number) {
  return db
    .selectFrom('decision_statements')
    .leftJoin('complaints', 'complaints.statement_id', 'decision_statements.id')
    .selectAll('decision_statements')
    .select(complaintColumns)
    .where('decision_statements.user_id', '=', userId)
    .orderBy('decision_statements.id', 'desc')
    .limit(limit)
    .execute();
}

/** The complaint's id; undefined when the statement was contested before (one complaint per statement). */
export function insertComplaint(db: DbOrTrx, row: Insertable<ComplaintsTable>) {
  return db
    .insertInto('complaints')
    .values(row)
    .onConflict((oc) => oc.column('statement_id').doNothing())
    .returning('id')
    .executeTakeFirst();
}

function selectComplaints(db: DbOrTrx) {
  return db
    .selectFrom('complaints')
    .innerJoin('decision_statements as s', 's.id', 'complaints.statement_id')
    .selectAll('complaints')
    .select([
      's.type as statement_type',
      's.facts as statement_facts',
      's.ground_detail as statement_ground_detail',
      's.automated as statement_automated',
      's.coins as statement_coins',
      's.subject_type as statement_subject_type',
      's.subject_id as statement_subject_id',
      's.decided_by as statement_decided_by',
      's.created_at as statement_created_at',
      's.user_id as statement_user_id',
    ]);
}

/** Open complaints first, by due date; then decided ones, newest first. */
export function listComplaints(db: DbOrTrx, status: string | undefined, limit: number) {
  let query = selectComplaints(db);
  if (status) query = query.where('complaints.status', '=', status);
  return query.orderBy('complaints.status', 'desc').orderBy('complaints.due_at', 'asc').orderBy('complaints.id', 'desc').limit(limit).execute();
}

export function findComplaint(db: DbOrTrx, id: number) {
  return selectComplaints(db).where('complaints.id', '=', id).executeTakeFirst();
}

/** Decides an open complaint; undefined when it was decided already (the race's losers). */
export function decideOpenComplaint(db: DbOrTrx, id: number, changes: { status: string; decided_by: number; decided_at: string; reasons: string }) {
  return db.updateTable('complaints').set(changes).where('id', '=', id).where('status', '=', 'open').returning('id').executeTakeFirst();
}

/** Statements decided in [from, to) for the transparency export, oldest first. */
export function listStatementsBetween(db: DbOrTrx, from: string | undefined, to: string | undefined, limit: number) {
  let query = db.selectFrom('decision_statements').selectAll();
  if (from) query = query.where('created_at', '>=', from);
  if (to) query = query.where('created_at', '<', to);
  return query.orderBy('id', 'asc').limit(limit).execute();
}

/** A person's complaints for their data export: what they wrote, the outcome and its reasons. */
export function listUserComplaints(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('complaints')
    .select(['id', 'statement_id', 'text', 'file_name', 'status', 'created_at', 'decided_at', 'reasons'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** Removes a person's complaint texts and files (account deletion); answers the stored files' keys. */
export async function eraseUserComplaints(db: DbOrTrx, userId: number): Promise<string[]> {
  const files = await db.selectFrom('complaints').select('file_key').where('user_id', '=', userId).where('file_key', 'is not', null).execute();
  await db.updateTable('complaints').set({ text: '', file_key: null, file_name: null, file_mime: null }).where('user_id', '=', userId).execute();
  return files.map((row) => row.file_key!);
}
