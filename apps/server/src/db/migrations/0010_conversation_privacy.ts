import { type Kysely, sql } from 'kysely';

/**
 * Each pairing is its own conversation, and people see each other by chat name only.
 *
 * - `messages.seq`: a dense per-topic sequence (1, 2, 3…) written in the send transaction from
 *   `topics.last_seq`. A participant sees the seqs of their own join-to-leave intervals
 *   (`topic_participants.from_seq` < seq ≤ `to_seq`, or ≤ last_seq while in), so a viewer's
 *   total is a difference of numbers and a page is an index range, whatever the history size.
 * - Rejoining is a new pairing: the participation row restarts at the topic's last seq.
 * - `users.chat_name`: the name a user picks (null: a generated alias); `contributor_nickname`:
 *   the approved interlocutor nickname, which takes precedence.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('topics')
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('messages').addColumn('seq', 'integer').execute();
  await db.schema
    .alterTable('topic_participants')
    .addColumn('from_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('topic_participants').addColumn('to_seq', 'integer').execute();
  await db.schema.alterTable('users').addColumn('chat_name', 'varchar(60)').execute();
  await db.schema.alterTable('users').addColumn('contributor_nickname', 'varchar(60)').execute();

  await sql`update messages set seq = (select count(*) from messages m2 where m2.topic_id = messages.topic_id and m2.id <= messages.id)`.execute(db);
  await sql`update topics set last_seq = coalesce((select max(m.seq) from messages m where m.topic_id = topics.id), 0)`.execute(db);
  // Existing partners see what was written from their (last) join on; the owner sees everything.
  await sql`update topic_participants set from_seq = coalesce((select max(m.seq) from messages m
      where m.topic_id = topic_participants.topic_id and m.created_at < topic_participants.joined_at), 0)
    where user_id <> (select t.user_id from topics t where t.id = topic_participants.topic_id)`.execute(db);
  await sql`update topic_participants set to_seq = coalesce((select max(m.seq) from messages m
      where m.topic_id = topic_participants.topic_id and m.created_at <= topic_participants.left_at), 0)
    where left_at is not null`.execute(db);
  await sql`update users set contributor_nickname = (select a.nickname from contributor_applications a
      where a.user_id = users.id and a.status = 'approved' order by a.id desc limit 1)
    where is_contributor = 1`.execute(db);

  await db.schema.createIndex('messages_topic_seq').on('messages').columns(['topic_id', 'seq']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_topic_seq').execute();
  for (const [table, column] of [
    ['users', 'contributor_nickname'],
    ['users', 'chat_name'],
    ['topic_participants', 'to_seq'],
    ['topic_participants', 'from_seq'],
    ['messages', 'seq'],
    ['topics', 'last_seq'],
  ] as const)
    await db.schema.alterTable(table).dropColumn(column).execute();
}
