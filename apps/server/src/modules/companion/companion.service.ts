import { companionUserId } from '@parley/contracts';
import { type FastifyBaseLogger } from 'fastify';
import { type Db } from '../../db/database.js';
import { isoNow, type Clock, type Random } from '../../lib/clock.js';
import { type EventBus } from '../../lib/event-bus.js';
import { getSettings } from '../reference/settings.service.js';
import { findMessageById } from '../messages/messages.repository.js';
import { findTopicById } from '../topics/topics.repository.js';
import { type TopicRow } from '../topics/topics.table.js';
import * as repo from './companion.repository.js';
import { type CompanionContext, type CompanionProvider, type CompanionTurn } from './companion.provider.js';
import { type CompanionReplyRow } from './companion.table.js';

export interface CompanionDeps {
  db: Db;
  clock: Clock;
  random: Random;
  bus: EventBus;
  log: FastifyBaseLogger;
  provider: CompanionProvider;
  /** Writes the companion's message (free) and publishes it; from the messages module. */
  postReply(topicId: number, content: string): Promise<{ id: number }>;
  /** Names this process in claims. */
  instanceId: string;
}

const isAiTopic = (topic: TopicRow | undefined): topic is TopicRow => topic !== undefined && topic.chat_mode === 'ai' && topic.is_closed === 0;

/**
 * A user wrote in an ai-mode topic: make sure a reply is pending, due after a
 * random delay in [bot_reply_interval_min, bot_reply_interval_max] seconds. A
 * burst extends the one pending reply. Safe to run once per instance for the
 * same message: only the first extends. Returns the due time when it changed.
 */
export async function scheduleReply(deps: CompanionDeps, topicId: number, messageId: number): Promise<string | null> {
  // The topic first: most messages are in human chats, and they need nothing more.
  const topic = await findTopicById(deps.db, topicId);
  if (!isAiTopic(topic)) return null;
  const message = await findMessageById(deps.db, messageId);
  if (!message || message.topic_id !== topicId || message.sender_kind !== 'user') return null;

  const settings = await getSettings(deps.db);
  const min = Math.min(settings.bot_reply_interval_min, settings.bot_reply_interval_max);
  const max = Math.max(settings.bot_reply_interval_min, settings.bot_reply_interval_max);
  const now = deps.clock.now();
  const dueAt = new Date(now.getTime() + (min + deps.random.next() * (max - min)) * 1000).toISOString();

  for (let attempt = 0; attempt < 3; attempt++) {
    const pending = await repo.findPendingReply(deps.db, topicId);
    if (pending) {
      if (pending.last_user_message_id >= messageId) return null;
      // A user who keeps writing still gets an answer: a burst waits at most twice the longest delay.
      const cap = new Date(Date.parse(pending.created_at) + 2 * max * 1000).toISOString();
      const extended = [dueAt < cap ? dueAt : cap, pending.due_at].sort().at(-1)!;
      if (await repo.extendPendingReply(deps.db, pending, messageId, extended, now.toISOString())) return extended;
      continue;
    }
    try {
      await repo.insertPendingReply(deps.db, topicId, messageId, dueAt, now.toISOString());
      await publishTyping(deps, topic, true);
      return dueAt;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another instance inserted first: loop and extend theirs if ours is newer.
    }
  }
  return null;
}

/**
 * After a crash: a user's message in an ai-mode topic that committed (and was
 * acknowledged) before its reply was scheduled gets its reply scheduled now.
 */
export async function scheduleMissedReplies(deps: CompanionDeps): Promise<number> {
  let scheduled = 0;
  for (const row of await repo.listUnscheduledAiTopics(deps.db, 100))
    if (await scheduleReply(deps, row.topic_id, Number(row.last_user_message_id))) scheduled += 1;
  return scheduled;
}

/** The user left, the topic closed or left ai mode: nothing more to say. */
export async function cancelReplies(deps: CompanionDeps, topicId: number, reason: string) {
  const cancelled = await repo.cancelReplies(deps.db, topicId, reason, isoNow(deps.clock));
  if (cancelled > 0) {
    const topic = await findTopicById(deps.db, topicId);
    if (topic) await publishTyping(deps, topic, false);
  }
  return cancelled;
}

