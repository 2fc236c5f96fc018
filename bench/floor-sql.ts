/**
 * The SQL of the floor server (bench/floor.ts, issue 38): per dialect, the statements each route runs for a
 * request on a session not in memory, in order, as the routes' Kysely builders compile them.
 * apps/server/test/floor-sql.test.ts runs the routes and fails when their SQL and this text part.
 */
export type FloorRoute = 'isAuth' | 'rooms' | 'topics' | 'firstPage';
export type FloorDialect = 'sqlite' | 'postgres';

/** A list of n parameters: `?, ?` on SQLite, `$from, $from+1` on PostgreSQL. */
const list = (dialect: FloorDialect, n: number, from: number) => Array.from({ length: n }, (_, i) => (dialect === 'sqlite' ? '?' : `$${from + i}`)).join(', ');

export const sql = {
  sqlite: {
    session:
      'select "users".*, "sessions"."id" as "session_id", "sessions"."expires_at" as "session_expires_at", "sessions"."last_seen_at" as "session_last_seen_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where "sessions"."id" = ?',
    rooms: 'select "id", "title", "border_color" from "rooms" where "is_hidden" = ? order by "position", "id" limit ? offset ?',
    roomsCount: 'select count(*) as "n" from "rooms" where "is_hidden" = ?',
    roomsTranslations: (n: number) =>
      `select "row_id", "field", "text" from "content_translations" where "table_name" = ? and "language_id" = ? and "row_id" in (${list('sqlite', n, 3)}) and "field" in (?)`,
    topicsHighlighted:
      'select "topics".*, "r"."title" as "room_title", "r"."border_color" as "room_border_color", "o"."channel_expire_at" as "owner_channel_expire_at", "o"."chat_name" as "owner_chat_name", "o"."contributor_nickname" as "owner_contributor_nickname", "o"."is_contributor" as "owner_is_contributor", "g"."user_id" as "guest_user_id", "gu"."chat_name" as "guest_chat_name", "gu"."contributor_nickname" as "guest_contributor_nickname", "gu"."is_contributor" as "guest_is_contributor" from "topics" inner join "users" as "o" on "o"."id" = "topics"."user_id" left join "rooms" as "r" on "r"."id" = "topics"."room_id" left join "topic_participants" as "g" on "g"."topic_id" = "topics"."id" and "g"."left_at" is null and "g"."user_id" <> "topics"."user_id" left join "users" as "gu" on "gu"."id" = "g"."user_id" where "topics"."is_closed" = ? and "topics"."room_id" = ? and ("topics"."is_highlighted" = ? and "o"."channel_expire_at" > ?) and "topics"."id" <= ? and (not exists (select "b"."id" from "blocks" as "b" where "b"."blocker_id" = ? and "b"."blocked_id" = "topics"."user_id") and not exists (select "b"."id" from "blocks" as "b" where "b"."blocker_id" = "topics"."user_id" and "b"."blocked_id" = ?)) order by "topics"."id" desc limit ?',
    topicsRest:
      'select "topics".*, "r"."title" as "room_title", "r"."border_color" as "room_border_color", "o"."channel_expire_at" as "owner_channel_expire_at", "o"."chat_name" as "owner_chat_name", "o"."contributor_nickname" as "owner_contributor_nickname", "o"."is_contributor" as "owner_is_contributor", "g"."user_id" as "guest_user_id", "gu"."chat_name" as "guest_chat_name", "gu"."contributor_nickname" as "guest_contributor_nickname", "gu"."is_contributor" as "guest_is_contributor" from "topics" inner join "users" as "o" on "o"."id" = "topics"."user_id" left join "rooms" as "r" on "r"."id" = "topics"."room_id" left join "topic_participants" as "g" on "g"."topic_id" = "topics"."id" and "g"."left_at" is null and "g"."user_id" <> "topics"."user_id" left join "users" as "gu" on "gu"."id" = "g"."user_id" where "topics"."is_closed" = ? and "topics"."room_id" = ? and ("topics"."is_highlighted" = ? or "o"."channel_expire_at" is null or "o"."channel_expire_at" <= ?) and "topics"."id" <= ? and (not exists (select "b"."id" from "blocks" as "b" where "b"."blocker_id" = ? and "b"."blocked_id" = "topics"."user_id") and not exists (select "b"."id" from "blocks" as "b" where "b"."blocker_id" = "topics"."user_id" and "b"."blocked_id" = ?)) order by "topics"."id" desc limit ?',
    topicAccess:
      'select "topics".*, "p"."id" as "p_id", "p"."user_id" as "p_user_id", "p"."left_at" as "p_left_at", "p"."joined_at" as "p_joined_at", "p"."from_seq" as "p_from_seq", "p"."to_seq" as "p_to_seq", "pu"."is_contributor" as "p_is_contributor" from "topics" left join "topic_participants" as "p" on "p"."topic_id" = "topics"."id" and ("p"."user_id" = ? or "p"."left_at" is null) left join "users" as "pu" on "pu"."id" = "p"."user_id" where "topics"."id" = ?',
    messages:
      'select "messages".*, "sender"."chat_name" as "sender_chat_name", "sender"."contributor_nickname" as "sender_contributor_nickname", "sender"."is_contributor" as "sender_is_contributor" from "messages" left join "users" as "sender" on "sender"."id" = "messages"."sender_id" where "messages"."topic_id" = ? and "messages"."seq" > ? and "messages"."seq" <= ? order by "messages"."seq" desc',
    attachments: (n: number) => `select * from "attachments" where "message_id" in (${list('sqlite', n, 1)}) order by "id"`,
  },
  postgres: {
    session:
      'select "users".*, "sessions"."id" as "session_id", "sessions"."expires_at" as "session_expires_at", "sessions"."last_seen_at" as "session_last_seen_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where "sessions"."id" = $1',
    rooms: 'select "id", "title", "border_color" from "rooms" where "is_hidden" = $1 order by "position", "id" limit $2 offset $3',
    roomsCount: 'select count(*) as "n" from "rooms" where "is_hidden" = $1',
    roomsTranslations: (n: number) =>
      `select "row_id", "field", "text" from "content_translations" where "table_name" = $1 and "language_id" = $2 and "row_id" in (${list('postgres', n, 3)}) and "field" in ($${n + 3})`,
    topicsHighlighted:
      'select "topics".*, "r"."title" as "room_title", "r"."border_color" as "room_border_color", "o"."channel_expire_at" as "owner_channel_expire_at", "o"."chat_name" as "owner_chat_name", "o"."contributor_nickname" as "owner_contributor_nickname", "o"."is_contributor" as "owner_is_contributor", "g"."user_id" as "guest_user_id", "gu"."chat_name" as "guest_chat_name", "gu"."contributor_nickname" as "guest_contributor_nickname", "gu"."is_contributor" as "guest_is_contributor" from "topics" inner join "users" as "o" on "o"."id" = "topics"."user_id" left join "rooms" as "r" on "r"."id" = "topics"."room_id" left join "topic_participants" as "g" on "g"."topic_id" = "topics"."id" and "g"."left_at" is null and "g"."user_id" <> "topics"."user_id" left join "users" as "gu" on "gu"."id" = "g"."user_id" where "topics"."is_closed" = $1 and "topics"."room_id" = $2 and ("topics"."is_highlighted" = $3 and "o"."channel_expire_at" > $4) and "topics"."id" <= $5 and (not exists (select "b"."id" from "blocks" as "b" where "b"."blocker_id" = $6 and "b"."blocked_id" = "topics"."user_id") and not exists (select "b"."id" from "blocks" as "b" where "b"."blocker_id" = "topics"."user_id" and "b"."blocked_id" = $7)) order by "topics"."id" desc limit $8',
    topicsRest:
      'select "topics".*, "r"."title" as "room_title", "r"."border_color" as "room_border_color", "o"."channel_expire_at" as "owner_channel_expire_at", "o"."chat_name" as "owner_chat_name", "o"."contributor_nickname" as "owner_contributor_nickname", "o"."is_contributor" as "owner_is_contributor", "g"."user_id" as "guest_user_id", "gu"."chat_name" as "guest_chat_name", "gu"."contributor_nickname" as "guest_contributor_nickname", "gu"."is_contributor" as "guest_is_contributor" from "topics" inner join "users" as "o" on "o"."id" = "topics"."user_id" left join "rooms" as "r" on "r"."id" = "topics"."room_id" left join "topic_participants" as "g" on "g"."topic_id" = "topics"."id" and "g"."left_at" is null and "g"."user_id" <> "topics"."user_id" left join "users" as "gu" on "gu"."id" = "g"."user_id" where "topics"."is_closed" = $1 and "topics"."room_id" = $2 and ("topics"."is_highlighted" = $3 or "o"."channel_expire_at" is null or "o"."channel_expire_at" <= $4) and "topics"."id" <= $5 and (not exists (select "b"."id" from "blocks" as "b" where "b"."blocker_id" = $6 and "b"."blocked_id" = "topics"."user_id") and not exists (select "b"."id" from "blocks" as "b" where "b"."blocker_id" = "topics"."user_id" and "b"."blocked_id" = $7)) order by "topics"."id" desc limit $8',
    topicAccess:
      'select "topics".*, "p"."id" as "p_id", "p"."user_id" as "p_user_id", "p"."left_at" as "p_left_at", "p"."joined_at" as "p_joined_at", "p"."from_seq" as "p_from_seq", "p"."to_seq" as "p_to_seq", "pu"."is_contributor" as "p_is_contributor" from "topics" left join "topic_participants" as "p" on "p"."topic_id" = "topics"."id" and ("p"."user_id" = $1 or "p"."left_at" is null) left join "users" as "pu" on "pu"."id" = "p"."user_id" where "topics"."id" = $2',
    messages:
      'select "messages".*, "sender"."chat_name" as "sender_chat_name", "sender"."contributor_nickname" as "sender_contributor_nickname", "sender"."is_contributor" as "sender_is_contributor" from "messages" left join "users" as "sender" on "sender"."id" = "messages"."sender_id" where "messages"."topic_id" = $1 and "messages"."seq" > $2 and "messages"."seq" <= $3 order by "messages"."seq" desc',
    attachments: (n: number) => `select * from "attachments" where "message_id" in (${list('postgres', n, 1)}) order by "id"`,
  },
};

/** What each route runs, for a page of `rooms` rooms and a chat page of `messages` messages (floor-sql.test.ts). */
export function floorStatements(dialect: FloorDialect, rooms: number, messages: number): Record<FloorRoute, string[]> {
  const s = sql[dialect];
  return {
    isAuth: [s.session],
    rooms: [s.session, s.rooms, s.roomsCount, s.roomsTranslations(rooms)],
    topics: [s.session, s.topicsHighlighted, s.topicsRest],
    firstPage: [s.session, s.topicAccess, s.messages, s.attachments(messages)],
  };
}
