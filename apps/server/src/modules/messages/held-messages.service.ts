import { texts, type HeldMessage } from '@parley/contracts';
import { type Transaction } from 'kysely';
import { type Database, type Db } from '../../db/database.js';
import { AppError, localized } from '../../lib/app-error.js';
import { postEntry, promoRefund, sumPromoSpent } from '../ledger/ledger.service.js';
import { type HeldMessageRow } from './messages.table.js';
import { recordStatement } from '../decisions/decisions.service.js';
import { registerDecisionUndo } from '../decisions/decisions.undo.js';
import { getSettings } from '../reference/settings.service.js';
import { requireTopicWriter } from '../topics/topics.access.js';
import { publishAll, type ChatDeps } from '../topics/topics.service.js';
import { assertAdult } from '../users/adult.js';
import { publicChatName } from '../users/chat-name.js';
import { type UserRow } from '../users/users.table.js';
import * as repo from './held-messages.repository.js';
import { toMessage } from './messages.mapper.js';
import { creditContributors } from './contributor-earnings.js';
import * as messagesRepo from './messages.repository.js';

/**
 * Messages a content rule holds for review (issue 15). The sender pays at send, as for any message,
 * and sees it as 'Pending review'; nobody else sees anything. It takes no seq until a moderator
 * approves it — then it is delivered like a message sent at that moment (and earns interlocutors
 * their share) — and a rejection gives the coins back through the ledger, exactly once.
 */
export const toHeldMessage = (row: HeldMessageRow): HeldMessage => ({
  id: row.id,
  topic_id: row.topic_id,
  content: row.content,
  cost: row.cost,
  status: row.status,
  created_at: row.created_at,
});

export async function holdMessage(
  deps: ChatDeps,
  user: UserRow,
  input: { topicId: number; content: string; cost: number; clientId?: string; ruleId: number | null },
): Promise<{ held: HeldMessage; balance: number }> {
  if (input.clientId) {
    const previous = await repo.findHeldByClientId(deps.db, user.id, input.clientId);
    if (previous) return { held: toHeldMessage(previous), balance: await messagesRepo.findBalance(deps.db, user.id) };
  }
  const now = deps.clock.now().toISOString();
  const attempt = () =>
    deps.db.transaction().execute(async (trx) => {
      const { topic } = await requireTopicWriter(trx, user.id, input.topicId);
      if (topic.chat_mode === 'human') assertAdult(user);
      const held = await repo.insertHeld(trx, {
        topic_id: input.topicId,
        sender_id: user.id,
        content: input.content,
        cost: input.cost,
        client_id: input.clientId ?? null,
        rule_id: input.ruleId,
        created_at: now,
      });
      if (input.cost === 0) return { held, balance: null };
      const { entry } = await postEntry(trx, deps.clock, {
        userId: user.id,
        amount: -input.cost,
        kind: 'message',
        idempotencyKey: `held:${held.id}`,
        reference: { type: 'held_message', id: held.id },
        insufficientMessage: localized('chat.notEnoughCoins', { cost: input.cost }),
      });
      return { held, balance: entry.balance_after };
    });
  let outcome: Awaited<ReturnType<typeof attempt>>;
  try {
    outcome = await attempt();
  } catch (error) {
    // Two sends with one client id: the loser finds the winner's message.
    const duplicate = input.clientId ? await repo.findHeldByClientId(deps.db, user.id, input.clientId) : undefined;
    if (duplicate) return { held: toHeldMessage(duplicate), balance: await messagesRepo.findBalance(deps.db, user.id) };
    throw error;
  }
  if (outcome.balance !== null) await publishAll(deps.bus, [{ type: 'balance', userId: user.id, balance: outcome.balance }]);
  return { held: toHeldMessage(outcome.held), balance: outcome.balance ?? (await messagesRepo.findBalance(deps.db, user.id)) };
}

/** The sender's own messages waiting in a topic (the chat shows them as 'Pending review'). */
export async function listOwnPending(db: Db, userId: number, topicId: number): Promise<HeldMessage[]> {
  return (await repo.listPendingForSender(db, userId, topicId)).map(toHeldMessage);
}

/** The admin's review queue. The sender appears by chat name only. */
export async function listHeldForReview(db: Db, status: 'pending' | 'approved' | 'rejected') {
  const rows = await repo.listForReview(db, status, 200);
  return rows.map((row) => ({
    id: row.id,
    topic_id: row.topic_id,
    topic_title: row.topic_title,
    sender: publicChatName({ id: row.sender_id, chat_name: row.chat_name, contributor_nickname: row.contributor_nickname, is_contributor: row.is_contributor }),
    content: row.content,
    cost: row.cost,
    rule_id: row.rule_id,
    status: row.status,
    created_at: row.created_at,
    decided_at: row.decided_at,
  }));
}

/**
 * Approve: delivered now, in the conversation it was written in, if the sender is still in it
 * (otherwise refused: reject it to give the coins back). Exactly one decision wins a race.
 */
