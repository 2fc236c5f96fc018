import { type ApplicationStatus, type ContributorApplicationBody } from '@parley/contracts';
import { type DbOrTrx } from '../../db/database.js';

export function findLatestApplication(db: DbOrTrx, userId: number) {
  return db.selectFrom('contributor_applications').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export function findApplicationById(db: DbOrTrx, id: number) {
  return db.selectFrom('contributor_applications').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findApplicationWithUser(db: DbOrTrx, id: number) {
  return db
    .selectFrom('contributor_applications')
    .innerJoin('users', 'users.id', 'contributor_applications.user_id')
    .selectAll('contributor_applications')
    .select(['users.email as user_email', 'users.name as user_name'])
    .where('contributor_applications.id', '=', id)
    .executeTakeFirst();
}

export function insertApplication(db: DbOrTrx, userId: number, body: ContributorApplicationBody, now: string) {
  return db
    .insertInto('contributor_applications')
    .values({ user_id: userId, status: 'pending', ...body, decided_at: null, decided_by: null, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Moves a pending application to its decision; undefined when it was not pending (already decided or missing). */
export function decidePendingApplication(db: DbOrTrx, id: number, status: Exclude<ApplicationStatus, 'pending'>, now: string, decidedBy: number | null) {
  return db
    .updateTable('contributor_applications')
    .set({ status, decided_at: now, decided_by: decidedBy, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export function findUserFlags(db: DbOrTrx, userId: number) {
  return db.selectFrom('users').select(['id', 'is_contributor']).where('id', '=', userId).executeTakeFirst();
}

export function setContributorFlag(db: DbOrTrx, userId: number, isContributor: boolean, now: string, nickname?: string) {
  return db
    .updateTable('users')
    .set({ is_contributor: isContributor ? 1 : 0, ...(nickname !== undefined ? { contributor_nickname: nickname } : {}), updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export function listApplications(db: DbOrTrx, filter: { status?: ApplicationStatus; limit: number; offset: number }) {
  let query = db
    .selectFrom('contributor_applications')
    .innerJoin('users', 'users.id', 'contributor_applications.user_id')
    .selectAll('contributor_applications')
    .select(['users.email as user_email', 'users.name as user_name']);
  if (filter.status) query = query.where('contributor_applications.status', '=', filter.status);
  return query.orderBy('contributor_applications.id', 'desc').limit(filter.limit).offset(filter.offset).execute();
}

export async function countApplications(db: DbOrTrx, status?: ApplicationStatus): Promise<number> {
  let query = db.selectFrom('contributor_applications').select((eb) => eb.fn.countAll<number>().as('n'));
  if (status) query = query.where('status', '=', status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}
