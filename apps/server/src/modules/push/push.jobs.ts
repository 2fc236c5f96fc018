import { type PushPayload } from '@parley/contracts';
import { z } from 'zod';
import { type DbOrTrx } from '../../db/database.js';
import { registerJobHandler, registerPeriodicJob, registerSweep, type JobContext } from '../jobs/jobs.registry.js';
import { getLanguageTexts, getUserLanguageTexts, renderText } from '../reference/localization.service.js';
import * as repo from './push.repository.js';
import { PushRetryableError, sendPush } from './push.sender.js';
import { isQuietNow } from './push.service.js';
import { queueDigestMail } from './push.digest.js';

/**
 * Issue 34 §3. New messages and joins are found by a sweep reading past a cursor, not by the send
 * path: a send stays one statement (decision 027), and whichever instance moves the cursor first
 * handles the batch. Each recipient with a device gets one `push.send` job per conversation.
 */
const BATCH = 200;
const pushKinds = ['message', 'ai', 'joined', 'notice', 'waiting'] as const;
type PushKind = (typeof pushKinds)[number];

const pushSendSchema = z.object({
  userId: z.number().int(),
  kind: z.enum(pushKinds),
  topicId: z.number().int().optional(),
  link: z.string().optional(),
});
type PushSend = z.infer<typeof pushSendSchema>;

registerSweep('push.scan', async (ctx) => {
  await scanMessages(ctx);
  await scanJoins(ctx);
});

const unique = <T>(values: T[]) => [...new Set(values)];

async function scanMessages(ctx: JobContext) {
  const cursor = await repo.readCursor(ctx.db, 'messages');
  if (cursor === undefined) return repo.startCursor(ctx.db, 'messages', 'messages');
  const batch = await repo.listMessagesAfter(ctx.db, cursor, BATCH);
  if (batch.length === 0) return;
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.advanceCursor(trx, 'messages', cursor, batch.at(-1)!.id))) return;
    const participants = await repo.listCurrentParticipants(trx, unique(batch.map((m) => m.topic_id)));
    const targets = new Map<string, { userId: number; topicId: number; kind: PushKind; messageId: number }>();
    for (const message of batch) {
      if (message.sender_kind === 'system') continue;
      for (const p of participants) {
        if (p.topic_id !== message.topic_id || p.user_id === message.sender_id) continue;
        if (message.seq <= p.from_seq || (p.to_seq !== null && message.seq > p.to_seq)) continue;
        targets.set(`${p.user_id}:${p.topic_id}`, {
          userId: p.user_id,
          topicId: p.topic_id,
          kind: message.sender_kind === 'companion' ? 'ai' : 'message',
          messageId: message.id,
        });
      }
    }
    const userIds = unique([...targets.values()].map((t) => t.userId));
    const viewing = await repo.listViewing(trx, userIds, ctx.clock.now().toISOString());
    // What a tab shows is read: no news, no push.
    const unseen = [...targets.entries()].filter(([key]) => !viewing.has(key)).map(([, t]) => t);
    await repo.addNews(trx, unseen, ctx.clock.now().toISOString());
    if (!ctx.config.push) return;
    const subscribed = await repo.usersWithSubscriptions(trx, userIds);
    await queuePushes(
      trx,
      unseen
        .filter((t) => subscribed.has(t.userId))
        .map((t) => ({ send: { userId: t.userId, kind: t.kind, topicId: t.topicId }, key: `push:m:${t.messageId}:${t.userId}` })),
    );
  });
}

async function scanJoins(ctx: JobContext) {
  const cursor = await repo.readCursor(ctx.db, 'joins');
  if (cursor === undefined) return repo.startCursor(ctx.db, 'joins', 'topic_participants');
  const batch = await repo.listJoinsAfter(ctx.db, cursor, BATCH);
  if (batch.length === 0) return;
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.advanceCursor(trx, 'joins', cursor, batch.at(-1)!.id))) return;
    if (!ctx.config.push) return;
    // A partner taking the seat of a waiting human topic: its owner hears of it.
    const joins = batch.filter((j) => j.chat_mode === 'human' && j.user_id !== j.owner_id);
    const owners = unique(joins.map((j) => j.owner_id));
    const subscribed = await repo.usersWithSubscriptions(trx, owners);
    const viewing = await repo.listViewing(trx, owners, ctx.clock.now().toISOString());
    await queuePushes(
      trx,
      joins
        .filter((j) => subscribed.has(j.owner_id) && !viewing.has(`${j.owner_id}:${j.topic_id}`))
        .map((j) => ({ send: { userId: j.owner_id, kind: 'joined' as const, topicId: j.topic_id }, key: `push:j:${j.id}` })),
    );
  });
}

function queuePushes(trx: DbOrTrx, pushes: { send: PushSend; key: string }[]) {
  if (pushes.length === 0) return Promise.resolve();
  // Due at once whatever clock the caller keeps (as notices are).
  return pushSendJob.enqueueMany(
    trx,
    pushes.map((p) => ({ payload: p.send, options: { runAt: new Date(0), dedupeKey: p.key } })),
  );
}

