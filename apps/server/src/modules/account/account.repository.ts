import { sql } from 'kysely';
import { type DbOrTrx } from '../../db/database.js';

/**
 * The data-rights read model (issue 15): everything a user owns, across the tables of many
 * features, read for their export. Writes of the deletion live here too. Other modules reach
 * this only through account.service.
 */
export const exportProfile = (db: DbOrTrx, userId: number) =>
  db
    .selectFrom('users')
    .leftJoin('countries', 'countries.id', 'users.country_id')
    .select([
      'users.email',
      'users.name',
      'users.surname',
      'users.phone',
      'users.city',
      'users.address',
      'users.zip',
      'countries.title as country',
      'users.chat_name',
      'users.contributor_nickname',
      'users.is_contributor',
      'users.balance',
      'users.channel_expire_at',
      'users.spend_limit_daily',
      'users.spend_limit_monthly',
      'users.email_verified_at',
      'users.adult_confirmed_at',
      'users.totp_enabled_at',
      'users.created_at',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();

/** The user's own messages, a page at a time (id order), with the title of the topic they were written in. */
export const exportMessagesPage = (db: DbOrTrx, userId: number, afterId: number, limit: number) =>
  db
    .selectFrom('messages')
    .innerJoin('topics', 'topics.id', 'messages.topic_id')
    .select(['messages.id', 'messages.topic_id', 'topics.title as topic_title', 'messages.content', 'messages.cost', 'messages.created_at'])
    .where('messages.sender_id', '=', userId)
    .where('messages.sender_kind', '=', 'user')
    .where('messages.id', '>', afterId)
    .orderBy('messages.id')
    .limit(limit)
    .execute();

export const exportAttachments = (db: DbOrTrx, messageIds: number[]) =>
  messageIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('attachments')
        .select(['id', 'message_id', 'type', 'path', 'original_filename', 'mime', 'filesize'])
        .where('message_id', 'in', messageIds)
        .orderBy('id')
        .execute();

/** Passkeys by name and dates: the credential id and public key are the authenticator's, of no use to a person. */
export const exportPasskeys = (db: DbOrTrx, userId: number) =>
  db.selectFrom('passkeys').select(['name', 'device_type', 'backed_up', 'created_at', 'last_used_at']).where('user_id', '=', userId).orderBy('id').execute();

export const exportOwnTopics = (db: DbOrTrx, userId: number) =>
  db.selectFrom('topics').select(['id', 'title', 'chat_mode', 'is_closed', 'created_at']).where('user_id', '=', userId).orderBy('id').execute();

export const exportLedger = (db: DbOrTrx, userId: number) =>
  db.selectFrom('ledger_entries').select(['id', 'amount', 'kind', 'balance_after', 'note', 'created_at']).where('user_id', '=', userId).orderBy('id').execute();

export const exportDeposits = (db: DbOrTrx, userId: number) =>
  db
    .selectFrom('deposits')
    .select([
      'id',
      'status',
      'points',
      'amount_cents',
      'vat_cents',
      'total_cents',
      'currency',
      'charge_currency',
      'charge_total_cents',
      'refunded_cents',
      'refunded_coins',
      'billing',
      'created_at',
      'completed_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

export const exportOrders = (db: DbOrTrx, userId: number) => db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();

/** Payouts without the sealed destination: the last four characters say which account. */
export const exportPayouts = (db: DbOrTrx, userId: number) =>
  db
    .selectFrom('payouts')
    .select([
      'id',
      'status',
      'method',
      'amount_cents',
      'currency',
      'coins',
      'first_name',
      'last_name',
      'city',
      'address',
      'zip',
      'destination_last4',
      'approved_at',
      'paid_at',
      'rejected_at',
      'rejection_reason',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

export const exportApplications = (db: DbOrTrx, userId: number) =>
  db
    .selectFrom('contributor_applications')
    .select(['id', 'status', 'nickname', 'email', 'experience', 'interests', 'help_description', 'decided_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

/** Whom the user blocked, by the chat name they knew them by (never an id). */
export const exportBlocks = (db: DbOrTrx, userId: number) =>
  db.selectFrom('blocks').select(['blocked_chat_name as chat_name', 'created_at']).where('blocker_id', '=', userId).orderBy('id').execute();

/** The ratings the user gave (issue 35): their stars and words, by topic, never whom they rated. */
export const exportRatingsGiven = (db: DbOrTrx, userId: number) =>
  db.selectFrom('pairing_ratings').select(['topic_id', 'stars', 'text', 'created_at']).where('rater_id', '=', userId).orderBy('id').execute();

/** The tips the user gave, by topic (the recipient is not named). */
export const exportTips = (db: DbOrTrx, userId: number) =>
  db.selectFrom('tips').select(['topic_id', 'amount', 'created_at']).where('payer_id', '=', userId).orderBy('id').execute();

export const exportNotifications = (db: DbOrTrx, userId: number) =>
  db.selectFrom('notifications').select(['kind', 'title', 'body', 'created_at', 'read_at']).where('user_id', '=', userId).orderBy('id').execute();

/**
 * How the person is notified: their digest and quiet-hours settings, the browsers Web Push reaches (the endpoint and
 * dates; the encryption keys are the browser's, of no use to a person) and the conversations they muted, by title.
 */
export const exportNotificationSettings = (db: DbOrTrx, userId: number) =>
  db
    .selectFrom('notification_settings')
    .select(['quiet_start', 'quiet_end', 'time_zone', 'email_digest', 'digest_after_minutes', 'last_digest_at', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const exportPushSubscriptions = (db: DbOrTrx, userId: number) =>
  db.selectFrom('push_subscriptions').select(['endpoint', 'created_at', 'last_sent_at']).where('user_id', '=', userId).orderBy('id').execute();

export const exportMutedConversations = (db: DbOrTrx, userId: number) =>
  db
    .selectFrom('conversation_mutes')
    .innerJoin('topics', 'topics.id', 'conversation_mutes.topic_id')
    .select(['topics.title as topic_title', 'conversation_mutes.created_at'])
    .where('conversation_mutes.user_id', '=', userId)
    .orderBy('conversation_mutes.created_at')
    .execute();

export async function hasPayoutInFlight(db: DbOrTrx, userId: number): Promise<boolean> {
  const row = await db.selectFrom('payouts').select('id').where('user_id', '=', userId).where('status', 'in', ['pending', 'approved']).executeTakeFirst();
  return row !== undefined;
}

export const listOpenParticipations = (db: DbOrTrx, userId: number) =>
  db
    .selectFrom('topic_participants')
    .innerJoin('topics', 'topics.id', 'topic_participants.topic_id')
    .select('topic_participants.topic_id')
    .where('topic_participants.user_id', '=', userId)
    .where('topic_participants.left_at', 'is', null)
    .where('topics.is_closed', '=', 0)
    .execute();

/**
 * Erases the person from the row, in the caller's transaction: what remains is an anonymous
 * tombstone the ledger, orders and payouts still point at. Conditional on not deleted yet.
 */
export async function eraseUser(db: DbOrTrx, userId: number, values: { email: string; passwordHash: string; now: string }): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      email: values.email,
      password_hash: values.passwordHash,
      name: 'Deleted user',
      surname: null,
      phone: null,
      phone_country_code: null,
      phone_national_number: null,
      country_id: null,
      city: null,
      address: null,
      zip: null,
      chat_name: 'Deleted user',
      contributor_nickname: null,
      is_contributor: 0,
      channel_expire_at: null,
      totp_secret: null,
      totp_pending_secret: null,
      totp_enabled_at: null,
      passkey_count: 0,
      deleted_at: values.now,
      updated_at: values.now,
    })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The personal records that have no retention duty: they go with the account. */
export async function deletePersonalRecords(db: DbOrTrx, userId: number) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('email_tokens').where('user_id', '=', userId).execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
  await db.deleteFrom('passkey_challenges').where('user_id', '=', userId).execute();
  await db.deleteFrom('notifications').where('user_id', '=', userId).execute();
  await db
    .deleteFrom('blocks')
    .where((eb) => eb.or([eb('blocker_id', '=', userId), eb('blocked_id', '=', userId)]))
    .execute();
  await db.deleteFrom('contributor_applications').where('user_id', '=', userId).execute();
  // Issue 35: ratings given and received, and the aggregate (tips are accounting records and stay).
  await db
    .deleteFrom('pairing_ratings')
    .where((eb) => eb.or([eb('rater_id', '=', userId), eb('rated_id', '=', userId)]))
    .execute();
  await db.deleteFrom('rating_aggregates').where('user_id', '=', userId).execute();
  await db.deleteFrom('terms_acceptances').where('user_id', '=', userId).execute();
  // Issue 34: devices that received pushes, notification settings, mutes, open tabs, unread news.
  for (const table of ['push_subscriptions', 'notification_settings', 'conversation_mutes', 'topic_viewers', 'conversation_news'] as const)
    await db.deleteFrom(table).where('user_id', '=', userId).execute();
}

/** `value` inside a LIKE pattern, matched literally (with `escape '\'`). */
const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What a deleted account leaves elsewhere (issue 31, finding 11), made anonymous in the deleting
 * transaction: the report snapshots show their messages from 'Deleted user' with unnamed files; jobs
 * that named their address forget it (finished ones) or go (mail still to be sent to them); the sandbox
 * gateway's checkout pages carry the tombstone address. Accounting records stay (decision 021).
 */
export async function anonymiseTraces(db: DbOrTrx, userId: number, email: string, tombstoneEmail: string) {
  const reports = await db
    .selectFrom('reports')
    .select(['id', 'snapshot'])
    .where(sql<boolean>`snapshot like ${`%"sender_id":${userId},%`}`)
    .execute();
  for (const report of reports) {
    const messages = JSON.parse(report.snapshot) as { sender_id: number | null; sender: string; attachments?: { original_filename?: string }[] }[];
    const anonymous = messages.map((m) =>
      m.sender_id === userId ? { ...m, sender: 'Deleted user', attachments: (m.attachments ?? []).map((a) => ({ ...a, original_filename: 'file' })) } : m,
    );
    await db
      .updateTable('reports')
      .set({ snapshot: JSON.stringify(anonymous) })
      .where('id', '=', report.id)
      .execute();
  }

  const naming = sql<boolean>`lower(payload) like ${`%${likeLiteral(JSON.stringify(email.toLowerCase()).slice(1, -1))}%`} escape '\\'`;
  await db.deleteFrom('jobs').where('status', '=', 'pending').where('kind', 'in', ['mail.send', 'auth.mail']).where(naming).execute();
  await db.updateTable('jobs').set({ payload: '{}' }).where('status', '<>', 'pending').where(naming).execute();
  await db
    .updateTable('sandbox_sessions')
    .set({ customer_email: tombstoneEmail })
    .where(sql<boolean>`lower(customer_email) = ${email.toLowerCase()}`)
    .execute();
}
