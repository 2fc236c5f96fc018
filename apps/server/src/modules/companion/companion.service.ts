import { companionUserId, texts, type AiHealth, type AiUsage } from '@parley/contracts';
import { type FastifyInstance } from 'fastify';
import { type ProviderHealth } from './companion.health.js';
import { type FastifyBaseLogger } from 'fastify';
import { type Db, type DbOrTrx } from '../../db/database.js';
import { isoNow, type Clock, type Random } from '../../lib/clock.js';
import { type EventBus } from '../../lib/event-bus.js';
import { getSettings } from '../reference/settings.service.js';
import { findMessage } from '../messages/messages.service.js';
import { findTopic } from '../topics/topics.service.js';
import { type TopicRow } from '../topics/topics.table.js';
import { postEntry, promoRefund } from '../ledger/ledger.service.js';
import { deferJob, enqueueJob, type JobDeferral } from '../jobs/jobs.registry.js';
import { type NewNotification } from '../notifications/notifications.service.js';
import { NO_REPEAT_TURNS, pendingUserText } from './companion.offline.js';
import { buildSystemPrompt, leaksPrompt, PROMPT_REFUSAL } from './companion.prompt.js';
import * as repo from './companion.repository.js';
import { type CompanionContext, type CompanionPersona, type CompanionProvider, type CompanionReply, type CompanionTurn } from './companion.provider.js';
import { personaForTopic } from './personas.service.js';
import { textChecker } from '../moderation/content-rules.service.js';
import { companionCrisisSupport, shieldHelplines, withHelplines } from '../crisis/crisis.companion.js';
import { type CompanionReplyRow } from './companion.table.js';

export interface CompanionDeps {
  db: Db;
  clock: Clock;
  random: Random;
  bus: EventBus;
  log: FastifyBaseLogger;
  provider: CompanionProvider;
  /** Writes the companion's message (free) and publishes it; from the messages module. A regeneration names its group. */
  postReply(topicId: number, content: string, variantOf?: number): Promise<{ id: number }>;
  /** Writes a notice in the conversation (kind system, free) and publishes it. */
  postNotice(topicId: number, content: string): Promise<{ id: number }>;
  /** Tells every admin (in-app notice and mail), once per dedupe key. */
  notifyAdmins(notice: Omit<NewNotification, 'userId'>): Promise<void>;
  /** Names this process in claims. */
  instanceId: string;
  /** A reply claimed longer ago than this is taken to belong to a dead instance. */
  leaseMs: number;
  /** The replies this instance is writing now (a stop request aborts the one here). */
  running?: RunningReplies;
}

/** The replies one instance is writing, by reply id, each with the function that stops it (issue 34). */
export class RunningReplies {
  private readonly stops = new Map<number, (shownChars?: number) => void>();
  track(replyId: number, stop: (shownChars?: number) => void) {
    this.stops.set(replyId, stop);
    return () => {
      if (this.stops.get(replyId) === stop) this.stops.delete(replyId);
    };
  }
  /** True when this instance was writing it. `shownChars`: how much of the stream the client showed at the click. */
  stop(replyId: number, shownChars?: number): boolean {
    const stop = this.stops.get(replyId);
    stop?.(shownChars);
    return stop !== undefined;
  }
}

/** The durable job that answers one reply row (modules/jobs); its handler is `runReplyJob`. */
export const COMPANION_REPLY_JOB = 'companion.reply';

const isAiTopic = (topic: TopicRow | undefined): topic is TopicRow => topic !== undefined && topic.chat_mode === 'ai' && topic.is_closed === 0;

/**
 * Whether replies in this topic wait the human-like delay (issue 34: opt-in, off by default): its persona's
 * `human_delay`, or for the built-in companion the `bot_reply_delay_enabled` setting.
 */
async function usesHumanDelay(deps: Pick<CompanionDeps, 'db'>, topic: TopicRow, enabledForBuiltIn: boolean): Promise<boolean> {
  const persona = topic.persona_id === null ? undefined : await repo.findPersona(deps.db, topic.persona_id);
  return persona ? persona.human_delay === 1 : enabledForBuiltIn;
}

/**
 * A user wrote in an ai-mode topic: make sure a reply is pending, due at once or, where the human-like delay is
 * on, after a random delay in [bot_reply_interval_min, bot_reply_interval_max] seconds. A
 * burst extends the one pending reply. Safe to run once per instance for the
 * same message: only the first extends. Returns the due time when it changed.
 */
