import {
  attachmentCostSetting,
  attachmentTypes,
  limits,
  messageTextCost,
  pageMeta,
  texts,
  type AttachmentCosts,
  type AttachmentType,
  type ChatEvent,
  type CrisisCard,
  type HeldMessage,
  type Message,
  type MessagesIndexQuery,
  type MessagesPage,
  type Settings,
  type SkinLook,
} from '@parley/contracts';
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { type Transaction } from 'kysely';
import { type Database, type Db, type DbOrTrx } from '../../db/database.js';
import { groupCommitOf, Refusal, refusal } from '../../db/group-commit.js';
import { AppError, localized } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { type EventBus } from '../../lib/event-bus.js';
import { type Storage } from '../../lib/storage.js';
import { postForRow, spendForRow } from '../ledger/ledger.service.js';
import { creditContributors } from './contributor-earnings.js';
import { checkText } from '../moderation/content-rules.service.js';
import { recordStatement } from '../decisions/decisions.service.js';
import { assessRisk, handleRiskySend } from '../crisis/crisis.service.js';
import { getSettings } from '../reference/settings.service.js';
import { holdMessage } from './held-messages.service.js';
import { getSenderLook } from '../store/skins.service.js';
import { assertAdult } from '../users/adult.js';
import { publicChatName } from '../users/chat-name.js';
import { type UserRow } from '../users/users.table.js';
import { isSeqVisible, pageRanges, visibleCount, type SeqRange } from '../../lib/seq-ranges.js';
import {
  forbidden,
  loadTopicAccess,
  mayRead,
  readableRanges,
  requireTopicReader,
  checkTopicSender,
  requireTopicSender,
  requireTopicWriter,
  senderAccess,
  visibleRanges,
  type TopicAccess,
} from '../topics/topics.access.js';
import { findTopic, publishAll, type ChatDeps } from '../topics/topics.service.js';
import { normalizeType, type CheckedFile } from './message-upload.js';
import { toMessage, toMessages } from './messages.mapper.js';
import * as repo from './messages.repository.js';
import { accessCacheOf } from './poll-cache.js';
import { precheckSend } from './send-precheck.js';
import { type MessageRow } from './messages.table.js';

export interface MessageDeps extends ChatDeps {
  storage: Storage;
}

export interface SendMessageInput {
  topicId: number;
  content: string;
  clientId?: string;
  files: CheckedFile[];
}

export function attachmentCosts(settings: Settings): AttachmentCosts {
  return {
    ...(Object.fromEntries(attachmentTypes.map((type) => [type, settings[attachmentCostSetting(type)]])) as Record<AttachmentType, number>),
    message_symbol_cost: settings.message_symbol_cost,
    max_files: limits.maxFiles,
    max_file_bytes: limits.maxFileBytes,
  };
}

/** Sender pays: symbol cost × code points plus each attachment by type; contributors send for free. */
export function messageCost(settings: Settings, content: string, types: CheckedFile['type'][], isContributor: boolean): number {
  if (isContributor) return 0;
  const costs = attachmentCosts(settings);
  return messageTextCost(content, settings.message_symbol_cost) + types.reduce((sum, type) => sum + costs[type], 0);
}

/** A viewer's page of a topic's messages, ready to name and to read (messages.routes answers from it). */
export interface MessagesPageView {
  topicId: number;
  /**
   * Names what the page shows this viewer for this query: the seq ranges they see (ending at the topic's last
   * seq: a new message, a join or a leave changes it), the people in the topic and whether it is closed.
   */
  version: string;
  /** Whose change changes the page besides its senders: the viewer and the people in the topic. */
  users: number[];
  /** Reads the page: its messages as the viewer sees them, and who sent them. */
  read(): Promise<{ page: MessagesPage; senders: number[] }>;
}

/**
 * A viewer's page, named before it is read. The viewer sees only the messages of their own pairings (the
 * owner: all); the total is a sum of seq-range sizes and a page an index range, so neither grows with the
 * topic's history. The viewer's access is kept in the instance's access cache (poll-cache.ts), so naming the
 * page of a conversation where nothing happened reads nothing; the route answers 304 or a kept page from
 * the name alone (page-cache.ts).
 */
