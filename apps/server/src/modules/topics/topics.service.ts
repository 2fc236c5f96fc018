import { MAX_DB_ID, texts, type ChatEvent, type CreateTopicBody, type Settings, type Topic } from '@parley/contracts';
import { type Transaction } from 'kysely';
import { type Database, type Db, type DbOrTrx } from '../../db/database.js';
import { AppError, localized } from '../../lib/app-error.js';
import { isoNow, type Clock } from '../../lib/clock.js';
import { type EventBus } from '../../lib/event-bus.js';
import { postEntry } from '../ledger/ledger.service.js';
import { getSettings } from '../reference/settings.service.js';
import { isChannelActive } from '../users/users.mapper.js';
import { assertAdult } from '../users/adult.js';
import { checkField } from '../moderation/content-rules.service.js';
import { type UserRow } from '../users/users.table.js';
import { type TopicRow } from './topics.table.js';
import { closedError, forbidden, isJoinable, loadTopicAccess, MAX_PARTICIPANTS, mayRead, requireTopicWriter } from './topics.access.js';
import { toTopicPageView, toTopicView, toTopicViews } from './topics.mapper.js';
import { listTopicsPage, type TopicsPageRow, type TopicsSegment } from './topics-index.repository.js';
import * as repo from './topics.repository.js';
import { maxActiveChats } from './active-chats.js';
import * as oncall from './oncall.service.js';
import { orderWaitingTopics } from './matching-order.js';
import * as blocksRepo from './blocks.repository.js';
import { findPersonaForRoom } from '../companion/personas.service.js';
import { getLanguageTexts, renderText } from '../reference/localization.service.js';

export interface ChatDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  /** Web Push is configured (alerts of waiting topics go to devices too). */
  hasPush?: boolean;
}

/**
 * The rules every topic starts with; shown in the terms modal before the first message. Stored on the
 * topic in English: catalogue texts, so each reader sees them in their own language (the web app's localize()).
 */
export const defaultTerms = {
  title: texts.terms.title,
  description: texts.terms.description,
  rules: [texts.terms.ruleRespect, texts.terms.rulePersonalData, texts.terms.ruleSpam, texts.terms.ruleCost, texts.terms.ruleReport],
};

/**
 * Events go out after the commit; a failed publish never undoes a committed action (polling is the fallback).
 * All at once, in order: each bus delivers to this instance's listeners within `publish`, and sends to the
 * others over one connection, which keeps the order (no round trip waited for between two events).
 */
export async function publishAll(bus: EventBus, events: ChatEvent[]) {
  await Promise.all(events.map((event) => bus.publish(event).catch(() => undefined)));
}

export { maxActiveChats };

/** Refuses a new active chat over the limit; the body names the existing chat so the client can open it. */
async function assertActiveChatCapacity(trx: DbOrTrx, user: UserRow, settings: Settings, now: Date, limit = maxActiveChats(user, settings, now)) {
  await repo.lockUser(trx, user.id);
  const active = await repo.listActiveTopics(trx, user.id);
  if (active.length < limit) return;
  const existing = active[0]!;
  throw new AppError('CONFLICT', localized('topics.alreadyActive', { title: existing.title }), undefined, {
    topic_id: existing.id,
    topic: { id: existing.id, title: existing.title },
  });
}

async function openTopic(
  trx: Transaction<Database>,
  owner: UserRow,
  values: {
    roomId: number | null;
    title: string;
    chatMode: 'human' | 'ai';
    style?: { textLook: string; color: string };
    persona?: { id: number; name: string };
    talkAgain?: boolean;
  },
  settings: Settings,
  now: string,
) {
  const topic = await repo.insertTopic(trx, {
    room_id: values.roomId,
    user_id: owner.id,
    title: values.title,
    chat_mode: values.chatMode,
    companion_name: values.persona?.name ?? settings.companion_name,
    persona_id: values.persona?.id ?? null,
    is_highlighted: values.style ? 1 : 0,
    highlight_color: values.style?.color ?? null,
    text_look: values.style?.textLook ?? 'normal',
    color: values.style?.color ?? null,
    terms_title: defaultTerms.title,
    terms_description: defaultTerms.description,
    terms_rules: JSON.stringify(defaultTerms.rules),
    participants_count: 1,
    talk_again: values.talkAgain ? 1 : 0,
    waiting_since: values.chatMode === 'human' ? now : null,
    created_at: now,
    updated_at: now,
  });
  await repo.addParticipant(trx, topic.id, owner.id, now, 0);
  return topic;
}