/** Claims and answers every due reply; returns how many were claimed here. */
export async function processDueReplies(deps: CompanionDeps, signal?: AbortSignal): Promise<number> {
  const now = isoNow(deps.clock);
  const due = await repo.listDueReplies(deps.db, now, 20);
  const claimed: CompanionReplyRow[] = [];
  for (const row of due) if (await repo.claimReply(deps.db, row.id, deps.instanceId, now)) claimed.push(row);
  await Promise.all(claimed.map((row) => answer(deps, row, signal)));
  return claimed.length;
}

/** Rows claimed by a worker that died (lease expired) become pending again. */
export async function recoverExpiredClaims(deps: CompanionDeps, leaseMs: number) {
  const before = new Date(deps.clock.now().getTime() - leaseMs).toISOString();
  for (const row of await repo.listExpiredClaims(deps.db, before, 20)) await releaseOrSupersede(deps, row, row.claimed_by);
}

/** Hands a claimed row back; if a newer reply is already pending for the topic, that one answers. */
export async function releaseOrSupersede(deps: CompanionDeps, row: CompanionReplyRow, claimedBy: string | null) {
  try {
    await repo.releaseReply(deps.db, row.id, claimedBy, isoNow(deps.clock));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await repo.cancelReplies(deps.db, row.topic_id, 'superseded', isoNow(deps.clock)).catch(() => undefined);
  }
}

async function answer(deps: CompanionDeps, row: CompanionReplyRow, signal?: AbortSignal) {
  const finish = (change: Parameters<typeof repo.finishReply>[3]) => repo.finishReply(deps.db, row.id, deps.instanceId, change, isoNow(deps.clock));
  const topic = await findTopicById(deps.db, row.topic_id);
  if (!isAiTopic(topic) || (await repo.countActiveHumans(deps.db, row.topic_id)) === 0) {
    await finish({ status: 'cancelled', error: 'topic no longer in ai mode' });
    if (topic) await publishTyping(deps, topic, false);
    return;
  }
  // A reclaimed row whose first worker already posted must not post twice.
  const existing = row.attempts > 0 ? await repo.hasCompanionReplyAfter(deps.db, row.topic_id, row.last_user_message_id) : undefined;
  if (existing !== undefined) {
    await finish({ status: 'sent', replyMessageId: existing });
    return;
  }
  await publishTyping(deps, topic, true);
  let content: string;
  try {
    content = await deps.provider.reply(await buildContext(deps, topic), signal);
  } catch (error) {
    if (signal?.aborted) {
      await releaseOrSupersede(deps, row, deps.instanceId);
      return;
    }
    deps.log.error({ err: error, topicId: row.topic_id }, 'companion reply failed; nothing posted');
    await finish({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
    await publishTyping(deps, topic, false);
    return;
  }
  const current = await repo.findReplyById(deps.db, row.id);
  if (current?.status !== 'processing' || current.claimed_by !== deps.instanceId) return;
  const message = await deps.postReply(row.topic_id, content);
  await finish({ status: 'sent', replyMessageId: message.id });
  await publishTyping(deps, topic, false);
}

/** The topic, its terms, and exactly the last `bot_conversation_history_limit` messages. */
export async function buildContext(deps: Pick<CompanionDeps, 'db'>, topic: TopicRow): Promise<CompanionContext> {
  const settings = await getSettings(deps.db);
  const rows = await repo.listRecentConversation(deps.db, topic.id, settings.bot_conversation_history_limit);
  const history: CompanionTurn[] = rows
    .reverse()
    .map((row) =>
      row.sender_kind === 'companion'
        ? { role: 'companion', name: topic.companion_name, content: row.content }
        : { role: 'user', name: row.sender_name ?? 'User', content: row.content || '[attachment]' },
    );
  return {
    companionName: topic.companion_name,
    topicTitle: topic.title,
    terms: { title: topic.terms_title, description: topic.terms_description, rules: parseRules(topic.terms_rules) },
    history,
    seed: topic.id,
  };
}

function parseRules(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((rule): rule is string => typeof rule === 'string').slice(0, 20) : [];
  } catch {
    return [];
  }
}

async function publishTyping(deps: Pick<CompanionDeps, 'bus' | 'log'>, topic: TopicRow, isTyping: boolean) {
  await deps.bus
    .publish({ type: 'typing', topicId: topic.id, userId: companionUserId, name: topic.companion_name, isTyping })
    .catch((error: unknown) => deps.log.warn({ err: error }, 'companion typing event failed'));
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}