/** A money or moderation notice: a push that says only that there is one (its text stays in the app). */
export async function queueNoticePush(trx: DbOrTrx, hasPush: boolean, userId: number, notificationId: number, link: string | null) {
  if (!hasPush || (await repo.usersWithSubscriptions(trx, [userId])).size === 0) return;
  await queuePushes(trx, [{ send: { userId, kind: 'notice', link: link ?? '/' }, key: `push:n:${notificationId}` }]);
}

/** Issue 35 §1: a human topic waits and this interlocutor is on call; once per topic and interlocutor (the caller's alert row). */
export async function queueWaitingPush(trx: DbOrTrx, userId: number, topicId: number) {
  if ((await repo.usersWithSubscriptions(trx, [userId])).size === 0) return;
  await queuePushes(trx, [{ send: { userId, kind: 'waiting', topicId, link: '/oncall' }, key: `push:w:${topicId}:${userId}` }]);
}

/** The words of a push, in its person's language: where there is news, never who or what. */
export async function buildPushPayload(db: DbOrTrx, send: PushSend): Promise<PushPayload | null> {
  const language = await getUserLanguageTexts(db, send.userId);
  const body = renderText(language, 'push.openToRead');
  if (send.kind === 'notice') return { title: renderText(language, 'push.newNotice'), body, url: send.link ?? '/', tag: 'notice' };
  const topic = send.topicId === undefined ? undefined : await repo.findTopicForPush(db, send.topicId);
  if (!topic) return null;
  const url = `/topics/${topic.id}/chat`;
  const tag = `topic-${topic.id}`;
  const room = topic.room_title;
  if (send.kind === 'waiting')
    return {
      title: room ? renderText(language, 'pushWaiting.titleIn', { room }) : renderText(language, 'pushWaiting.title'),
      body,
      url: '/oncall',
      tag: `waiting-${topic.id}`,
    };
  if (send.kind === 'joined')
    return { title: room ? renderText(language, 'push.partnerJoinedIn', { room }) : renderText(language, 'push.partnerJoined'), body, url, tag };
  if (send.kind === 'ai') return { title: renderText(language, 'push.aiReplied'), body, url, tag };
  return { title: room ? renderText(language, 'push.newMessageIn', { room }) : renderText(language, 'push.newMessage'), body, url, tag };
}

const pushSendJob = registerJobHandler('push.send', {
  schema: pushSendSchema,
  maxAttempts: 3,
  async handle(send, ctx) {
    const push = ctx.config.push;
    if (!push) return;
    const now = ctx.clock.now();
    const settings = await repo.findSettings(ctx.db, send.userId);
    if (settings && isQuietNow(settings, now)) return;
    if (send.topicId !== undefined) {
      if (await repo.isMuted(ctx.db, send.userId, send.topicId)) return;
      if ((await repo.listViewing(ctx.db, [send.userId], now.toISOString())).has(`${send.userId}:${send.topicId}`)) return;
    }
    const payload = await buildPushPayload(ctx.db, send);
    if (!payload) return;
    const body = JSON.stringify(payload);
    for (const device of await repo.listSubscriptions(ctx.db, send.userId)) {
      try {
        await deliver(ctx, device.id, body);
      } catch (error) {
        if (!(error instanceof PushRetryableError)) throw error;
        // This device's push service is down: it retries on its own, the others are not held back.
        await pushDeliverJob.enqueue(ctx.db, { subscriptionId: device.id, body }, { runAt: new Date(now.getTime() + 5000) });
      }
    }
  },
});

/** One device: sent, or forgotten when its push service says it is gone (404/410). */
async function deliver(ctx: JobContext, subscriptionId: number, body: string) {
  const device = await repo.findSubscription(ctx.db, subscriptionId);
  if (!device || !ctx.config.push) return;
  const outcome = await sendPush(ctx.config.push, device, body);
  if (outcome === 'gone') {
    await repo.deleteSubscriptionById(ctx.db, device.id);
    ctx.log.info({ subscriptionId }, 'push subscription gone: deleted');
  } else await repo.markSent(ctx.db, device.id, ctx.clock.now().toISOString());
}

const pushDeliverJob = registerJobHandler('push.deliver', {
  schema: z.object({ subscriptionId: z.number().int(), body: z.string() }),
  maxAttempts: 8,
  forgetPayloadWhenDone: true,
  handle: ({ subscriptionId, body }, ctx) => deliver(ctx, subscriptionId, body),
});

/** The mail digest: users with a conversation unread for their delay, at most one mail an hour each. */
registerPeriodicJob('push.digest', {
  everyMs: 60_000,
  async handle(ctx) {
    const now = ctx.clock.now();
    await repo.pruneViewers(ctx.db, new Date(now.getTime() - 3600_000).toISOString());
    for (const userId of await repo.listDigestDue(ctx.db, now, 100)) {
      await ctx.db.transaction().execute(async (trx) => {
        const news = await repo.listDigestNews(trx, userId);
        const recipient = await repo.findMailRecipient(trx, userId);
        if (news.length === 0 || !recipient || !(await repo.claimDigest(trx, userId, now))) return;
        const language = await getLanguageTexts(trx, recipient.language_id);
        await queueDigestMail(trx, ctx, language, recipient, news);
        await repo.markNewsMailed(trx, userId, now.toISOString());
      });
    }
  },
});
