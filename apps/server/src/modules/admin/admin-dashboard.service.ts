import { type AdminActor } from './admin-audit.js';
import { countOpenDisputes } from '../disputes/disputes.service.js';
import * as repo from './admin-dashboard.repository.js';

const DAY_MS = 86_400_000;

/** Every day of the window, oldest first, with 0 where nothing happened. */
function fillDays(series: repo.DailySeries, first: Date, days: number) {
  const byDay = new Map(series.map((p) => [p.day, p.value]));
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(first.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { day, value: byDay.get(day) ?? 0 };
  });
}

/** The figures and daily series of the admin dashboard, all computed from live tables. */
export async function getDashboard(actor: AdminActor, days: number) {
  const now = actor.clock.now();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const first = new Date(today.getTime() - (days - 1) * DAY_MS);
  const since = first.toISOString();
  const [users, activeChats, messagesToday, deposits, orders, pending, messages, signups, revenue, openDisputes] = await Promise.all([
    repo.countUsers(actor.db, today.toISOString()),
    repo.countOpenTopics(actor.db),
    repo.countMessagesSince(actor.db, today.toISOString()),
    repo.sumDeposits(actor.db),
    repo.sumPaidOrders(actor.db),
    repo.countPending(actor.db),
    repo.messagesPerDay(actor.db, since),
    repo.signupsPerDay(actor.db, since),
    repo.revenuePerDay(actor.db, since),
    countOpenDisputes(actor.db),
  ]);
  return {
    figures: {
      users: users.total,
      users_new_today: users.new_today,
      users_banned: users.banned,
      contributors: users.contributors,
      active_chats: activeChats,
      messages_today: messagesToday,
      coins_sold: deposits.coins,
      revenue_cents: deposits.net_cents + orders.net_cents,
      revenue_gross_cents: deposits.gross_cents + orders.gross_cents,
      pending_applications: pending.applications,
      pending_payouts: pending.payouts,
      open_reports: pending.reports,
      open_disputes: openDisputes,
    },
    series: {
      messages: fillDays(messages, first, days),
      signups: fillDays(signups, first, days),
      revenue_cents: fillDays(revenue, first, days),
    },
  };
}