export async function scheduleReply(deps: CompanionDeps, topicId: number, messageId: number): Promise<string | null> {
  // The topic first: most messages are in human chats, and they need nothing more.
  const topic = await findTopic(deps.db, topicId);
  if (!isAiTopic(topic)) return null;
  const message = await findMessage(deps.db, messageId);
  if (!message || message.topic_id !== topicId || message.sender_kind !== 'user') return null;

  const settings = await getSettings(deps.db);
  const delayed = await usesHumanDelay(deps, topic, settings.bot_reply_delay_enabled);
  const min = delayed ? Math.min(settings.bot_reply_interval_min, settings.bot_reply_interval_max) : 0;
  const max = delayed ? Math.max(settings.bot_reply_interval_min, settings.bot_reply_interval_max) : 0;
  const now = deps.clock.now();
  const dueAt = new Date(now.getTime() + (min + deps.random.next() * (max - min)) * 1000).toISOString();

  for (let attempt = 0; attempt < 3; attempt++) {
    const pending = await repo.findPendingReply(deps.db, topicId);
    if (pending) {
      if (pending.last_user_message_id >= messageId) return null;
      // A regeneration about to start answers the earlier message only: this one is scheduled once it is done.
      if (pending.regenerates_message_id !== null) return null;
      // A user who keeps writing still gets an answer: a burst waits at most twice the longest delay.
      const cap = new Date(Date.parse(pending.created_at) + 2 * max * 1000).toISOString();
      const extended = [dueAt < cap ? dueAt : cap, pending.due_at].sort().at(-1)!;
      if (await repo.extendPendingReply(deps.db, pending, messageId, extended, now.toISOString())) return extended;
      continue;
    }
    // Another instance heard this message first and its reply is already written (or cancelled).
    if (await repo.hasReplyCovering(deps.db, topicId, messageId)) return null;
    try {
      // The row and its job commit together: a reply that exists is always answered.
      await deps.db.transaction().execute(async (trx) => {
        const row = await repo.insertPendingReply(trx, topicId, messageId, dueAt, now.toISOString());
        await enqueueJob(trx, { kind: COMPANION_REPLY_JOB, payload: { replyId: row.id }, runAt: new Date(dueAt), dedupeKey: `companion-reply:${row.id}` });
      });
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
    const topic = await findTopic(deps.db, topicId);
    if (topic) await publishTyping(deps, topic, false);
  }
  return cancelled;
}

/**
 * The job of one reply row: when it is due, claim it (a conditional claim: of two
 * instances, one wins) and answer it. A burst pushed the row back, or another
 * instance is still writing it: run again later. A claim whose lease ran out
 * (its instance died) is handed back and answered here.
 */
export async function runReplyJob(deps: CompanionDeps, replyId: number, signal: AbortSignal): Promise<JobDeferral | void> {
  let row = await repo.findReplyById(deps.db, replyId);
  const now = deps.clock.now();
  if (row?.status === 'processing') {
    const leaseEnd = Date.parse(row.claimed_at ?? '') + deps.leaseMs;
    if (leaseEnd > now.getTime()) return deferJob(new Date(leaseEnd));
    await releaseOrSupersede(deps, row, row.claimed_by);
    row = await repo.findReplyById(deps.db, replyId);
  }
  if (row?.status !== 'pending') return; // sent, failed or cancelled: nothing left to do
  if (Date.parse(row.due_at) > now.getTime()) return deferJob(new Date(row.due_at));
  if (!(await repo.claimReply(deps.db, row.id, deps.instanceId, now.toISOString()))) return deferJob(now); // changed meanwhile: look again
  try {
    await answerReply(deps, row, signal);
  } catch (error) {
    // A database error mid-reply: hand the row back so the job's retry finds it pending.
    await releaseOrSupersede(deps, row, deps.instanceId).catch(() => undefined);
    throw error;
  }
  const after = await repo.findReplyById(deps.db, replyId);
  // Handed back at shutdown: the next instance answers it.
  if (after?.status === 'pending') return deferJob(new Date(after.due_at));
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

/** Writes one claimed reply: streamed to the chat, posted once; or failed, refunded and told. */
export async function answerReply(deps: CompanionDeps, row: CompanionReplyRow, signal?: AbortSignal) {
  const finish = (change: Parameters<typeof repo.finishReply>[3]) => repo.finishReply(deps.db, row.id, deps.instanceId, change, isoNow(deps.clock));
  const topic = await findTopic(deps.db, row.topic_id);
  if (!isAiTopic(topic) || (await repo.countActiveHumans(deps.db, row.topic_id)) === 0) {
    await finish({ status: 'cancelled', error: 'topic no longer in ai mode' });
    if (topic) await publishTyping(deps, topic, false);
    return;
  }
  // A reclaimed row whose first worker already posted must not post twice.
  const existing =
    row.attempts > 0 ? await repo.hasCompanionReplyAfter(deps.db, row.topic_id, row.regenerates_message_id ?? row.last_user_message_id) : undefined;
  if (existing !== undefined) {
    await finish({ status: 'sent', replyMessageId: existing });
    return;
  }
  await publishTyping(deps, topic, true);
  const persona = await personaForTopic(deps.db, topic);
  // A regeneration answers the same message again: the conversation up to it.
  const context = await buildContext(deps, topic, persona, row.regenerates_message_id === null ? undefined : row.last_user_message_id);
  const variantOf = row.regenerates_message_id === null ? undefined : await variantGroupOf(deps, row.regenerates_message_id);
  const settings = await getSettings(deps.db);
  const monthStart = `${isoNow(deps.clock).slice(0, 7)}-01T00:00:00.000Z`;
  if (settings.llm_monthly_token_budget > 0 && (await repo.sumTokensSince(deps.db, monthStart)) >= settings.llm_monthly_token_budget) {
    await failReply(deps, row, topic, 'monthly token budget reached');
    return;
  }

  // What a reply must never quote; the crisis note is left out, as its helplines are meant to be quoted.
  const systemPrompt = buildSystemPrompt({ ...context, crisis: null });
  // Content rules apply to the companion too (issue 15): a piece that would need masking is held back until the final text.
  const check = await textChecker(deps.db);
  const stream = new DeltaStream(deps, topic.id, row.id, systemPrompt, (sofar) => {
    const verdict = check(sofar);
    return verdict.action !== 'allow' || verdict.masked;
  });
  const leaked = new AbortController();
  stream.onLeak = () => leaked.abort();
  // The owner's Stop (issue 34): any instance's route asks over the bus; a stop that came before this point is on the row.
  const stopped = new AbortController();
  const untrack =
    deps.running?.track(row.id, (shownChars) => {
      // Nothing more goes out from here: the client froze what it showed at the click.
      stream.close(shownChars);
      stopped.abort();
    }) ?? (() => undefined);
  const started = performance.now();
  let reply: CompanionReply;
  try {
    if ((await repo.findReplyById(deps.db, row.id))?.stopped_at) stopped.abort();
    reply = await deps.provider.reply(context, {
      signal: AbortSignal.any([...(signal ? [signal] : []), leaked.signal, stopped.signal]),
      onDelta: (piece, offset) => stream.push(piece, offset),
    });
  } catch (error) {
    untrack();
    if (stopped.signal.aborted && !signal?.aborted) {
      await finishStopped(deps, row, topic, stream, { personaId: persona.id, model: persona.model ?? 'unknown', started, variantOf });
      return;
    }
    if (leaked.signal.aborted) reply = { text: PROMPT_REFUSAL, model: persona.model ?? 'unknown', usage: null };
    else if (signal?.aborted) {
      stream.close();
      await releaseOrSupersede(deps, row, deps.instanceId);
      return;
    } else {
      stream.close();
      deps.log.error({ err: error, topicId: row.topic_id }, 'companion reply failed; refunding');
      await failReply(deps, row, topic, error instanceof Error ? error.message : String(error));
      return;
    }
  }
  untrack();
  // Stopped after the last piece came but before it was shown whole: what was shown is the reply.
  if (stopped.signal.aborted) {
    await finishStopped(deps, row, topic, stream, { personaId: persona.id, model: reply.model, started, variantOf, usage: reply.usage });
    return;
  }
  // Never the instructions, even if the model was talked into quoting them.
  const answered = context.crisis ? withHelplines(reply.text, context.crisis) : reply.text;
  const unfiltered = leaksPrompt(answered, systemPrompt) ? PROMPT_REFUSAL : answered;
  const shield = context.crisis ? shieldHelplines(unfiltered, context.crisis) : null;
  const verdict = check(shield?.text ?? unfiltered);
  const text = verdict.action !== 'allow' ? texts.contentRules.withheldReply : shield ? shield.restore(verdict.text) : verdict.text;
  stream.finish(text);
  const current = await repo.findReplyById(deps.db, row.id);
  if (current?.status !== 'processing' || current.claimed_by !== deps.instanceId) return;
  const message = await deps.postReply(row.topic_id, text, variantOf);
  await finish({
    status: 'sent',
    replyMessageId: message.id,
    usage: {
      personaId: persona.id,
      model: reply.model,
      promptTokens: reply.usage?.promptTokens ?? null,
      completionTokens: reply.usage?.completionTokens ?? null,
      latencyMs: Math.round(performance.now() - started),
      firstTokenMs: stream.firstTokenMs,
    },
  });
  await publishTyping(deps, topic, false);
  if (row.regenerates_message_id !== null) await scheduleAfterRegeneration(deps, row);
  if (reply.usage && settings.llm_monthly_token_budget > 0) await warnNearBudget(deps, settings.llm_monthly_token_budget, monthStart);
}

/** The group a regenerated reply joins: the first reply of the message it replaces. */
async function variantGroupOf(deps: Pick<CompanionDeps, 'db'>, messageId: number): Promise<number> {
  const message = await findMessage(deps.db, messageId);
  return message?.variant_of ?? messageId;
}

/** A message the user sent while a regeneration was about to start gets its reply now. */
async function scheduleAfterRegeneration(deps: CompanionDeps, row: CompanionReplyRow) {
  const newer = await repo.findLastUserMessageAfter(deps.db, row.topic_id, row.last_user_message_id);
  if (newer !== undefined) await scheduleReply(deps, row.topic_id, newer);
}

/**
 * The owner stopped the reply: nothing more goes out, and exactly the text shown so far becomes the reply
 * (none when nothing was shown yet). Replies are free; a stopped one too.
 */
async function finishStopped(
  deps: CompanionDeps,
  row: CompanionReplyRow,
  topic: TopicRow,
  stream: DeltaStream,
  run: { personaId: number | null; model: string; started: number; variantOf?: number; usage?: CompanionReply['usage'] },
) {
  stream.close();
  const shown = stream.shown;
  const current = await repo.findReplyById(deps.db, row.id);
  if (current?.status !== 'processing' || current.claimed_by !== deps.instanceId) return;
  let messageId: number | null = null;
  if (shown.trim() === '') await repo.finishReply(deps.db, row.id, deps.instanceId, { status: 'cancelled', error: 'stopped' }, isoNow(deps.clock));
  else {
    messageId = (await deps.postReply(row.topic_id, shown, run.variantOf)).id;
    await repo.finishReply(
      deps.db,
      row.id,
      deps.instanceId,
      {
        status: 'sent',
        replyMessageId: messageId,
        usage: {
          personaId: run.personaId,
          model: run.model,
          promptTokens: run.usage?.promptTokens ?? null,
          completionTokens: run.usage?.completionTokens ?? null,
          latencyMs: Math.round(performance.now() - run.started),
          firstTokenMs: stream.firstTokenMs,
        },
      },
      isoNow(deps.clock),
    );
  }
  await deps.bus
    .publish({ type: 'message.stopped', topicId: topic.id, replyId: row.id, messageId })
    .catch((error: unknown) => deps.log.warn({ err: error }, 'companion stopped event failed'));
  await publishTyping(deps, topic, false);
  if (row.regenerates_message_id !== null) await scheduleAfterRegeneration(deps, row);
}

/**
 * No reply could be produced: the row fails (once, under the claim), the user gets back
 * the coins of the messages it was to answer, in the same transaction, and the chat says so.
 */
async function failReply(deps: CompanionDeps, row: CompanionReplyRow, topic: TopicRow, reason: string) {
  const balances = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.finishReply(trx, row.id, deps.instanceId, { status: 'failed', error: reason }, isoNow(deps.clock)))) return null;
    const bySender = new Map<number, { coins: number; keys: string[] }>();
    // A regeneration answers a message that was answered already: nothing of it to give back.
    const charges = row.regenerates_message_id === null ? await repo.listBurstCharges(trx, row) : [];
    for (const charge of charges) {
      if (charge.sender_id === null) continue;
      const sender = bySender.get(charge.sender_id) ?? { coins: 0, keys: [] };
      bySender.set(charge.sender_id, { coins: sender.coins + charge.cost, keys: [...sender.keys, `message:${charge.id}`] });
    }
    const balances: { userId: number; balance: number }[] = [];
    for (const [userId, { coins, keys }] of bySender) {
      const { entry } = await postEntry(trx, deps.clock, {
        userId,
        amount: coins,
        // What those messages took from the promotional coins comes back promotional (decision 029).
        promoAmount: await promoRefund(trx, coins, keys),
        kind: 'refund',
        idempotencyKey: `companion-refund:${row.id}:${userId}`,
        reference: { type: 'companion_reply', id: row.id },
        note: 'The AI companion could not reply',
      });
      balances.push({ userId, balance: entry.balance_after });
    }
    await repo.setRefundedCoins(
      trx,
      row.id,
      [...bySender.values()].reduce((sum, { coins }) => sum + coins, 0),
    );
    return balances;
  });
  if (balances === null) return;
  await deps.postNotice(topic.id, texts.topics.aiUnavailable).catch((error: unknown) => deps.log.warn({ err: error }, 'companion notice failed'));
  for (const { userId, balance } of balances) await deps.bus.publish({ type: 'balance', userId, balance }).catch(() => undefined);
  await publishTyping(deps, topic, false);
}

