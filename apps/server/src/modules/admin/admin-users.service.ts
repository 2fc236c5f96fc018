import { type AdminUsersQuery, type BalanceAdjustmentBody, texts } from '@parley/contracts';
import { type Transaction } from 'kysely';
import { type Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { AppError, validationError } from '../../lib/app-error.js';
import { type EventBus } from '../../lib/event-bus.js';
import { recordAudit } from '../audit/audit.service.js';
import { clearTwoFactorFor } from '../auth/two-factor.service.js';
import { postEntry } from '../ledger/ledger.service.js';
import { type AdminActor, audited } from './admin-audit.js';
import { type ListOptions, paginate } from './admin-list.js';
import { hasSecondFactor } from '../auth/second-factor.js';
import { recordStatement } from '../decisions/decisions.service.js';
import { registerDecisionUndo } from '../decisions/decisions.undo.js';
import * as repo from './admin-users.repository.js';

type AdminUserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserForAdmin>>>;

export const toAdminUser = (row: AdminUserRow) => ({
  id: row.id,
  email: row.email,
  name: row.name,
  surname: row.surname,
  phone: row.phone,
  role: row.role,
  balance: row.balance,
  is_contributor: row.is_contributor === 1,
  email_verified: row.email_verified_at !== null,
  two_factor_enabled: hasSecondFactor(row),
  deleted_at: row.deleted_at,
  banned_at: row.banned_at,
  is_banned: row.banned_at !== null,
  channel_expire_at: row.channel_expire_at,
  created_at: row.created_at,
});

const userSort = {
  id: 'users.id',
  email: 'users.email',
  name: 'users.name',
  balance: 'users.balance',
  created_at: 'users.created_at',
  banned_at: 'users.banned_at',
};

export async function listUsers(actor: AdminActor, query: AdminUsersQuery) {
  const page = await paginate(actor.db, repo.selectUsers(actor.db, query), { ...query, sort: query.sort ?? 'id' }, userSort, 'users.id');
  return { ...page, items: page.items.map(toAdminUser) };
}

async function requireUser(actor: Pick<AdminActor, 'db'>, id: number) {
  const user = await repo.findUserForAdmin(actor.db, id);
  if (!user) throw new AppError('NOT_FOUND', texts.admin.userNotFound);
  return user;
}

export async function getUser(actor: AdminActor, id: number) {
  const user = await requireUser(actor, id);
  const activeSessions = await repo.countUserSessions(actor.db, id, actor.clock.now().toISOString());
  return { ...toAdminUser(user), active_sessions: activeSessions };
}

export async function listUserLedger(actor: AdminActor, userId: number, options: Pick<ListOptions, 'page' | 'per_page'>) {
  await requireUser(actor, userId);
  return paginate(actor.db, repo.selectLedgerEntries(actor.db, userId), { ...options, order: 'desc' }, { id: 'ledger_entries.id' }, 'ledger_entries.id');
}

/**
 * Bans inside an open transaction (a report decision bans in the same one, naming the report); the caller publishes
 * `session.ended` after commit. A new ban gives its statement of reasons (issue 36 §2).
 */
export async function banWithin(trx: Transaction<Database>, actor: AdminActor, userId: number, reason: string | null, reportId?: number) {
  if (userId === actor.actorId) throw new AppError('CONFLICT', texts.admin.cannotBanSelf);
  const now = actor.clock.now().toISOString();
  const before = await repo.findUserForAdmin(trx, userId);
  if (!before) throw new AppError('NOT_FOUND', texts.admin.userNotFound);
  const bannedAt = before.banned_at ?? now;
  await repo.setBannedAt(trx, userId, bannedAt, now);
  const deleted = await repo.deleteUserSessions(trx, userId);
  const sessionsEnded = Number(deleted.numDeletedRows);
  await recordAudit(trx, actor.clock, {
    actorId: actor.actorId,
    action: 'user.ban',
    subjectType: 'user',
    subjectId: userId,
    before: { banned_at: before.banned_at },
    after: { banned_at: bannedAt, sessions_ended: sessionsEnded, reason },
  });
  if (before.banned_at === null)
    await recordStatement(trx, {
      userId,
      type: 'ban',
      subject: { type: 'user', id: userId },
      facts: reason,
      decidedBy: actor.actorId,
      dedupeKey: reportId ? `report:${reportId}:ban` : `ban:${userId}:${bannedAt}`,
      now,
    });
  return { user_id: userId, banned_at: bannedAt, sessions_ended: sessionsEnded };
}

/**
 * A ban marks the user, deletes every session at once (their next call is 401)
 * and, after commit, tells every instance to close the user's sockets.
 */
export async function banUser(actor: AdminActor, bus: EventBus, userId: number, reason?: string) {
  const result = await actor.db.transaction().execute((trx) => banWithin(trx, actor, userId, reason ?? null));
  await bus.publish({ type: 'session.ended', userId }).catch(() => undefined);
  return result;
}

/** An upheld complaint against a ban lifts it (when it still stands), audited as the deciding admin's unban. */
registerDecisionUndo('ban', async ({ trx, clock, statement, actorId }) => {
  const user = await repo.findUserForAdmin(trx, statement.user_id);
  if (!user?.banned_at) return null;
  await repo.setBannedAt(trx, user.id, null, clock.now().toISOString());
  await recordAudit(trx, clock, {
    actorId,
    action: 'user.unban',
    subjectType: 'user',
    subjectId: user.id,
    before: { banned_at: user.banned_at },
    after: { banned_at: null, statement_id: statement.id },
  });
  return { undone: 'unbanned', notice: texts.decisions.undoneUnbanned };
});

export async function unbanUser(actor: AdminActor, userId: number) {
  const now = actor.clock.now().toISOString();
  return audited(actor, 'user.unban', 'user', async (trx) => {
    const before = await repo.findUserForAdmin(trx, userId);
    if (!before) throw new AppError('NOT_FOUND', texts.admin.userNotFound);
    await repo.setBannedAt(trx, userId, null, now);
    return { subjectId: userId, before: { banned_at: before.banned_at }, after: { banned_at: null }, result: { banned_at: null } };
  });
}

/**
 * A user who lost their authenticator and their recovery codes asks support: after checking who they
 * are, an admin turns two-factor sign-in off for them (audited) and ends their sessions; they enrol
 * again (an admin or a payout needs it). Issue 15; their passkeys go too (issue 36).
 */
export async function resetTwoFactor(actor: AdminActor, bus: EventBus, userId: number) {
  const result = await audited(actor, 'user.reset_two_factor', 'user', async (trx) => {
    const before = await repo.findUserForAdmin(trx, userId);
    if (!before) throw new AppError('NOT_FOUND', texts.admin.userNotFound);
    if (!hasSecondFactor(before)) throw new AppError('CONFLICT', texts.twoFactor.notOn);
    await clearTwoFactorFor(trx, userId, actor.clock.now().toISOString());
    await repo.deleteUserSessions(trx, userId);
    return { subjectId: userId, before: { two_factor_enabled: true }, after: { two_factor_enabled: false }, result: { two_factor_enabled: false } };
  });
  await bus.publish({ type: 'session.ended', userId }).catch(() => undefined);
  return result;
}

/**
 * Credits or debits coins as one `admin_adjustment` ledger entry. The key comes from the
 * client's request id, so a double submit (even concurrent) posts once; a debit below zero is refused.
 */
export async function adjustBalance(actor: AdminActor, bus: EventBus, userId: number, body: BalanceAdjustmentBody) {
  const key = `admin_adjustment:${body.request_id}`;
  const attempt = () =>
    actor.db.transaction().execute(async (trx) => {
      const user = await repo.findUserForAdmin(trx, userId);
      if (!user) throw new AppError('NOT_FOUND', texts.admin.userNotFound);
      const posted = await postEntry(trx, actor.clock, {
        userId,
        amount: body.amount,
        kind: 'admin_adjustment',
        ...(body.promotional && (body.amount > 0 ? { promoAmount: body.amount } : { promoFirst: true })),
        idempotencyKey: key,
        reference: { type: 'admin', id: actor.actorId },
        note: body.reason.slice(0, 255),
        insufficientMessage: texts.admin.balanceBelowZero,
      });
      if (posted.entry.user_id !== userId) throw new AppError('CONFLICT', texts.admin.requestIdReused);
      if (posted.created) {
        await recordAudit(trx, actor.clock, {
          actorId: actor.actorId,
          action: 'user.balance_adjust',
          subjectType: 'user',
          subjectId: userId,
          before: { balance: user.balance },
          after: {
            balance: posted.entry.balance_after,
            amount: body.amount,
            promotional: body.promotional,
            promo_amount: posted.entry.promo_amount,
            reason: body.reason,
            entry_id: posted.entry.id,
          },
        });
      }
      return posted;
    });
  let posted;
  try {
    posted = await attempt();
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') throw validationError('amount', texts.admin.balanceBelowZero);
    // A concurrent submit of the same request id won the race: ours finds its entry on retry.
    if (!isUniqueViolation(error)) throw error;
    posted = await attempt();
  }
  if (posted.created) await bus.publish({ type: 'balance', userId, balance: posted.entry.balance_after }).catch(() => undefined);
  return { entry: posted.entry, created: posted.created, balance: posted.entry.balance_after };
}
