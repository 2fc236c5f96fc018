import { oncallLimits, texts, type Presence, type QueueEntry, type Settings, type UpdatePresenceBody, type WaitInfo } from '@parley/contracts';
import { type Db, type DbOrTrx } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { type EventBus } from '../../lib/event-bus.js';
import { queueWaitingPush } from '../push/push.jobs.js';
import { getSettings } from '../reference/settings.service.js';
import { type UserRow } from '../users/users.table.js';
import { maxActiveChats } from './active-chats.js';
import * as blocksRepo from './blocks.repository.js';
import { ratingScores } from '../ratings/ratings.service.js';
import { type MatchingContext, rankOnCall, type WaitingCandidate } from './matching-order.js';
import * as repo from './oncall.repository.js';
import { type PresenceRow } from './oncall.table.js';
import { type TopicRow } from './topics.table.js';
import * as topicsRepo from './topics.repository.js';
import { estimateWait } from './wait-estimate.js';

/** Issue 35 §1–§2: interlocutors on call, the live queue, alerts, the payer's estimate (decision 035d). */
export interface OncallDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  /** Web Push is configured: alerts also go to the interlocutor's devices. */
  hasPush?: boolean;
}

type Person = Pick<UserRow, 'id' | 'is_contributor' | 'channel_expire_at'>;

const windowAt = (settings: Settings, now: Date): repo.AvailableWindow => ({
  activeSince: new Date(now.getTime() - settings.oncall_idle_minutes * 60_000).toISOString(),
  connectedSince: new Date(now.getTime() - oncallLimits.disconnectGraceS * 1000).toISOString(),
});

function holds(row: PresenceRow, window: repo.AvailableWindow) {
  if (row.status !== 'available' || row.active_at === null || row.active_at < window.activeSince) return false;
  return row.disconnected_at === null || row.disconnected_at >= window.connectedSince;
}

function toPresence(row: PresenceRow | undefined, user: Person, settings: Settings, now: Date): Presence {
  const maxAllowed = maxActiveChats(user, settings, now);
  if (!row) return { status: 'away', lapsed: false, max_chats: 1, max_allowed: maxAllowed, talk_again: true };
  const isAvailable = holds(row, windowAt(settings, now));
  return {
    status: isAvailable ? 'available' : 'away',
    lapsed: row.status === 'available' && !isAvailable,
    max_chats: Math.min(row.max_chats, maxAllowed),
    max_allowed: maxAllowed,
    talk_again: row.talk_again === 1,
  };
}

function requireInterlocutor(user: Person) {
  if (user.is_contributor !== 1) throw new AppError('FORBIDDEN', texts.oncall.onlyInterlocutors);
}

export async function getPresence(deps: OncallDeps, user: Person): Promise<Presence> {
  const settings = await getSettings(deps.db);
  return toPresence(await repo.findPresence(deps.db, user.id), user, settings, deps.clock.now());
}

/** Available (re)starts the idle clock; Away, max chats and "talk again" change only what they name. */
export async function updatePresence(deps: OncallDeps, user: Person, body: UpdatePresenceBody): Promise<Presence> {
  requireInterlocutor(user);
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const settings = await getSettings(deps.db);
  const current = await repo.findPresence(deps.db, user.id);
  const status = body.status ?? (current && holds(current, windowAt(settings, now)) ? 'available' : 'away');
  const goesAvailable = status === 'available' && (body.status === 'available' || current?.status === 'available');
  const row = await repo.upsertPresence(deps.db, {
    user_id: user.id,
    status,
    max_chats: Math.min(body.max_chats ?? current?.max_chats ?? 1, maxActiveChats(user, settings, now)),
    talk_again: body.talk_again === undefined ? (current?.talk_again ?? 1) : body.talk_again ? 1 : 0,
    available_since: status === 'available' ? (current?.status === 'available' && current.available_since ? current.available_since : nowIso) : null,
    active_at: goesAvailable ? nowIso : (current?.active_at ?? null),
    disconnected_at: goesAvailable ? null : (current?.disconnected_at ?? null),
    updated_at: nowIso,
  });
  return toPresence(row, user, settings, now);
}

