import { texts, type ApplicationStatus, type ContributorApplication, type ContributorApplicationBody } from '@parley/contracts';
import { type Db, type DbOrTrx } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { withTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { recordStatement } from '../decisions/decisions.service.js';
import * as repo from './contributors.repository.js';
import { type ContributorApplicationRow } from './contributors.table.js';

const t = texts.contributor;

export function toApplication(row: ContributorApplicationRow): ContributorApplication {
  return {
    id: row.id,
    status: row.status,
    nickname: row.nickname,
    email: row.email,
    experience: row.experience,
    interests: row.interests,
    help_description: row.help_description,
    created_at: row.created_at,
    decided_at: row.decided_at,
  };
}

/**
 * One open application at a time; a new one only after a rejection (or when a
 * former contributor lost the role). The partial unique index settles races.
 */
export async function submitApplication(db: Db, clock: Clock, userId: number, body: ContributorApplicationBody): Promise<ContributorApplication> {
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await repo.findUserFlags(trx, userId);
      if (!user) throw new AppError('NOT_FOUND', texts.common.routeNotFound);
      if (user.is_contributor === 1) throw new AppError('CONFLICT', t.alreadyContributor);
      const latest = await repo.findLatestApplication(trx, userId);
      if (latest?.status === 'pending') throw new AppError('CONFLICT', t.alreadyPending);
      return toApplication(await repo.insertApplication(trx, userId, body, clock.now().toISOString()));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', t.alreadyPending);
    throw error;
  }
}

/** The user's latest application, or null when they never applied. */
export async function getLatestApplication(db: DbOrTrx, userId: number): Promise<ContributorApplication | null> {
  const row = await repo.findLatestApplication(db, userId);
  return row ? toApplication(row) : null;
}

export interface ApplicationWithUser extends ContributorApplication {
  user_id: number;
  user_email: string;
  user_name: string;
  decided_by: number | null;
}

const withUser = (row: ContributorApplicationRow & { user_email: string; user_name: string }): ApplicationWithUser => ({
  ...toApplication(row),
  user_id: row.user_id,
  user_email: row.user_email,
  user_name: row.user_name,
  decided_by: row.decided_by,
});

/** One application with its applicant, for the admin console. */
export async function getApplication(db: DbOrTrx, id: number): Promise<ApplicationWithUser | null> {
  const row = await repo.findApplicationWithUser(db, id);
  return row ? withUser(row) : null;
}

/** For the admin console: newest first, optionally by status. */
export async function listApplications(db: DbOrTrx, options: { status?: ApplicationStatus; page: number; perPage: number }) {
  const rows = await repo.listApplications(db, { status: options.status, limit: options.perPage, offset: (options.page - 1) * options.perPage });
  const total = await repo.countApplications(db, options.status);
  return {
    total,
    items: rows.map(withUser),
  };
}

async function decide(db: DbOrTrx, clock: Clock, id: number, status: 'approved' | 'rejected', actorId: number | null): Promise<ContributorApplication> {
  return withTransaction(db, async (trx) => {
    const now = clock.now().toISOString();
    const row = await repo.decidePendingApplication(trx, id, status, now, actorId);
    if (!row) {
      const existing = await repo.findApplicationById(trx, id);
      if (!existing) throw new AppError('NOT_FOUND', t.applicationNotFound);
      throw new AppError('CONFLICT', t.alreadyDecided);
    }
    // The approved nickname becomes the interlocutor's public chat name.
    if (status === 'approved') await repo.setContributorFlag(trx, row.user_id, true, now, row.nickname);
    return toApplication(row);
  });
}

/** Approves a pending application and makes its user a contributor (interlocutor). Accepts an open transaction. */
export function approveApplication(db: DbOrTrx, clock: Clock, id: number, actorId?: number | null) {
  return decide(db, clock, id, 'approved', actorId ?? null);
}

/**
 * Rejects a pending application; the user may then re-apply. The applicant is told, in their language and by
 * mail, with the reason the admin gave (issue 33). Accepts an open transaction.
 */
export function rejectApplication(db: DbOrTrx, clock: Clock, id: number, actorId?: number | null, reason?: string) {
  return withTransaction(db, async (trx) => {
    const application = await decide(trx, clock, id, 'rejected', actorId ?? null);
    const row = await repo.findApplicationById(trx, id);
    // The statement of reasons (issue 36 §2), with the admin's reason as its facts; contestable.
    if (row)
      await recordStatement(trx, {
        userId: row.user_id,
        type: 'application_rejected',
        subject: { type: 'application', id },
        facts: reason?.trim() || null,
        decidedBy: actorId ?? null,
        dedupeKey: `application-rejected:${id}`,
        now: clock.now().toISOString(),
      });
    return application;
  });
}