export async function openMessagesPage(deps: ChatDeps, userId: number, query: MessagesIndexQuery): Promise<MessagesPageView> {
  const cache = accessCacheOf(deps.bus);
  let access = cache.find(query.topic_id, userId);
  if (!access) {
    const startedMs = Date.now();
    access = await loadTopicAccess(deps.db, userId, query.topic_id);
    cache.keep(query.topic_id, userId, access, startedMs);
  }
  if (!mayRead(access, userId)) throw forbidden(access.topic);
  const { topic } = access;
  const ranges = visibleRanges(access, userId);
  const seen = ranges.map(([lo, hi]) => `${lo}:${hi}`).join(',');
  const q = [query.page, query.page_size, query.order_by, query.order_dir, query.after_id ?? ''].join('.');
  return {
    topicId: topic.id,
    version: `m${topic.id}-${seen}-${userId}-${topic.participants_count}-${topic.is_closed}-${q}`,
    users: [userId, ...access.active.map((p) => p.user_id)],
    read: async () => {
      const rows =
        query.after_id !== undefined
          ? await repo.listMessagesAfter(deps.db, topic.id, query.after_id, query.page_size, ranges)
          : await repo.listMessagesInRanges(
              deps.db,
              topic.id,
              pageRanges(ranges, (query.page - 1) * query.page_size, query.page_size, query.order_dir),
              query.order_dir,
            );
      const data = await presentMessages(deps.db, rows, userId, topic.companion_name);
      return { page: { data, meta: pageMeta(query.page, query.page_size, visibleCount(ranges)) }, senders: [...senderIdsOf(rows)] };
    },
  };
}

/** Message rows as one viewer sees them (null: as everyone sees them), read with their attachments and senders' names. */
export async function presentMessages(db: DbOrTrx, rows: MessageRow[], viewerId: number | null, companionName: string): Promise<Message[]> {
  return toMessages(await repo.readMessageDetails(db, rows), viewerId, companionName);
}

const senderIdsOf = (rows: MessageRow[]) => new Set(rows.flatMap((r) => (r.sender_id === null ? [] : [r.sender_id])));

/** The message rows of some seq ranges of a topic (reports keep them as evidence). */
export const listMessageRows = (db: Db, topicId: number, ranges: readonly SeqRange[], direction: 'asc' | 'desc') =>
  repo.listMessagesInRanges(db, topicId, ranges, direction);

/** For a reconnecting WebSocket: this user's visible messages after `afterId`, as they see them. */
export async function listMessagesAfterFor(db: Db, userId: number, topicId: number, afterId: number, limit: number) {
  const ranges = await readableRanges(db, userId, topicId);
  const topic = ranges && (await findTopic(db, topicId));
  if (!ranges || !topic) return [];
  const rows = await repo.listMessagesAfter(db, topicId, afterId, limit, ranges);
  return presentMessages(db, rows, userId, topic.companion_name);
}

/** An attachment, for a viewer who may see the message it belongs to; else the chat's 403. */
export async function getAttachmentForViewer(deps: ChatDeps, userId: number, attachmentId: number) {
  const attachment = await repo.findAttachmentWithTopic(deps.db, attachmentId);
  if (!attachment) throw new AppError('NOT_FOUND', texts.common.routeNotFound);
  const access = await requireTopicReader(deps.db, userId, attachment.topic_id);
  if (!isSeqVisible(visibleRanges(access, userId), attachment.seq)) throw forbidden(access.topic);
  return attachment;
}

async function storeFiles(storage: Storage, files: CheckedFile[]): Promise<string[]> {
  const keys: string[] = [];
  try {
    // One file in memory at a time, and only for a sender who passed the checks.
    for (const file of files) keys.push(await storage.put(await readFile(file.path)));
    return keys;
  } catch (error) {
    await removeFiles(storage, keys);
    throw error;
  }
}

async function removeFiles(storage: Storage, keys: string[]) {
  for (const key of keys) await storage.delete(key).catch(() => undefined);
}

/**
 * An upload's refusals before any file is read (issue 31): from the fields that precede the files, the
 * sender's seat and the coins for the text and the declared attachments (the cheapest one when the types
 * come later), as the send checks them (send-precheck.ts). The send checks the whole again.
 */
export async function precheckUpload(deps: MessageDeps, user: UserRow, input: { topicId: number; content: string; types: string[] }) {
  const settings = await getSettings(deps.db);
  const costs = attachmentCosts(settings);
  const cheapest = attachmentTypes.reduce((a, b) => (costs[b] < costs[a] ? b : a));
  const types = input.types.length > 0 ? input.types.map(normalizeType) : [cheapest];
  await precheckSend(deps, user, input.topicId, messageCost(settings, input.content.trim(), types, user.is_contributor === 1));
}

