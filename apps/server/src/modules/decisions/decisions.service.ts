import {
  complaintDueDays,
  complaintWindowDays,
  decisionTypeSchema,
  texts,
  type AdminComplaint,
  type ChatEvent,
  type DecideComplaintBody,
  type DecisionStatement,
  type DecisionType,
} from '@parley/contracts';
import { readFile } from 'node:fs/promises';
import { type Transaction } from 'kysely';
import { type Database, type Db, type DbOrTrx } from '../../db/database.js';
import { AppError, localized } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { type EventBus } from '../../lib/event-bus.js';
import { type Storage } from '../../lib/storage.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { recordAudit } from '../audit/audit.service.js';
import { postEntry } from '../ledger/ledger.service.js';
import { createNotification } from '../notifications/notifications.service.js';
import { type TextPart } from '../reference/localization.service.js';
import * as repo from './decisions.repository.js';
import { type DecisionStatementRow } from './decisions.table.js';
import { findDecisionUndo, type UndoOutcome } from './decisions.undo.js';

const DAY_MS = 86_400_000;
const t = texts.decisions;

export interface NewStatement {
  userId: number;
  type: DecisionType;
  /** What the decision concerns, for the admin and the export: 'user', 'topic', 'held_message', 'payout', … */
  subject: { type: string; id: string | number };
  /** The facts as the decider wrote them; null: the type's standard facts. */
  facts?: string | null;
  /** A detail of the rule relied on (a content rule's number). */
  groundDetail?: string | null;
  /** The admin who decided; null or absent: the decision was automated. */
  decidedBy?: number | null;
  /** Coins the decision took, which an upheld complaint gives back. */
  coins?: number;
  contentType?: 'text' | 'image' | 'other';
  /** One statement per decision, however often it is replayed. */
  dedupeKey: string;
  now: string;
}

const yyyyMmDd = (iso: string) => iso.slice(0, 10);

/** The statement's notice body in the reader's language: the five fields of DSA Art. 17. */
function statementBody(row: Pick<DecisionStatementRow, 'type' | 'facts' | 'ground_detail' | 'automated' | 'contest_until'>): TextPart {
  const type = decisionTypeSchema.parse(row.type);
  return localized('decisions.statementBody', {
    decision: t.decision[type],
    facts: row.facts?.trim() || t.facts[type],
    ground: t.ground[type],
    rule: row.ground_detail ?? 'none',
    automated: row.automated === 1 ? 'yes' : 'no',
    until: yyyyMmDd(row.contest_until),
  });
}

/**
 * Records a restrictive decision's statement of reasons in the deciding transaction and tells the person
 * (in-app notice and mail, in their language). Never names another person: facts are the decider's words
 * about the decision. A replayed decision (same key) records and notifies once.
 */
export async function recordStatement(trx: DbOrTrx, input: NewStatement): Promise<number | undefined> {
  // A banned person cannot sign in: their statement's link carries a secret that lets them contest it anyway.
  const token = randomToken(24);
  const contestUntil = new Date(Date.parse(input.now) + complaintWindowDays * DAY_MS).toISOString();
  const row = {
    user_id: input.userId,
    type: input.type,
    subject_type: input.subject.type,
    subject_id: String(input.subject.id),
    facts: input.facts?.trim() ? input.facts.trim().slice(0, 2000) : null,
    ground_detail: input.groundDetail ?? null,
    automated: input.decidedBy ? 0 : 1,
    decided_by: input.decidedBy ?? null,
    coins: input.coins ?? 0,
    content_type: input.contentType ?? 'text',
    dedupe_key: input.dedupeKey.slice(0, 120),
    contest_token_hash: sha256(`contest:${token}`),
    created_at: input.now,
    contest_until: contestUntil,
  };
  const inserted = await repo.insertStatement(trx, row);
  if (!inserted) return undefined;
  await createNotification(trx, {
    userId: input.userId,
    kind: `decision.${input.type}`,
    title: localized('decisions.noticeTitle', { type: input.type }),
    body: statementBody(row),
    link: input.type === 'ban' ? `/contest/${token}` : `/account?tab=decisions&statement=${inserted.id}`,
    dedupeKey: `statement:${inserted.id}`,
    createdAt: input.now,
  });
  return inserted.id;
}

type StatementListRow = Awaited<ReturnType<typeof repo.listUserStatements>>[number];