export async function approveHeld(deps: ChatDeps, actorId: number, heldId: number, audit?: (trx: Transaction<Database>) => Promise<void>) {
  const now = deps.clock.now().toISOString();
  const settings = await getSettings(deps.db);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const held = await repo.findHeld(trx, heldId);
    if (!held) throw new AppError('NOT_FOUND', texts.contentRules.notFound);
    if (!(await repo.decideHeld(trx, heldId, 'approved', actorId, now))) throw new AppError('CONFLICT', texts.contentRules.alreadyDecided);
    const { topic, active } = await requireTopicWriter(trx, held.sender_id, held.topic_id).catch(() => {
      throw new AppError('CONFLICT', 'The conversation has ended or the sender left it: reject the message to give the coins back.');
    });
    const message = await messagesRepo.insertMessageAtNextSeq(trx, {
      topic_id: held.topic_id,
      sender_id: held.sender_id,
      sender_kind: 'user',
      content: held.content,
      cost: held.cost,
      look: null,
      client_id: null,
      created_at: now,
    });
    await repo.setDeliveredMessage(trx, heldId, message.id);
    await audit?.(trx);
    const payer = { id: held.sender_id, promoCoins: held.cost > 0 ? await sumPromoSpent(trx, [`held:${held.id}`]) : 0 };
    const events = await creditContributors(trx, deps.clock, message, payer, settings.contributor_share_percent, active);
    const sender = await messagesRepo.findChatNameFields(trx, held.sender_id);
    return { message, topic, events, senderName: publicChatName(sender) };
  });
  const names = new Map([[outcome.message.sender_id!, outcome.senderName]]);
  const forEveryone = toMessage(outcome.message, [], { viewerId: null, companionName: outcome.topic.companion_name, names });
  await publishAll(deps.bus, [
    { type: 'message.created', topicId: outcome.message.topic_id, senderId: outcome.message.sender_id!, message: forEveryone },
    ...outcome.events,
    { type: 'message.held_decided', userId: outcome.message.sender_id!, topicId: outcome.message.topic_id, heldId, decision: 'approved' },
  ]);
  return { id: heldId, status: 'approved' as const, message_id: outcome.message.id };
}

/** Reject: not delivered; the coins go back (once, whoever races) and the sender is told. */
export async function rejectHeld(deps: ChatDeps, actorId: number, heldId: number, audit?: (trx: Transaction<Database>) => Promise<void>) {
  const now = deps.clock.now().toISOString();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const held = await repo.findHeld(trx, heldId);
    if (!held) throw new AppError('NOT_FOUND', texts.contentRules.notFound);
    if (!(await repo.decideHeld(trx, heldId, 'rejected', actorId, now))) throw new AppError('CONFLICT', texts.contentRules.alreadyDecided);
    let balance: number | null = null;
    if (held.cost > 0) {
      const { entry } = await postEntry(trx, deps.clock, {
        userId: held.sender_id,
        amount: held.cost,
        kind: 'held_refund',
        // What the held message took from the promotional coins comes back promotional (decision 029).
        promoAmount: await promoRefund(trx, held.cost, [`held:${held.id}`]),
        idempotencyKey: `held-refund:${held.id}`,
        reference: { type: 'held_message', id: held.id },
      });
      balance = entry.balance_after;
    }
    // The statement of reasons (issue 36 §2): contestable; an upheld complaint releases the message.
    await recordStatement(trx, {
      userId: held.sender_id,
      type: 'held_rejected',
      subject: { type: 'held_message', id: held.id },
      groundDetail: held.rule_id ? String(held.rule_id) : null,
      decidedBy: actorId,
      dedupeKey: `held-rejected:${held.id}`,
      now,
    });
    await audit?.(trx);
    return { held, balance };
  });
  const { held } = outcome;
  await publishAll(deps.bus, [
    ...(outcome.balance !== null ? [{ type: 'balance' as const, userId: held.sender_id, balance: outcome.balance }] : []),
    { type: 'message.held_decided', userId: held.sender_id, topicId: held.topic_id, heldId, decision: 'rejected' },
  ]);
  return { id: heldId, status: 'rejected' as const, refunded: outcome.held.cost };
}

/**
 * An upheld complaint against a rejection delivers the message after all, free (its coins were returned), when
 * its sender is still in the conversation; otherwise nothing can be undone.
 */
registerDecisionUndo('held_rejected', async ({ trx, clock, statement, actorId }) => {
  const heldId = Number(statement.subject_id);
  const held = await repo.findHeld(trx, heldId);
  if (!held) return null;
  const seat = await requireTopicWriter(trx, held.sender_id, held.topic_id).catch(() => null);
  if (!seat) return null;
  const now = clock.now().toISOString();
  if (!(await repo.releaseRejectedHeld(trx, heldId, actorId, now))) return null;
  const message = await messagesRepo.insertMessageAtNextSeq(trx, {
    topic_id: held.topic_id,
    sender_id: held.sender_id,
    sender_kind: 'user',
    content: held.content,
    cost: 0,
    look: null,
    client_id: null,
    created_at: now,
  });
  await repo.setDeliveredMessage(trx, heldId, message.id);
  const names = new Map([[held.sender_id, publicChatName(await messagesRepo.findChatNameFields(trx, held.sender_id))]]);
  const forEveryone = toMessage(message, [], { viewerId: null, companionName: seat.topic.companion_name, names });
  return {
    undone: 'message_released',
    notice: texts.decisions.undoneReleased,
    events: [
      { type: 'message.created', topicId: held.topic_id, senderId: held.sender_id, message: forEveryone },
      { type: 'message.held_decided', userId: held.sender_id, topicId: held.topic_id, heldId, decision: 'approved' },
    ],
  };
});