/**
 * Stores a user's message and charges it in one transaction: the insert, the
 * attachments, the debit and the contributor's share commit together or not at
 * all. Files written before the transaction are removed when it fails.
 */
export async function sendMessage(
  deps: MessageDeps,
  user: UserRow,
  input: SendMessageInput,
): Promise<{ message: Message; balance: number; crisis?: CrisisCard } | { held: HeldMessage; balance: number; crisis?: CrisisCard }> {
  const typed = input.content.trim();
  if (typed.length === 0 && input.files.length === 0) throw new AppError('VALIDATION', texts.chat.messageRequired, { content: [texts.chat.messageRequired] });
  const settings = await getSettings(deps.db);
  // The sender pays for what they typed; the stored text may be masked (issue 15).
  const cost = messageCost(
    settings,
    typed,
    input.files.map((f) => f.type),
    user.is_contributor === 1,
  );
  // Cheap refusals first (topic, seat, adult, coins): an unpaid send never reaches the content filter.
  try {
    await precheckSend(deps, user, input.topicId, cost);
  } catch (error) {
    // A retried send that was stored before is answered with it, whatever the balance says now.
    const previous = input.clientId ? await repo.findMessageByClientId(deps.db, user.id, input.clientId) : undefined;
    if (previous) return replay(deps, user, previous);
    throw error;
  }
  // Crisis care (issue 36 §1): the offline recogniser in memory; the optional endpoint runs beside the write.
  const risk = typed.length > 0 ? assessRisk(deps.db, typed) : Promise.resolve(null);
  const verdict = typed.length > 0 ? await checkText(deps.db, typed) : null;
  if (verdict?.action === 'refuse') {
    await recordRefusal(deps, user.id, input.topicId, verdict.ruleId, input.clientId);
    throw new AppError('VALIDATION', texts.contentRules.refused, { content: [texts.contentRules.refused] });
  }
  const content = verdict?.text ?? typed;
  if (verdict?.action === 'hold') {
    if (input.files.length > 0) throw new AppError('VALIDATION', texts.contentRules.heldWithFiles, { content: [texts.contentRules.heldWithFiles] });
    const held = await holdMessage(deps, user, { topicId: input.topicId, content, cost, clientId: input.clientId, ruleId: verdict.ruleId });
    // Held for review: nobody else sees it yet (moderators review it anyway); the writer gets the card all the same.
    const assessment = await risk;
    return assessment
      ? {
          ...held,
          crisis: await handleRiskySend(deps, { writerId: user.id, topicId: input.topicId, isHumanChat: false, participants: [], source: assessment.source }),
        }
      : held;
  }

  if (input.clientId) {
    const previous = await repo.findMessageByClientId(deps.db, user.id, input.clientId);
    if (previous) return replay(deps, user, previous);
  }
  // Checked again inside the transaction; this early check keeps outsiders from writing files at all.
  if (input.files.length > 0) await requireTopicWriter(deps.db, user.id, input.topicId);
  // The sender's equipped skin at send time travels with the message (store module; cached per user, outside the transaction).
  const look = await getSenderLook(deps, user.id);
  const keys = await storeFiles(deps.storage, input.files);
  let outcome: Awaited<ReturnType<typeof insertAndCharge>>;
  try {
    // Sends arriving together share one transaction (group commit); each is acknowledged only after it. No
    // two batches in flight share the topic's row, the sender's or a contributor's it credits (issue 38 §0).
    const committer = groupCommitOf(deps.db);
    const topicKey = `topic:${input.topicId}`;
    outcome = await committer.run(
      (trx) => insertAndCharge(trx, deps.clock, user, input, { content, cost, look }, keys, settings),
      [topicKey, `user:${user.id}`],
    );
    committer.learn(topicKey, creditedKeys(outcome.active));
  } catch (error) {
    await removeFiles(deps.storage, keys);
    const duplicate = input.clientId ? await repo.findMessageByClientId(deps.db, user.id, input.clientId) : undefined;
    if (duplicate) return replay(deps, user, duplicate);
    throw error;
  }
  const { message, attachments, topic, events } = outcome;
  const balance = outcome.balance ?? (await repo.findBalance(deps.db, user.id));
  // Everything the two views need is in hand: the row, its attachments, the sender's chat name.
  const names = new Map([[user.id, publicChatName(user)]]);
  const forSender = toMessage(message, attachments, { viewerId: user.id, companionName: topic.companion_name, names });
  const forEveryone = toMessage(message, attachments, { viewerId: null, companionName: topic.companion_name, names });
  // The hub shows the sender's own sockets their message as 'Me' (senderId never leaves the server).
  await publishAll(deps.bus, [
    {
      type: 'message.created',
      topicId: message.topic_id,
      senderId: user.id,
      ...(input.clientId ? { clientId: input.clientId } : {}),
      chatMode: topic.chat_mode,
      message: forEveryone,
    },
    ...events,
  ]);
  const assessment = await risk;
  if (!assessment) return { message: forSender, balance };
  const crisis = await handleRiskySend(deps, {
    writerId: user.id,
    topicId: message.topic_id,
    isHumanChat: topic.chat_mode === 'human',
    participants: outcome.active,
    source: assessment.source,
  });
  return { message: forSender, balance, crisis };
}

