import { pageMeta, type ApplicationStatus, type PayoutStatus } from '@parley/contracts';
import { type EventBus } from '../../lib/event-bus.js';
import * as contributors from '../contributors/contributors.service.js';
import * as payouts from '../payouts/payouts-admin.service.js';
import { findUserForAdmin } from './admin-users.repository.js';
import { type AdminActor, audited } from './admin-audit.js';

/**
 * Applications and payouts: the rules live in the contributors and payouts
 * modules; the console calls them inside its audited transaction.
 */
export async function listApplications(actor: AdminActor, query: { page: number; per_page: number; status?: ApplicationStatus }) {
  const { total, items } = await contributors.listApplications(actor.db, { status: query.status, page: query.page, perPage: query.per_page });
  return { items, meta: pageMeta(query.page, query.per_page, total) };
}

export function decideApplication(actor: AdminActor, id: number, decision: 'approve' | 'reject', reason?: string) {
  return audited(actor, `application.${decision}`, 'contributor_application', async (trx) => {
    const before = await contributors.getApplication(trx, id);
    const after =
      decision === 'approve'
        ? await contributors.approveApplication(trx, actor.clock, id, actor.actorId)
        : await contributors.rejectApplication(trx, actor.clock, id, actor.actorId, reason);
    return {
      subjectId: id,
      before: before && { status: before.status, user_id: before.user_id },
      after: { status: after.status, user_id: before?.user_id ?? null, ...(reason ? { reason } : {}) },
      result: after,
    };
  });
}

export async function listPayouts(actor: AdminActor, query: { page: number; per_page: number; status?: PayoutStatus }) {
  const { total, items } = await payouts.listPayouts(actor.db, { status: query.status, page: query.page, perPage: query.per_page });
  return { items, meta: pageMeta(query.page, query.per_page, total) };
}

/** Unmasked card/IBAN/account data: only here, and every look is audited. */
export function viewPayoutDetails(actor: AdminActor, encryptionKey: string, id: number) {
  return audited(actor, 'payout.view_details', 'payout', async (trx) => {
    const payout = await payouts.getPayoutDetailsUnmasked(trx, encryptionKey, id);
    return { subjectId: id, before: null, after: { status: payout.status }, result: payout };
  });
}

export async function decidePayout(actor: AdminActor, bus: EventBus, id: number, decision: 'approve' | 'mark_paid' | 'reject', reason?: string) {
  const result = await audited(actor, `payout.${decision}`, 'payout', async (trx) => {
    const before = await payouts.getPayout(trx, id);
    const after =
      decision === 'approve'
        ? await payouts.approvePayout(trx, actor.clock, id, actor.actorId)
        : decision === 'mark_paid'
          ? await payouts.markPayoutPaid(trx, actor.clock, id, actor.actorId)
          : await payouts.rejectPayout(trx, actor.clock, id, actor.actorId, reason ?? null);
    return { subjectId: id, before: before && { status: before.status }, after: { status: after.status, reason: reason ?? null }, result: after };
  });
  if (decision === 'reject') {
    const user = await findUserForAdmin(actor.db, result.user_id);
    if (user) await bus.publish({ type: 'balance', userId: user.id, balance: user.balance }).catch(() => undefined);
  }
  return result;
}