/** Admins hear once a month when the companion has used 80 % of its token budget. */
async function warnNearBudget(deps: CompanionDeps, budget: number, monthStart: string) {
  const used = await repo.sumTokensSince(deps.db, monthStart);
  if (used < budget * 0.8) return;
  await deps.notifyAdmins({
    kind: 'ai.budget',
    title: 'AI companion: 80 % of the monthly token budget used',
    body: `The AI companion has used ${used} of ${budget} tokens this month. Beyond the budget it answers with the unavailable notice and users get their coins back.`,
    link: '/admin/ai',
    dedupeKey: `ai-budget-80:${monthStart.slice(0, 7)}`,
  });
}

/**
 * The reply as it is generated, to the chat: pieces are sent as `message.delta` events, the
 * first at once and then at most every 50 ms (a bus message per token would flood N instances).
 * Each flush checks that the text so far does not quote the system prompt.
 */
class DeltaStream {
  private text = '';
  private sentUpTo = 0;
  private timer?: NodeJS.Timeout;
  private readonly started = performance.now();
  firstTokenMs: number | null = null;
  onLeak?: () => void;

  constructor(
    private readonly deps: Pick<CompanionDeps, 'bus' | 'log'>,
    private readonly topicId: number,
    private readonly replyId: number,
    private readonly systemPrompt: string,
    /** True when the text so far needs the content rules: nothing more goes out until the final text. */
    private readonly needsFilter: (text: string) => boolean = () => false,
  ) {}
  private holding = false;
  private closed = false;