/**
 * One page of the topics index (issue 38): the highlighted topics of active channel owners first (spec §6), then
 * the rest, each newest first; blocks work both ways (neither side sees the other's topics). `cursor` is the
 * page's start: `h<id>` inside the highlighted segment, `<id>` inside the rest; null after the last page.
 */
export async function listTopics(
  deps: ChatDeps,
  viewerId: number,
  query: { roomId?: number; cursor?: string; pageSize: number },
): Promise<{ topics: Topic[]; nextCursor: string | null }> {
  const now = deps.clock.now();
  const base = { viewerId, now: now.toISOString(), limit: query.pageSize + 1 };
  const start = parseCursor(query.cursor);
  let rows: TopicsPageRow[] = [];
  if (start.segment === 'highlighted') {
    rows = await listTopicsPage(deps.db, 'highlighted', query.roomId, { ...base, upTo: start.upTo });
    if (rows.length > query.pageSize) return pageOf(rows, rows.length, query.pageSize, viewerId, now);
  }
  const upTo = start.segment === 'rest' ? start.upTo : MAX_DB_ID;
  const rest = await listTopicsPage(deps.db, 'rest', query.roomId, { ...base, upTo, limit: query.pageSize - rows.length + 1 });
  return pageOf([...rows, ...rest], rows.length, query.pageSize, viewerId, now);
}

function parseCursor(cursor: string | undefined): { segment: TopicsSegment; upTo: number } {
  if (cursor === undefined) return { segment: 'highlighted', upTo: MAX_DB_ID };
  // Bounded like every id (a 10-digit cursor past the id range would overflow PostgreSQL's integer).
  const upTo = (digits: string) => Math.min(Number(digits), MAX_DB_ID);
  return cursor.startsWith('h') ? { segment: 'highlighted', upTo: upTo(cursor.slice(1)) } : { segment: 'rest', upTo: upTo(cursor) };
}

/** `highlighted`: how many of `rows` (first) are of the highlighted segment; the cursor goes on in the last shown one's. */
function pageOf(rows: TopicsPageRow[], highlighted: number, pageSize: number, viewerId: number, now: Date) {
  const shown = rows.slice(0, pageSize);
  const next = rows.length > pageSize ? rows[pageSize - 1]!.id - 1 : 0;
  const segment = pageSize <= highlighted ? 'h' : '';
  return { topics: shown.map((row) => toTopicPageView(row, viewerId, now)), nextCursor: next > 0 ? `${segment}${next}` : null };
}

export async function listActiveChats(deps: ChatDeps, user: UserRow) {
  const now = deps.clock.now();
  const settings = await getSettings(deps.db);
  const rows = await repo.listActiveTopics(deps.db, user.id);
  return { topics: await toTopicViews(deps.db, rows, user.id, now), currentCount: rows.length, maxAllowed: maxActiveChats(user, settings, now) };
}

/** An outsider may look at a topic only while they could join it: open, human, a seat free, no block between them and its owner. */
async function mayJoin(db: DbOrTrx, topic: TopicRow, userId: number) {
  return isJoinable(topic) && !(await blocksRepo.isBlockedPair(db, topic.user_id, userId));
}

/** Readers see the topic; an outsider sees it only while they could join it (open, human, a seat free). */
export async function getTopic(deps: ChatDeps, userId: number, topicId: number): Promise<Topic> {
  const access = await loadTopicAccess(deps.db, userId, topicId);
  if (!mayRead(access, userId) && !(await mayJoin(deps.db, access.topic, userId))) throw forbidden(access.topic);
  return toTopicView(deps.db, access.topic, userId, deps.clock.now());
}