function toStatement(row: StatementListRow, now: string): DecisionStatement {
  return {
    id: row.id,
    type: decisionTypeSchema.parse(row.type),
    facts: row.facts,
    ground_detail: row.ground_detail,
    automated: row.automated === 1,
    coins: row.coins,
    created_at: row.created_at,
    contest_until: row.contest_until,
    can_contest: row.complaint_id === null && row.contest_until > now,
    complaint:
      row.complaint_id === null
        ? null
        : {
            id: row.complaint_id,
            status: row.complaint_status as 'open' | 'upheld' | 'rejected',
            created_at: row.complaint_created_at!,
            decided_at: row.complaint_decided_at,
            reasons: row.complaint_reasons,
          },
  };
}

/** Account → My decisions: the person's statements, newest first. */
export async function listMyStatements(db: Db, clock: Clock, userId: number): Promise<DecisionStatement[]> {
  const now = clock.now().toISOString();
  return (await repo.listUserStatements(db, userId, 200)).map((row) => toStatement(row, now));
}

/** The statement behind a contest link (a banned person's mail), for the public contest page. */
export async function getStatementByToken(db: Db, clock: Clock, token: string): Promise<DecisionStatement> {
  const row = await repo.findStatementByTokenHash(db, sha256(`contest:${token}`));
  if (!row) throw new AppError('NOT_FOUND', t.notFound);
  return toStatement(row, clock.now().toISOString());
}

/** Whose statement a contest link opens (its addressee files the complaint). */
export async function findTokenOwner(db: Db, token: string): Promise<{ userId: number; statementId: number }> {
  const row = await repo.findStatementByTokenHash(db, sha256(`contest:${token}`));
  if (!row) throw new AppError('NOT_FOUND', t.notFound);
  return { userId: row.user_id, statementId: row.id };
}

export interface ComplaintFile {
  path: string;
  originalFilename: string;
  mime: string;
}

/**
 * Contests a statement: free text and an optional file (checked by the upload rules before this), within six
 * months, once per statement. Only its addressee may; anyone else is told it does not exist.
 */
export async function fileComplaint(
  deps: { db: Db; clock: Clock; storage: Storage },
  userId: number,
  statementId: number,
  text: string,
  file: ComplaintFile | undefined,
) {
  const now = deps.clock.now().toISOString();
  const statement = await repo.findStatement(deps.db, statementId);
  if (!statement || statement.user_id !== userId) throw new AppError('NOT_FOUND', t.notFound);
  if (statement.contest_until <= now) throw new AppError('CONFLICT', t.windowClosed);
  const fileKey = file ? await deps.storage.put(await readFile(file.path)) : null;
  const inserted = await repo.insertComplaint(deps.db, {
    statement_id: statementId,
    user_id: userId,
    text,
    file_key: fileKey,
    file_name: file?.originalFilename ?? null,
    file_mime: file?.mime ?? null,
    created_at: now,
    due_at: new Date(Date.parse(now) + complaintDueDays * DAY_MS).toISOString(),
    decided_by: null,
    decided_at: null,
    reasons: null,
  });
  if (!inserted) {
    if (fileKey) await deps.storage.delete(fileKey);
    throw new AppError('CONFLICT', t.alreadyContested);
  }
  return { id: inserted.id, status: 'open' as const, created_at: now, decided_at: null, reasons: null };
}

type ComplaintListRow = NonNullable<Awaited<ReturnType<typeof repo.findComplaint>>>;

function toAdminComplaint(row: ComplaintListRow, viewerId: number, now: string): AdminComplaint {
  return {
    id: row.id,
    status: row.status as AdminComplaint['status'],
    text: row.text,
    has_file: row.file_key !== null,
    file_name: row.file_name,
    created_at: row.created_at,
    due_at: row.due_at,
    is_overdue: row.status === 'open' && row.due_at < now,
    decided_at: row.decided_at,
    reasons: row.reasons,
    user_id: row.user_id,
    statement: {
      id: row.statement_id,
      type: decisionTypeSchema.parse(row.statement_type),
      facts: row.statement_facts,
      ground_detail: row.statement_ground_detail,
      automated: row.statement_automated === 1,
      coins: row.statement_coins,
      subject_type: row.statement_subject_type,
      subject_id: row.statement_subject_id,
      decided_by: row.statement_decided_by,
      created_at: row.statement_created_at,
    },
    is_own_decision: row.statement_decided_by === viewerId,
  };
}

/** Admin → Complaints: open ones first by due date. */
export async function listComplaints(db: Db, clock: Clock, viewerId: number, status?: string): Promise<AdminComplaint[]> {
  const now = clock.now().toISOString();
  return (await repo.listComplaints(db, status, 500)).map((row) => toAdminComplaint(row, viewerId, now));
}