async function insertAndCharge(
  trx: Transaction<Database>,
  clock: Clock,
  user: UserRow,
  input: SendMessageInput,
  { content, cost, look }: { content: string; cost: number; look: SkinLook | null },
  keys: string[],
  settings: Settings,
) {
  const row = {
    topic_id: input.topicId,
    sender_id: user.id,
    sender_kind: 'user' as const,
    content,
    cost,
    look: look ? JSON.stringify(look) : null,
    client_id: input.clientId ?? null,
    created_at: clock.now().toISOString(),
  };
  const sent = await insertIfSender(trx, clock, user, row);
  if (sent instanceof Refusal) return sent;
  const { topic, active, message, charge } = sent;
  const attachments = await repo.insertAttachments(
    trx,
    input.files.map((file, i) => ({
      message_id: message.id,
      type: file.type,
      path: keys[i]!,
      original_filename: file.originalFilename,
      mime: file.mime,
      filesize: file.size,
      created_at: row.created_at,
    })),
  );
  if (!charge) return { message, attachments, topic, active, balance: null, events: [] };
  const { entry } = await charge();
  const events: ChatEvent[] = [{ type: 'balance', userId: user.id, balance: entry.balance_after }];
  const payer = { id: user.id, promoCoins: -entry.promo_amount };
  events.push(...(await creditContributors(trx, clock, message, payer, settings.contributor_share_percent, active)));
  return { message, attachments, topic, active, balance: entry.balance_after, events };
}

/** The balance rows a send in a topic may credit besides the sender's: its contributors' (creditContributors). */
const creditedKeys = (active: TopicAccess['active']) => active.filter((p) => p.is_contributor === 1).map((p) => `user:${p.user_id}`);

/** The sender pays for their message: a ledger debit keyed by the message. */
const messageCharge = (user: UserRow, cost: number) => ({
  userId: user.id,
  amount: -cost,
  kind: 'message' as const,
  insufficientMessage: localized('chat.notEnoughCoins', { cost }),
});

/** The send's one statement on either database (messages.repository#sendStatement), with the other modules' parts. */
const storeMessage = repo.sendStatement({ access: senderAccess, spend: spendForRow });

/**
 * The message at the topic's next seq and its charge, if the sender may write and pay (messages.repository#
 * sendStatement: one round trip on PostgreSQL), then the refusals over what it read, in their order: the
 * writer rule (topics.access#checkTopicSender), adults only for human chats, then the coins and limits. A
 * refusal is returned (group commit's `refusal`: its batch commits) when the statement wrote nothing, which is
 * the case unless the topic changed between the statement's read and its write: then it is thrown, and the
 * batch is rolled back and run again one send at a time. `charge` settles the message's entry.
 */