export async function createTopic(deps: ChatDeps, user: UserRow, body: CreateTopicBody): Promise<{ topic: Topic; balance: number }> {
  // A new topic waits for a person: chatting with people is for adults (issue 15).
  assertAdult(user);
  const now = deps.clock.now();
  const settings = await getSettings(deps.db);
  const channel = isChannelActive(user, now);
  if (channel) {
    const errors: Record<string, string[]> = {};
    if (!body.text_look) errors.text_look = [texts.topics.textStyleRequired];
    if (!body.color) errors.color = [texts.topics.textColorRequired];
    const first = Object.values(errors)[0];
    if (first) throw new AppError('VALIDATION', first[0]!, errors);
  }
  const [room] = await repo.findRoomsByIds(deps.db, [body.room_id]);
  if (!room || room.is_hidden === 1) throw new AppError('VALIDATION', texts.topics.selectRoom, { room_id: [texts.topics.selectRoom] });
  // Titles are public in the topic lists: the content rules apply (issue 15).
  const title = await checkField(deps.db, 'title', body.title);

  const cost = settings.new_topic_cost;
  const { topic, balance } = await deps.db.transaction().execute(async (trx) => {
    await assertActiveChatCapacity(trx, user, settings, now);
    const style = channel ? { textLook: body.text_look!, color: body.color! } : undefined;
    const created = await openTopic(trx, user, { roomId: room.id, title, chatMode: 'human', style, talkAgain: body.talk_again }, settings, now.toISOString());
    if (cost === 0) return { topic: created, balance: undefined };
    const { entry } = await postEntry(trx, deps.clock, {
      userId: user.id,
      amount: -cost,
      kind: 'topic',
      idempotencyKey: `topic:${created.id}`,
      reference: { type: 'topic', id: created.id },
      insufficientMessage: localized('topics.notEnoughPointsTopic', { cost }),
    });
    return { topic: created, balance: entry.balance_after };
  });
  const finalBalance = balance ?? user.balance;
  if (balance !== undefined) await publishAll(deps.bus, [{ type: 'balance', userId: user.id, balance }]);
  await alertSafely(deps, topic);
  return { topic: await toTopicView(deps.db, topic, user.id, now), balance: finalBalance };
}

/** 'Start Random Chat': human joins the oldest waiting topic (exactly one racer wins it); ai opens a new companion topic. */
export async function startRandomChat(deps: ChatDeps, user: UserRow, chatMode: 'human' | 'ai'): Promise<Topic> {
  if (chatMode === 'human') assertAdult(user);
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const settings = await getSettings(deps.db);
  // An AI chat is its owner's alone: its title is written in their language (cached texts, no statement).
  const language = chatMode === 'ai' ? await getLanguageTexts(deps.db, user.language_id) : undefined;
  const result = await deps.db.transaction().execute(async (trx) => {
    if (chatMode === 'ai') {
      await assertActiveChatCapacity(trx, user, settings, now);
      const persona = await findPersonaForRoom(trx, null);
      const name = persona?.name ?? settings.companion_name;
      return {
        topic: await openTopic(
          trx,
          user,
          { roomId: null, title: renderText(language!, 'topics.aiChatTitle', { name }), chatMode: 'ai', persona: persona && { id: persona.id, name } },
          settings,
          nowIso,
        ),
        joined: false,
      };
    }
    return joinWaitingTopic(trx, user, settings, now);
  });
  if (result.joined)
    await publishAll(deps.bus, [{ type: 'participant.joined', topicId: result.topic.id, userId: user.id, participantsCount: result.topic.participants_count }]);
  return toTopicView(deps.db, result.topic, user.id, now);
}

/** Matching (issue 35 §2, matching-order.ts): the best waiting topic for this joiner, taken atomically. */
async function joinWaitingTopic(trx: Transaction<Database>, user: UserRow, settings: Settings, now: Date) {
  const nowIso = now.toISOString();
  await assertActiveChatCapacity(trx, user, settings, now, await oncall.seatLimit(trx, user, settings, now));
  const blocked = await blocksRepo.listBlockedCounterparts(trx, user.id);
  const candidates = await repo.listWaitingTopics(trx, user.id, 20, blocked);
  const ordered = orderWaitingTopics(candidates, await oncall.matchingContext(trx, user.id, candidates, settings, now));
  for (const candidate of ordered) {
    const taken = await repo.takeSeat(trx, candidate.id, nowIso, MAX_PARTICIPANTS, 1);
    if (!taken) continue;
    await repo.addParticipant(trx, taken.id, user.id, nowIso, taken.last_seq);
    await oncall.recordMatch(trx, candidate, user.id, now);
    return { topic: taken, joined: true };
  }
  throw new AppError('CONFLICT', texts.topics.noAvailableChats);
}

/** Alerts never undo or fail the action that made a topic wait (they are best effort, like events). */
async function alertSafely(deps: ChatDeps, topic: TopicRow) {
  if (topic.chat_mode !== 'human' || topic.waiting_since === null || topic.is_closed === 1) return;
  await oncall.alertWaitingTopic(deps, topic).catch(() => undefined);
}