/** The open app reports activity (at most once a minute): Available holds for the idle setting from here. */
export async function reportActivity(deps: OncallDeps, user: Person): Promise<Presence> {
  const settings = await getSettings(deps.db);
  const now = deps.clock.now();
  const current = await repo.findPresence(deps.db, user.id);
  // A lapsed Available stays lapsed: the interlocutor chooses it again.
  if (current && holds(current, windowAt(settings, now))) await repo.touchPresence(deps.db, user.id, now.toISOString());
  return toPresence(await repo.findPresence(deps.db, user.id), user, settings, now);
}

/** The realtime hub: a user's first socket opened (null) or their last one closed (now). */
export async function markConnection(db: Db, clock: Clock, userId: number, isConnected: boolean) {
  await repo.setDisconnected(db, userId, isConnected ? null : clock.now().toISOString());
}

/** Interlocutors on call with a free seat now (not counting `excludeId`). */
async function listOnCall(db: DbOrTrx, settings: Settings, now: Date, excludeId?: number) {
  const rows = await repo.listAvailable(db, windowAt(settings, now));
  return rows.filter((row) => row.user_id !== excludeId && Number(row.active_chats) < Math.min(row.max_chats, maxActiveChats(row, settings, now)));
}

/** The live queue: waiting human topics, longest waiting first, by public title and room only. */
export async function getQueue(deps: OncallDeps, user: Person): Promise<{ topics: QueueEntry[]; presence: Presence }> {
  requireInterlocutor(user);
  const now = deps.clock.now();
  const settings = await getSettings(deps.db);
  const blocked = await blocksRepo.listBlockedCounterparts(deps.db, user.id);
  const rows = await repo.listQueue(deps.db, [...blocked, user.id], 100);
  const topics = rows.map((row) => ({
    topic_id: row.id,
    title: row.title,
    room_id: row.room_id,
    room_title: row.room_title,
    waiting_since: row.waiting_since!,
    waiting_seconds: Math.max(0, Math.floor((now.getTime() - Date.parse(row.waiting_since!)) / 1000)),
  }));
  return { topics, presence: toPresence(await repo.findPresence(deps.db, user.id), user, settings, now) };
}

/** What the owner of a waiting topic is told: position, estimate, interlocutors on call (issue 35 §2). */
export async function getWaitInfo(deps: OncallDeps, userId: number, topicId: number): Promise<WaitInfo> {
  const topic = await topicsRepo.findTopicById(deps.db, topicId);
  if (!topic || topic.user_id !== userId) throw new AppError('NOT_FOUND', texts.chat.topicNotFound);
  const now = deps.clock.now();
  const settings = await getSettings(deps.db);
  const waiting = topic.waiting_since !== null && topic.is_closed === 0 && topic.chat_mode === 'human' && topic.participants_count === 1;
  const position = waiting ? (await repo.countWaitingAhead(deps.db, { id: topic.id, waiting_since: topic.waiting_since! })) + 1 : null;
  const hour = new Date(topic.waiting_since ?? now.toISOString()).getUTCHours();
  return {
    position,
    estimate_seconds: await estimateFor(deps.db, topic.room_id, hour),
    available_interlocutors: (await listOnCall(deps.db, settings, now, userId)).length,
  };
}

/** The hour of day and those within `estimateHourSpan` of it (around midnight too): enough matches to go by, still that time of day. */
const hoursAround = (hour: number) =>
  Array.from({ length: 2 * oncallLimits.estimateHourSpan + 1 }, (_, i) => (hour - oncallLimits.estimateHourSpan + i + 24) % 24);

/** Groups most specific first; stops reading once one holds enough matches. */
async function estimateFor(db: DbOrTrx, roomId: number | null, hour: number): Promise<number | null> {
  const hours = hoursAround(hour);
  const filters = [{ roomId, hours }, { roomId }, { hours }, {}];
  const groups: number[][] = [];
  for (const filter of filters) {
    const rows = await repo.listRecentMatches(db, filter, oncallLimits.estimateSamples);
    groups.push(rows.map((row) => row.waited_seconds));
    if (rows.length >= oncallLimits.estimateMinGroup) break;
  }
  return estimateWait(groups);
}