  /** How much of the sent text the owner saw when they stopped it (the client says; never more than was sent). */
  private shownLimit = Infinity;

  /** Exactly what the chat has been shown so far (up to what the stopping client showed). */
  get shown() {
    return this.text.slice(0, Math.min(this.sentUpTo, this.shownLimit));
  }

  push(piece: string, offset: number) {
    if (this.closed) return;
    if (offset < this.sentUpTo) {
      // The provider started over (a retried stream): start over in the chat too.
      this.sentUpTo = 0;
      this.publish(0, '');
    }
    this.text = this.text.slice(0, offset) + piece;
    if (this.firstTokenMs === null) {
      this.firstTokenMs = Math.round(performance.now() - this.started);
      this.flush();
    } else this.timer ??= setTimeout(() => this.flush(), 50);
  }

  private flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.text.length <= this.sentUpTo) return;
    if (leaksPrompt(this.text, this.systemPrompt)) {
      this.onLeak?.();
      return;
    }
    if (this.holding || this.needsFilter(this.text)) {
      this.holding = true;
      return;
    }
    this.publish(this.sentUpTo, this.text.slice(this.sentUpTo));
    this.sentUpTo = this.text.length;
  }

  /** The final text: whatever was not sent yet, or a restart with different text (a refusal). */
  finish(final: string) {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (final.startsWith(this.text.slice(0, this.sentUpTo))) {
      if (final.length > this.sentUpTo) this.publish(this.sentUpTo, final.slice(this.sentUpTo));
    } else this.publish(0, final);
    this.sentUpTo = final.length;
  }

  /** Nothing more goes out (a failure, or the owner's Stop, with how much of it their client showed). */
  close(shownChars?: number) {
    if (shownChars !== undefined && !this.closed) this.shownLimit = shownChars;
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private publish(offset: number, text: string) {
    void this.deps.bus
      .publish({ type: 'message.delta', topicId: this.topicId, replyId: this.replyId, offset, text })
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'companion delta event failed'));
  }
}

