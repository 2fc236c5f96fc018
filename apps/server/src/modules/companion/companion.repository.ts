import { type Insertable, sql, type Updateable } from 'kysely';
import { type DbOrTrx } from '../../db/database.js';
import { type CompanionPersonasTable, type CompanionReplyRow, type LlmConnectionTable } from './companion.table.js';

export function findPendingReply(db: DbOrTrx, topicId: number) {
  return db.selectFrom('companion_replies').selectAll().where('topic_id', '=', topicId).where('status', '=', 'pending').executeTakeFirst();
}

/**
 * Whether a reply of any state already answers this message or a later one: every instance hears the
 * message's event, and one that hears it after the reply was written must not schedule a second.
 */
export async function hasReplyCovering(db: DbOrTrx, topicId: number, messageId: number) {
  const row = await db
    .selectFrom('companion_replies')
    .select('id')
    .where('topic_id', '=', topicId)
    .where('last_user_message_id', '>=', messageId)
    .executeTakeFirst();
  return row !== undefined;
}

export function insertPendingReply(db: DbOrTrx, topicId: number, lastUserMessageId: number, dueAt: string, now: string) {
  return db
    .insertInto('companion_replies')
    .values({
      topic_id: topicId,
      first_user_message_id: lastUserMessageId,
      last_user_message_id: lastUserMessageId,
      status: 'pending',
      due_at: dueAt,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Extends a pending reply to a newer user message; false when another event got there first. */
export async function extendPendingReply(db: DbOrTrx, row: CompanionReplyRow, lastUserMessageId: number, dueAt: string, now: string) {
  const result = await db
    .updateTable('companion_replies')
    .set({ last_user_message_id: lastUserMessageId, due_at: dueAt, updated_at: now })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where('last_user_message_id', '<', lastUserMessageId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findNextDueAt(db: DbOrTrx) {
  return db
    .selectFrom('companion_replies')
    .select((eb) => eb.fn.min('due_at').as('due_at'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** The conditional claim: of two instances racing for one row, exactly one gets it. */
export async function claimReply(db: DbOrTrx, id: number, instanceId: string, now: string) {
  const result = await db
    .updateTable('companion_replies')
    .set({ status: 'processing', claimed_by: instanceId, claimed_at: now, attempts: sql<number>`attempts + 1`, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('due_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findReplyById(db: DbOrTrx, id: number) {
  return db.selectFrom('companion_replies').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Ends a claimed row; false when it was cancelled meanwhile (the user left, the mode changed). */
export async function finishReply(
  db: DbOrTrx,
  id: number,
  instanceId: string,
  change: {
    status: 'sent' | 'failed' | 'cancelled';
    replyMessageId?: number;
    error?: string;
    usage?: {
      personaId: number | null;
      model: string;
      promptTokens: number | null;
      completionTokens: number | null;
      latencyMs: number;
      firstTokenMs: number | null;
    };
  },
  now: string,
) {
  const { usage } = change;
  const result = await db
    .updateTable('companion_replies')
    .set({
      status: change.status,
      reply_message_id: change.replyMessageId ?? null,
      error: change.error?.slice(0, 255) ?? null,
      updated_at: now,
      ...(usage
        ? {
            persona_id: usage.personaId,
            model: usage.model,
            prompt_tokens: usage.promptTokens,
            completion_tokens: usage.completionTokens,
            latency_ms: usage.latencyMs,
            first_token_ms: usage.firstTokenMs,
          }
        : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where('claimed_by', '=', instanceId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Hands a claimed row back (shutdown, expired lease); it becomes due again at once. */
export async function releaseReply(db: DbOrTrx, id: number, claimedBy: string | null, now: string) {
  let query = db
    .updateTable('companion_replies')
    .set({ status: 'pending', claimed_by: null, claimed_at: null, due_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'processing');
  query = claimedBy === null ? query : query.where('claimed_by', '=', claimedBy);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Cancels what is waiting or being written for a topic; returns how many rows. */
export async function cancelReplies(db: DbOrTrx, topicId: number, reason: string, now: string) {
  const result = await db
    .updateTable('companion_replies')
    .set({ status: 'cancelled', error: reason, updated_at: now })
    .where('topic_id', '=', topicId)
    .where('status', 'in', ['pending', 'processing'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The last `limit` user and companion messages (up to `upToId`, a regeneration's message), newest first, with the
 * senders' chat names. A reply that was regenerated is left out: the conversation goes on from its newest sibling.
 */
export function listRecentConversation(db: DbOrTrx, topicId: number, limit: number, upToId?: number) {
  let query = db
    .selectFrom('messages')
    .leftJoin('users', 'users.id', 'messages.sender_id')
    // The chat name, not the account name: the provider never learns who the user is.
    .select(['messages.id', 'messages.sender_kind', 'messages.content', 'users.chat_name as sender_name'])
    .where('messages.topic_id', '=', topicId)
    .where('messages.sender_kind', 'in', ['user', 'companion'])
    .where(({ not, exists, selectFrom, fn }) =>
      not(
        exists(
          selectFrom('messages as v')
            .select('v.id')
            .whereRef('v.topic_id', '=', 'messages.topic_id')
            .whereRef('v.id', '>', 'messages.id')
            .where('v.variant_of', '=', fn.coalesce('messages.variant_of', 'messages.id')),
        ),
      ),
    );
  if (upToId !== undefined) query = query.where('messages.id', '<=', upToId);
  return query.orderBy('messages.id', 'desc').limit(limit).execute();
}

/** The newest user message after `afterId`, if any (one sent while a regeneration was about to start). */
export async function findLastUserMessageAfter(db: DbOrTrx, topicId: number, afterId: number) {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('topic_id', '=', topicId)
    .where('sender_kind', '=', 'user')
    .where('id', '>', afterId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id;
}

/** The reply waiting or being written in a topic, if any. */
export function findOpenReply(db: DbOrTrx, topicId: number) {
  return db
    .selectFrom('companion_replies')
    .selectAll()
    .where('topic_id', '=', topicId)
    .where('status', 'in', ['pending', 'processing'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Stop before the reply was claimed: it is cancelled (false when it was claimed meanwhile). */
export async function stopPendingReply(db: DbOrTrx, id: number, now: string) {
  const result = await db
    .updateTable('companion_replies')
    .set({ status: 'cancelled', error: 'stopped', stopped_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Stop while it is written: marked on the row (the writer looks once it tracks the reply), false when it is over. */
export async function markReplyStopped(db: DbOrTrx, id: number, now: string) {
  const result = await db
    .updateTable('companion_replies')
    .set({ stopped_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where('stopped_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The topic's last user or companion message (only the last reply can be regenerated). */
export function findLastConversationMessage(db: DbOrTrx, topicId: number) {
  return db
    .selectFrom('messages')
    .select(['id', 'sender_kind', 'variant_of'])
    .where('topic_id', '=', topicId)
    .where('sender_kind', 'in', ['user', 'companion'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The user message a reply answered: the last one before it. */
export async function findUserMessageBefore(db: DbOrTrx, topicId: number, beforeId: number) {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('topic_id', '=', topicId)
    .where('sender_kind', '=', 'user')
    .where('id', '<', beforeId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id;
}

/** A regeneration: a reply to the same message, due now, naming the message it replaces. */
export function insertRegeneration(db: DbOrTrx, topicId: number, userMessageId: number, regeneratesMessageId: number, now: string) {
  return db
    .insertInto('companion_replies')
    .values({
      topic_id: topicId,
      first_user_message_id: userMessageId,
      last_user_message_id: userMessageId,
      regenerates_message_id: regeneratesMessageId,
      status: 'pending',
      due_at: now,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether the companion already answered after a given message (a reclaimed row must not reply twice). */
export async function hasCompanionReplyAfter(db: DbOrTrx, topicId: number, messageId: number) {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('topic_id', '=', topicId)
    .where('sender_kind', '=', 'companion')
    .where('id', '>', messageId)
    .executeTakeFirst();
  return row?.id;
}

/** Whether the companion is about to answer in a topic (its 'Writing...' state). */
export async function hasOpenReply(db: DbOrTrx, topicId: number) {
  const row = await db
    .selectFrom('companion_replies')
    .select('id')
    .where('topic_id', '=', topicId)
    .where('status', 'in', ['pending', 'processing'])
    .executeTakeFirst();
  return row !== undefined;
}

export async function countActiveHumans(db: DbOrTrx, topicId: number) {
  const row = await db
    .selectFrom('topic_participants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('topic_id', '=', topicId)
    .where('left_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Open ai-mode topics whose latest activity is a user's message that no reply row
 * covers and no companion message follows: the process died after that message
 * committed and before its reply was scheduled (a message touches its topic, so
 * older messages of a topic that changed since, e.g. switched to ai mode, are left alone).
 */
export function listUnscheduledAiTopics(db: DbOrTrx, limit: number) {
  return db
    .selectFrom('topics as t')
    .innerJoin('messages as m', 'm.topic_id', 't.id')
    .select((eb) => ['t.id as topic_id', eb.fn.max('m.id').as('last_user_message_id')])
    .where('t.chat_mode', '=', 'ai')
    .where('t.is_closed', '=', 0)
    .where('m.sender_kind', '=', 'user')
    .whereRef('m.created_at', '>=', 't.updated_at')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('companion_replies as r').select('r.id').whereRef('r.topic_id', '=', 't.id').whereRef('r.last_user_message_id', '>=', 'm.id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('messages as c').select('c.id').whereRef('c.topic_id', '=', 't.id').where('c.sender_kind', '=', 'companion').whereRef('c.id', '>', 'm.id'),
        ),
      ),
    )
    .groupBy('t.id')
    .limit(limit)
    .execute();
}

/** The user's paid messages a reply was to answer (its burst), with what each cost. */
export function listBurstCharges(db: DbOrTrx, row: Pick<CompanionReplyRow, 'topic_id' | 'first_user_message_id' | 'last_user_message_id'>) {
  return db
    .selectFrom('messages')
    .select(['id', 'sender_id', 'cost'])
    .where('topic_id', '=', row.topic_id)
    .where('sender_kind', '=', 'user')
    .where('id', '>=', row.first_user_message_id ?? row.last_user_message_id)
    .where('id', '<=', row.last_user_message_id)
    .where('cost', '>', 0)
    .execute();
}

export function setRefundedCoins(db: DbOrTrx, id: number, coins: number) {
  return db.updateTable('companion_replies').set({ refunded_coins: coins }).where('id', '=', id).execute();
}

/** The companion's own last replies in a topic, newest first. */
export async function listRecentCompanionReplies(db: DbOrTrx, topicId: number, limit: number) {
  const rows = await db
    .selectFrom('messages')
    .select('content')
    .where('topic_id', '=', topicId)
    .where('sender_kind', '=', 'companion')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.content);
}

/** Tokens used by replies finished since a time (this month's budget). */
export async function sumTokensSince(db: DbOrTrx, since: string) {
  const row = await db
    .selectFrom('companion_replies')
    .select((eb) => eb.fn.sum<string | number | null>(sql`coalesce(prompt_tokens, 0) + coalesce(completion_tokens, 0)`).as('tokens'))
    .where('updated_at', '>=', since)
    .where('status', '=', 'sent')
    .executeTakeFirstOrThrow();
  return Number(row.tokens ?? 0);
}

/** Replies and tokens since a time, grouped by day, persona or topic. */
export function usageSince(db: DbOrTrx, since: string, by: 'day' | 'persona' | 'topic') {
  const key = by === 'day' ? sql<string>`substr(updated_at, 1, 10)` : by === 'persona' ? sql<string>`coalesce(persona_id, 0)` : sql<string>`topic_id`;
  return db
    .selectFrom('companion_replies')
    .select([
      key.as('key'),
      (eb) => eb.fn.countAll<string | number>().as('replies'),
      (eb) => eb.fn.sum<string | number | null>(sql`coalesce(prompt_tokens, 0) + coalesce(completion_tokens, 0)`).as('tokens'),
    ])
    .where('updated_at', '>=', since)
    .where('status', '=', 'sent')
    .groupBy(key)
    .orderBy(key, 'desc')
    .limit(100)
    .execute();
}

export function listPersonas(db: DbOrTrx) {
  return db.selectFrom('companion_personas').selectAll().orderBy('id').execute();
}

export function findPersona(db: DbOrTrx, id: number) {
  return db.selectFrom('companion_personas').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listActivePersonas(db: DbOrTrx) {
  return db.selectFrom('companion_personas').selectAll().where('is_active', '=', 1).orderBy('id').execute();
}

export function insertPersona(db: DbOrTrx, row: Insertable<CompanionPersonasTable>) {
  return db.insertInto('companion_personas').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updatePersona(db: DbOrTrx, id: number, changes: Updateable<CompanionPersonasTable>) {
  return db.updateTable('companion_personas').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deletePersona(db: DbOrTrx, id: number) {
  const result = await db.deleteFrom('companion_personas').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listAdminIds(db: DbOrTrx) {
  return (await db.selectFrom('users').select('id').where('role', '=', 'admin').where('banned_at', 'is', null).execute()).map((row) => row.id);
}

/** The language code a user reads Parley in: their chosen one, else the default language. */
export async function findUserLanguageCode(db: DbOrTrx, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('languages')
    .select('code')
    .where((eb) => eb.or([eb('id', '=', eb.selectFrom('users').select('language_id').where('id', '=', userId)), eb('is_default', '=', 1)]))
    .orderBy((eb) => eb.case().when('is_default', '=', 1).then(1).else(0).end())
    .limit(1)
    .executeTakeFirst();
  return row?.code ?? null;
}

/** The admin's LLM connection: one row (id 1) or none. */
export const findLlmConnection = (db: DbOrTrx) => db.selectFrom('llm_connection').selectAll().where('id', '=', 1).executeTakeFirst();

export async function upsertLlmConnection(db: DbOrTrx, values: Omit<Insertable<LlmConnectionTable>, 'id'>) {
  await db
    .insertInto('llm_connection')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

export async function deleteLlmConnection(db: DbOrTrx) {
  await db.deleteFrom('llm_connection').where('id', '=', 1).execute();
}

export async function setLlmKeySealed(db: DbOrTrx, sealed: string) {
  await db.updateTable('llm_connection').set({ api_key_sealed: sealed }).where('id', '=', 1).execute();
}