/** The complaint's attached file for an admin. */
export async function getComplaintFile(deps: { db: Db; storage: Storage }, id: number) {
  const row = await repo.findComplaint(deps.db, id);
  const data = row?.file_key ? await deps.storage.get(row.file_key) : null;
  if (!row || !data) throw new AppError('NOT_FOUND', t.complaintNotFound);
  return { data, name: row.file_name ?? 'file', mime: row.file_mime ?? 'application/octet-stream' };
}

/** Earnings reversed come back once: the ledger key is the complaint's, and only one decision wins the complaint. */
async function restoreCoins(trx: Transaction<Database>, clock: Clock, statement: DecisionStatementRow, complaintId: number): Promise<UndoOutcome | null> {
  if (statement.coins <= 0) return null;
  const { entry } = await postEntry(trx, clock, {
    userId: statement.user_id,
    amount: statement.coins,
    kind: 'earning_restore',
    idempotencyKey: `complaint:${complaintId}:restore`,
    reference: { type: 'complaint', id: complaintId },
  });
  return {
    undone: 'coins_restored',
    notice: localized('decisions.undoneCoins', { coins: statement.coins }),
    events: [{ type: 'balance', userId: statement.user_id, balance: entry.balance_after }],
  };
}

async function undoDecision(trx: Transaction<Database>, clock: Clock, statement: DecisionStatementRow, complaintId: number, actorId: number) {
  const type = decisionTypeSchema.parse(statement.type);
  if (type === 'earnings_reversed') return restoreCoins(trx, clock, statement, complaintId);
  const handler = findDecisionUndo(type);
  return handler ? handler({ trx, clock, statement, complaintId, actorId }) : null;
}

/**
 * Decides an open complaint with reasons. The admin who made the contested decision is refused (403); one
 * decision wins a race (the status moves once), so what an upheld complaint undoes — a ban lifted, reversed
 * earnings credited back, a held message released — happens once. The person is told the outcome.
 */
export async function decideComplaint(deps: { db: Db; clock: Clock; bus: EventBus }, actorId: number, id: number, body: DecideComplaintBody) {
  const now = deps.clock.now().toISOString();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const complaint = await repo.findComplaint(trx, id);
    if (!complaint) throw new AppError('NOT_FOUND', t.complaintNotFound);
    if (complaint.statement_decided_by === actorId) throw new AppError('FORBIDDEN', t.ownDecision);
    if (!(await repo.decideOpenComplaint(trx, id, { status: body.outcome, decided_by: actorId, decided_at: now, reasons: body.reasons })))
      throw new AppError('CONFLICT', t.complaintDecided);
    const statement = (await repo.findStatement(trx, complaint.statement_id))!;
    const undone = body.outcome === 'upheld' ? await undoDecision(trx, deps.clock, statement, id, actorId) : null;
    await createNotification(trx, {
      userId: complaint.user_id,
      kind: `complaint.${body.outcome}`,
      title: localized('decisions.outcomeTitle', { outcome: body.outcome }),
      body: [localized('decisions.outcomeBody', { outcome: body.outcome, reasons: body.reasons }), ...(undone ? [undone.notice] : [])],
      link: `/account?tab=decisions&statement=${statement.id}`,
      dedupeKey: `complaint:${id}:outcome`,
      createdAt: now,
    });
    await recordAudit(trx, deps.clock, {
      actorId,
      action: `complaint.${body.outcome}`,
      subjectType: 'complaint',
      subjectId: id,
      before: { status: 'open' },
      after: { status: body.outcome, reasons: body.reasons, undone: undone?.undone ?? null },
    });
    return { undone, userId: complaint.user_id };
  });
  const events: ChatEvent[] = outcome.undone?.events ?? [];
  for (const event of events) await deps.bus.publish(event).catch(() => undefined);
  return { id, status: body.outcome, undone: outcome.undone ? [outcome.undone.undone] : [] };
}

/** The person's statements and complaints, for their data export (GDPR Art. 15/20). */
export async function exportUserDecisions(db: Db, clock: Clock, userId: number) {
  return { statements: await listMyStatements(db, clock, userId), complaints: await repo.listUserComplaints(db, userId) };
}

/**
 * Account deletion: the complaints' texts and files go (a statement stays for the operator's transparency
 * reports: it names no one). In the caller's transaction; the caller deletes the returned files after commit.
 */
export const eraseUserComplaints = (trx: DbOrTrx, userId: number) => repo.eraseUserComplaints(trx, userId);