/** The topic, its terms, and exactly the last `bot_conversation_history_limit` messages. */
export async function buildContext(deps: Pick<CompanionDeps, 'db'>, topic: TopicRow, persona: CompanionPersona, upToId?: number): Promise<CompanionContext> {
  const settings = await getSettings(deps.db);
  const rows = await repo.listRecentConversation(deps.db, topic.id, settings.bot_conversation_history_limit, upToId);
  const recentReplies = (await repo.listRecentCompanionReplies(deps.db, topic.id, NO_REPEAT_TURNS)).reverse();
  const history: CompanionTurn[] = rows
    .reverse()
    .map((row) =>
      row.sender_kind === 'companion'
        ? { role: 'companion', name: persona.name, content: row.content }
        : { role: 'user', name: row.sender_name ?? 'User', content: row.content || '[attachment]' },
    );
  const language = await repo.findUserLanguageCode(deps.db, topic.user_id);
  return {
    persona,
    topicTitle: topic.title,
    openChat: topic.room_id === null,
    terms: { title: topic.terms_title, description: topic.terms_description, rules: parseRules(topic.terms_rules) },
    history,
    recentReplies,
    // The owner's chosen language: the offline companion's answer when a message does not tell (the owner is the one chatting with it).
    language,
    seed: topic.id,
    // Crisis care (issue 36 §1): what the user wrote since the companion last spoke, read by the offline recogniser.
    crisis: await companionCrisisSupport(deps.db, { userId: topic.user_id, text: pendingUserText(history), accountLanguage: language, seed: topic.id }),
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

/** Tokens and estimated cost of the companion's replies over the last `days` days, and this month's total. */
export async function getAiUsage(db: Db, clock: Clock, days: number): Promise<AiUsage> {
  const settings = await getSettings(db);
  const now = clock.now();
  const since = new Date(now.getTime() - days * 86_400_000).toISOString();
  const cost = (tokens: number) => Math.round((tokens / 1000) * settings.llm_price_per_1k_tokens * 100) / 100;
  const rows = async (by: 'day' | 'persona' | 'topic') =>
    (await repo.usageSince(db, since, by)).map((row) => {
      const tokens = Number(row.tokens ?? 0);
      return { key: String(row.key), replies: Number(row.replies), tokens, cost: cost(tokens) };
    });
  const personas = new Map((await repo.listPersonas(db)).map((p) => [String(p.id), p.name]));
  return {
    month_tokens: await repo.sumTokensSince(db, `${now.toISOString().slice(0, 7)}-01T00:00:00.000Z`),
    monthly_budget: settings.llm_monthly_token_budget,
    by_day: await rows('day'),
    by_persona: (await rows('persona')).map((row) => ({ ...row, key: personas.get(row.key) ?? 'Built-in companion' })),
    by_topic: await rows('topic'),
  };
}

// Keyed by the HTTP server, which every encapsulated plugin context shares.
const healths = new WeakMap<object, ProviderHealth>();
export const registerCompanionHealth = (app: FastifyInstance, health: ProviderHealth) => healths.set(app.server, health);
/** This instance's provider health: breaker state, latency, errors. */
export function getCompanionHealth(app: FastifyInstance): AiHealth {
  const health = healths.get(app.server);
  if (!health) throw new Error('companion not registered');
  return health.snapshot();
}

/** Whether the companion is about to answer in a topic (its 'Writing...' state). */
export function isReplyPending(db: DbOrTrx, topicId: number) {
  return repo.hasOpenReply(db, topicId);
}