/**
 * A human topic started waiting: every interlocutor on call with a free seat hears of it once (a WebSocket
 * frame, and Web Push on their devices). The alerts' primary key makes it once per topic, racing or not.
 */
export async function alertWaitingTopic(
  deps: OncallDeps,
  topic: Pick<TopicRow, 'id' | 'user_id' | 'room_id' | 'waiting_since'>,
  scores?: ReadonlyMap<number, number>,
) {
  if (topic.waiting_since === null) return;
  const now = deps.clock.now();
  const settings = await getSettings(deps.db);
  const blocked = new Set(await blocksRepo.listBlockedCounterparts(deps.db, topic.user_id));
  const available = (await listOnCall(deps.db, settings, now, topic.user_id)).filter((row) => !blocked.has(row.user_id));
  // Ratings feed the order (issue 35 §3): the better rated hear of the topic first (only people with ≥ 5 ratings have a score).
  const onCall = rankOnCall(
    available,
    scores ??
      (await ratingScores(
        deps.db,
        available.map((row) => row.user_id),
      )),
  );
  const alerted = new Set(
    await repo.claimAlerts(
      deps.db,
      topic.id,
      onCall.map((row) => row.user_id),
      now.toISOString(),
    ),
  );
  const recipients = onCall.filter((row) => alerted.has(row.user_id)).map((row) => row.user_id);
  await Promise.all(
    recipients.map((userId) =>
      deps.bus.publish({ type: 'queue.alert', userId, topicId: topic.id, roomId: topic.room_id, waitingSince: topic.waiting_since! }).catch(() => undefined),
    ),
  );
  if (deps.hasPush) for (const userId of recipients) await queueWaitingPush(deps.db, userId, topic.id);
}

/** A partner took the seat of a waiting topic: its time-to-join feeds the estimate. */
export async function recordMatch(trx: DbOrTrx, topic: Pick<TopicRow, 'id' | 'room_id' | 'user_id' | 'waiting_since'>, partnerId: number, now: Date) {
  if (topic.waiting_since === null) return;
  await repo.insertMatch(trx, {
    topic_id: topic.id,
    room_id: topic.room_id,
    owner_id: topic.user_id,
    partner_id: partnerId,
    waited_seconds: Math.max(0, Math.round((now.getTime() - Date.parse(topic.waiting_since)) / 1000)),
    hour_of_day: new Date(topic.waiting_since).getUTCHours(),
    matched_at: now.toISOString(),
  });
}

/** The most chats this user may be in when taking a seat: the active-chat rule, and their on-call maximum. */
export async function seatLimit(trx: DbOrTrx, user: Person, settings: Settings, now: Date): Promise<number> {
  const rule = maxActiveChats(user, settings, now);
  if (user.is_contributor !== 1) return rule;
  const presence = await repo.findPresence(trx, user.id);
  return presence ? Math.min(rule, presence.max_chats) : rule;
}

/** What orderWaitingTopics needs to know about the joiner and the candidates' owners. */
export async function matchingContext(
  trx: DbOrTrx,
  userId: number,
  candidates: readonly WaitingCandidate[],
  settings: Settings,
  now: Date,
): Promise<MatchingContext> {
  const onCall = await listOnCall(trx, settings, now);
  const owners = [...new Set(candidates.filter((c) => c.talk_again === 1).map((c) => c.user_id))];
  return {
    joinerId: userId,
    isJoinerOnCall: onCall.some((row) => row.user_id === userId),
    talkAgainOnCall: new Set(onCall.filter((row) => row.talk_again === 1).map((row) => row.user_id)),
    anyoneOnCall: onCall.some((row) => row.user_id !== userId),
    lastPartners: await repo.lastPartners(trx, owners),
    now,
  };
}