/** Already in = success; closed or full = refused; a new seat counts against the active-chat limit. */
export async function joinTopic(deps: ChatDeps, user: UserRow, topicId: number): Promise<Topic> {
  assertAdult(user);
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const settings = await getSettings(deps.db);
  const result = await deps.db.transaction().execute(async (trx) => {
    const access = await loadTopicAccess(trx, user.id, topicId);
    const { topic } = access;
    if (access.isMember && mayRead(access, user.id)) return { topic, joined: false };
    if (topic.is_closed === 1) throw await closedError(trx, topic);
    // An AI conversation is private to its owner: nobody else takes a seat in it.
    if (topic.chat_mode === 'ai') throw forbidden(topic);
    // A block either way keeps the two apart: the topic is refused as if it were not open to them.
    if (await blocksRepo.isBlockedPair(trx, topic.user_id, user.id)) throw forbidden(topic);
    await assertActiveChatCapacity(trx, user, settings, now, await oncall.seatLimit(trx, user, settings, now));
    const taken = await repo.takeSeat(trx, topicId, nowIso, MAX_PARTICIPANTS);
    if (!taken) throw new AppError('CONFLICT', texts.topics.chatFull, undefined, { topic_id: topicId, is_full: true });
    await repo.addParticipant(trx, topicId, user.id, nowIso, taken.last_seq);
    await oncall.recordMatch(trx, topic, user.id, now);
    return { topic: taken, joined: true };
  });
  if (result.joined) await publishAll(deps.bus, [{ type: 'participant.joined', topicId, userId: user.id, participantsCount: result.topic.participants_count }]);
  return toTopicView(deps.db, result.topic, user.id, now);
}

/** Already left = success. The owner leaving closes the topic for the other side. */
export async function leaveTopic(deps: ChatDeps, user: UserRow, topicId: number): Promise<void> {
  const nowIso = isoNow(deps.clock);
  const { events, updated } = await deps.db.transaction().execute(async (trx) => {
    const topic = await repo.findTopicById(trx, topicId);
    if (!topic) throw new AppError('NOT_FOUND', texts.chat.topicNotFound);
    if (!(await repo.markParticipantLeft(trx, topicId, user.id, nowIso))) return { events: [], updated: undefined };
    const isOwner = topic.user_id === user.id;
    const updated = await repo.releaseSeat(trx, topicId, nowIso, isOwner && topic.is_closed === 0);
    const out: ChatEvent[] = [{ type: 'participant.left', topicId, userId: user.id, participantsCount: updated.participants_count }];
    if (isOwner && topic.is_closed === 0) out.push({ type: 'topic.closed', topicId, by: 'owner' });
    return { events: out, updated };
  });
  await publishAll(deps.bus, events);
  // Left alone, a human topic waits again: interlocutors on call not alerted for it yet hear of it.
  if (updated) await alertSafely(deps, updated);
}

export async function changeChatMode(deps: ChatDeps, user: UserRow, topicId: number, chatMode: 'human' | 'ai'): Promise<Topic> {
  const userId = user.id;
  // Back to waiting for a person: chatting with people is for adults (issue 15).
  if (chatMode === 'human') assertAdult(user);
  const now = deps.clock.now();
  const topic = await deps.db.transaction().execute(async (trx) => {
    const { topic: current } = await requireTopicWriter(trx, userId, topicId);
    // The companion talks with the owner alone: a partner's conversation never becomes an AI one.
    if (chatMode === 'ai' && (current.user_id !== userId || current.participants_count > 1))
      throw new AppError('CONFLICT', texts.topics.aiWhileAlone, undefined, { topic_id: topicId });
    // The first time the companion joins, the topic takes its room's persona.
    const persona = chatMode === 'ai' && current.persona_id === null ? await findPersonaForRoom(trx, current.room_id) : undefined;
    return repo.updateChatMode(trx, topicId, chatMode, now.toISOString(), persona && { persona_id: persona.id, companion_name: persona.name });
  });
  await publishAll(deps.bus, [{ type: 'topic.mode', topicId, chatMode }]);
  await alertSafely(deps, topic);
  return toTopicView(deps.db, topic, userId, now);
}

/** Terms are readable by whoever may read or join the topic (chat entry checks them before joining). */
async function requireTermsAccess(db: DbOrTrx, userId: number, topicId: number) {
  const access = await loadTopicAccess(db, userId, topicId);
  if (!mayRead(access, userId) && !(await mayJoin(db, access.topic, userId))) throw forbidden(access.topic);
  return access.topic;
}

export async function hasAcceptedTerms(deps: ChatDeps, userId: number, topicId: number): Promise<boolean> {
  await requireTermsAccess(deps.db, userId, topicId);
  return repo.hasAcceptedTerms(deps.db, userId, topicId);
}

export async function acceptTerms(deps: ChatDeps, userId: number, topicId: number): Promise<void> {
  await requireTermsAccess(deps.db, userId, topicId);
  await repo.insertTermsAcceptance(deps.db, userId, topicId, isoNow(deps.clock));
}

/** A topic by id, for other modules (their permission checks are theirs: see topics.access). */
export function findTopic(db: DbOrTrx, id: number) {
  return repo.findTopicById(db, id);
}