async function insertIfSender(trx: Transaction<Database>, clock: Clock, user: UserRow, row: Parameters<typeof storeMessage>[1]) {
  const posting = row.cost > 0 ? postForRow(clock, { ...messageCharge(user, row.cost), keyPrefix: 'message:', referenceType: 'message' }) : undefined;
  const { access, message, posted } = await storeMessage(trx, row, user.adult_confirmed_at !== null, posting);
  let checked: Awaited<ReturnType<typeof checkTopicSender>>;
  try {
    checked = await checkTopicSender(trx, user.id, access);
    if (checked.topic.chat_mode === 'human') assertAdult(user);
    if (posting && posted?.balance === null) await posting.refuse(trx);
    // Nothing refused, nothing written: the topic changed after the statement's read (closed meanwhile).
    if (!message) checked = await requireTopicSender(trx, user.id, row.topic_id);
  } catch (error) {
    if (!message && (posted?.balance ?? null) === null) return refusal(error);
    throw error;
  }
  if (!message) throw new Error(`send to topic ${row.topic_id}: the topic changed while it was written`);
  const { topic, active } = checked;
  return { topic, active, message, charge: posting && posted ? () => posting.settle(trx, message.id, posted) : undefined };
}

async function replay(deps: ChatDeps, user: UserRow, previous: MessageRow) {
  const topic = await requireTopicReader(deps.db, user.id, previous.topic_id);
  const [message] = await presentMessages(deps.db, [previous], user.id, topic.topic.companion_name);
  return { message: message!, balance: await repo.findBalance(deps.db, user.id) };
}

/**
 * A companion reply (AI engineer's entry point): free, sender_kind 'companion',
 * published as message.created after the commit. Refuses closed or unknown topics.
 */
/** The companion's reply, or (kind system) a notice in the conversation such as 'The AI companion is unavailable…'; free. */
export async function createCompanionMessage(
  db: Db,
  clock: Clock,
  bus: EventBus,
  input: { topicId: number; content: string; kind?: 'companion' | 'system'; variantOf?: number },
): Promise<Message> {
  const topic = await findTopic(db, input.topicId);
  if (!topic) throw new AppError('NOT_FOUND', texts.chat.topicNotFound);
  if (topic.is_closed === 1) throw new AppError('CONFLICT', texts.chat.topicClosed);
  const now = clock.now().toISOString();
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await repo.insertMessageAtNextSeq(trx, {
      topic_id: topic.id,
      sender_id: null,
      sender_kind: input.kind ?? 'companion',
      content: input.content,
      cost: 0,
      look: null,
      client_id: null,
      created_at: now,
    });
    // A regenerated reply joins the group of the reply it replaces (issue 34); the send path never sets it.
    if (input.variantOf === undefined) return inserted;
    await repo.setVariantOf(trx, inserted.id, input.variantOf);
    return { ...inserted, variant_of: input.variantOf };
  });
  const [message] = await presentMessages(db, [row], null, topic.companion_name);
  await publishAll(bus, [{ type: 'message.created', topicId: topic.id, message: message! }]);
  return message!;
}

/** A companion message as every reader of its topic sees it (it names nobody). */
export async function getCompanionMessage(db: Db, messageId: number): Promise<Message | null> {
  const row = await repo.findMessageById(db, messageId);
  const topic = row && (await findTopic(db, row.topic_id));
  if (!row || !topic || row.sender_kind !== 'companion') return null;
  const [message] = await presentMessages(db, [row], null, topic.companion_name);
  return message ?? null;
}

export async function loadAttachmentCosts(db: Db) {
  return attachmentCosts(await getSettings(db));
}

/** The last `limit` messages of a topic, oldest first: the companion's conversation context. */
export async function listRecentMessages(db: Db, topicId: number, limit: number): Promise<Message[]> {
  const topic = await findTopic(db, topicId);
  if (!topic) return [];
  const rows = await repo.listMessagesInRanges(db, topicId, pageRanges([[0, topic.last_seq]], 0, limit, 'desc'), 'desc');
  return presentMessages(db, rows.reverse(), null, topic.companion_name);
}

/** A stored message by id, for other modules (the companion reads the message it answers). */
export function findMessage(db: DbOrTrx, id: number) {
  return repo.findMessageById(db, id);
}

/**
 * A message refused by a content rule is an automated decision: its writer gets a statement of reasons
 * (issue 36 §2), once per client id (a retried send does not repeat it). Nothing is charged or stored besides.
 */
async function recordRefusal(deps: ChatDeps, userId: number, topicId: number, ruleId: number | null, clientId: string | undefined) {
  await deps.db.transaction().execute((trx) =>
    recordStatement(trx, {
      userId,
      type: 'content_refused',
      subject: { type: 'topic', id: topicId },
      groundDetail: ruleId ? String(ruleId) : null,
      decidedBy: null,
      dedupeKey: `refused:${userId}:${clientId ?? randomUUID()}`,
      now: deps.clock.now().toISOString(),
    }),
  );
}
