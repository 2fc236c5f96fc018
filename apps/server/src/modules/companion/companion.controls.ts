import { companionUserId, texts, type RegenerateReplyResult, type StopReplyResult } from '@parley/contracts';
import { AppError } from '../../lib/app-error.js';
import { isoNow } from '../../lib/clock.js';
import { enqueueJob } from '../jobs/jobs.registry.js';
import { getCompanionMessage } from '../messages/messages.service.js';
import { requireTopicWriter } from '../topics/topics.access.js';
import * as repo from './companion.repository.js';
import { type CompanionDeps, COMPANION_REPLY_JOB } from './companion.service.js';

/** How long the Stop route waits for the writing instance to store what it showed (it takes milliseconds). */
const STOP_WAIT_MS = 3_000;

/** The owner's AI conversation, open and in ai mode (issue 34: only they stop or regenerate its replies). */
async function requireAiTopic(deps: Pick<CompanionDeps, 'db'>, userId: number, topicId: number) {
  const { topic } = await requireTopicWriter(deps.db, userId, topicId);
  if (topic.chat_mode !== 'ai') throw new AppError('CONFLICT', texts.companionControls.notAiChat);
  return topic;
}

/**
 * Stop: a reply not claimed yet is cancelled here; one being written is marked on its row and every instance is
 * told, and the one writing it stores exactly the text shown so far. Answers once that is stored. Free: replies
 * cost nothing, and the user's message stays paid as it was.
 */
export async function stopReply(deps: CompanionDeps, userId: number, topicId: number, shownChars?: number): Promise<StopReplyResult> {
  const topic = await requireAiTopic(deps, userId, topicId);
  const open = await repo.findOpenReply(deps.db, topicId);
  if (!open) throw new AppError('CONFLICT', texts.companionControls.nothingToStop);
  const now = isoNow(deps.clock);
  if (open.status === 'pending' && (await repo.stopPendingReply(deps.db, open.id, now))) {
    await deps.bus.publish({ type: 'message.stopped', topicId, replyId: open.id, messageId: null });
    await deps.bus.publish({ type: 'typing', topicId, userId: companionUserId, name: topic.companion_name, isTyping: false });
    return { reply_id: open.id, message: null };
  }
  const outcome = waitForStopped(deps, open.id);
  // Told at once (the writer stops sending before anything is written); the row's mark covers a writer not yet listening.
  await deps.bus.invalidate({ kind: 'companion-stop', replyId: open.id, shownChars });
  if (!(await repo.markReplyStopped(deps.db, open.id, now))) {
    outcome.cancel();
    // Finished meanwhile: the whole reply is what was shown.
    const row = await repo.findReplyById(deps.db, open.id);
    if (row?.status !== 'sent' || row.reply_message_id === null) throw new AppError('CONFLICT', texts.companionControls.nothingToStop);
    return { reply_id: open.id, message: await getCompanionMessage(deps.db, row.reply_message_id) };
  }
  await deps.bus.invalidate({ kind: 'companion-stop', replyId: open.id, shownChars });
  const messageId = await outcome.result;
  if (messageId === undefined) {
    // The writer did not answer in time (a dead instance): its lease runs out and the row says stopped.
    const row = await repo.findReplyById(deps.db, open.id);
    if (row?.status === 'sent' && row.reply_message_id !== null)
      return { reply_id: open.id, message: await getCompanionMessage(deps.db, row.reply_message_id) };
    throw new AppError('DATABASE_UNAVAILABLE', texts.companionControls.stopTimedOut);
  }
  return { reply_id: open.id, message: messageId === null ? null : await getCompanionMessage(deps.db, messageId) };
}

/** The `message.stopped` event of one reply (its stored message id, null: nothing shown), or undefined after the wait. */
function waitForStopped(deps: Pick<CompanionDeps, 'bus'>, replyId: number) {
  let unsubscribe = () => undefined as void;
  let timer: NodeJS.Timeout | undefined;
  const result = new Promise<number | null | undefined>((resolve) => {
    unsubscribe = deps.bus.subscribe((event) => {
      if (event.type === 'message.stopped' && event.replyId === replyId) resolve(event.messageId);
    });
    timer = setTimeout(() => resolve(undefined), STOP_WAIT_MS);
  }).finally(() => {
    clearTimeout(timer);
    unsubscribe();
  });
  return {
    result,
    cancel: () => {
      clearTimeout(timer);
      unsubscribe();
    },
  };
}

/**
 * Regenerate the topic's last reply: a new reply to the same user message, due now, that joins the replaced
 * reply's group of siblings. Refused (409) while a reply is waiting or being written. Free: it charges nothing,
 * and if it fails nothing is refunded (the message was answered already).
 */
export async function regenerateReply(
  deps: CompanionDeps,
  userId: number,
  topicId: number,
  messageId: number,
): Promise<RegenerateReplyResult & { dueAt: Date }> {
  const topic = await requireAiTopic(deps, userId, topicId);
  if (await repo.hasOpenReply(deps.db, topicId)) throw new AppError('CONFLICT', texts.companionControls.replyInProgress);
  const last = await repo.findLastConversationMessage(deps.db, topicId);
  if (!last || last.id !== messageId || last.sender_kind !== 'companion') throw new AppError('CONFLICT', texts.companionControls.onlyLastReply);
  const answered = await repo.findUserMessageBefore(deps.db, topicId, messageId);
  if (answered === undefined) throw new AppError('CONFLICT', texts.companionControls.onlyLastReply);
  const now = deps.clock.now();
  let replyId: number;
  try {
    replyId = await deps.db.transaction().execute(async (trx) => {
      const row = await repo.insertRegeneration(trx, topicId, answered, messageId, now.toISOString());
      await enqueueJob(trx, { kind: COMPANION_REPLY_JOB, payload: { replyId: row.id }, runAt: now, dedupeKey: `companion-reply:${row.id}` });
      return row.id;
    });
  } catch (error) {
    // The one-pending-reply index: a message sent at the same moment scheduled its reply first.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', texts.companionControls.replyInProgress);
    throw error;
  }
  const variantOf = last.variant_of ?? last.id;
  await deps.bus.publish({ type: 'message.regenerating', topicId, replyId, messageId, variantOf });
  await deps.bus.publish({ type: 'typing', topicId, userId: 0, name: topic.companion_name, isTyping: true });
  return { reply_id: replyId, variant_of: variantOf, dueAt: now };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}
