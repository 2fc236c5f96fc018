import { type ExpressionBuilder } from 'kysely';
import { type Database, type Db, type DbOrTrx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';

/**
 * One page of a room's open topics (issue 38, decision 034g): one statement per segment, read from an index
 * in page order (topics_open_room / topics_open_all: is_closed, room, highlighted, id), blocks an indexed
 * anti-join (blocks_pair, both directions), rooms, owners and the partner in it now joined row by row
 * (primary keys and topic_participants_in_now) — work per topic on the page, never per topic in the room.
 *
 * Two segments, each newest first: the highlighted topics of owners whose channel status is active now
 * (spec §6: they come first), then every other open topic. `upTo` is the cursor (the highest id still to show).
 */
// A type, not an interface: prepared() takes a record of values.
export type TopicsPageValues = { viewerId: number; roomId: number; upTo: number; now: string; limit: number };

const unblocked = (eb: ExpressionBuilder<Database, 'topics'>, viewerId: number) =>
  eb.and([
    eb.not(eb.exists(eb.selectFrom('blocks as b').select('b.id').where('b.blocker_id', '=', viewerId).whereRef('b.blocked_id', '=', 'topics.user_id'))),
    eb.not(eb.exists(eb.selectFrom('blocks as b').select('b.id').whereRef('b.blocker_id', '=', 'topics.user_id').where('b.blocked_id', '=', viewerId))),
  ]);

function page(db: Db, v: TopicsPageValues, scope: 'room' | 'all', segment: 'highlighted' | 'rest') {
  return (
    db
      .selectFrom('topics')
      .innerJoin('users as o', 'o.id', 'topics.user_id')
      .leftJoin('rooms as r', 'r.id', 'topics.room_id')
      .leftJoin('topic_participants as g', (join) =>
        join.onRef('g.topic_id', '=', 'topics.id').on('g.left_at', 'is', null).onRef('g.user_id', '<>', 'topics.user_id'),
      )
      .leftJoin('users as gu', 'gu.id', 'g.user_id')
      .selectAll('topics')
      .select([
        'r.title as room_title',
        'r.border_color as room_border_color',
        'o.channel_expire_at as owner_channel_expire_at',
        'o.chat_name as owner_chat_name',
        'o.contributor_nickname as owner_contributor_nickname',
        'o.is_contributor as owner_is_contributor',
        'g.user_id as guest_user_id',
        'gu.chat_name as guest_chat_name',
        'gu.contributor_nickname as guest_contributor_nickname',
        'gu.is_contributor as guest_is_contributor',
      ])
      .where('topics.is_closed', '=', 0)
      // Room-less random AI chats are private and never listed.
      .where((eb) => (scope === 'room' ? eb('topics.room_id', '=', v.roomId) : eb('topics.room_id', 'is not', null)))
      .where((eb) =>
        segment === 'highlighted'
          ? eb.and([eb('topics.is_highlighted', '=', 1), eb('o.channel_expire_at', '>', v.now)])
          : eb.or([eb('topics.is_highlighted', '=', 0), eb('o.channel_expire_at', 'is', null), eb('o.channel_expire_at', '<=', v.now)]),
      )
      .where('topics.id', '<=', v.upTo)
      .where((eb) => unblocked(eb, v.viewerId))
      .orderBy('topics.id', 'desc')
      .limit(v.limit)
  );
}

/** The four statements (room or all rooms, highlighted or the rest), built the same way the floor server's text is checked against. */
export const topicsPageQueries = {
  roomHighlighted: (db: Db, v: TopicsPageValues) => page(db, v, 'room', 'highlighted'),
  roomRest: (db: Db, v: TopicsPageValues) => page(db, v, 'room', 'rest'),
  allHighlighted: (db: Db, v: TopicsPageValues) => page(db, v, 'all', 'highlighted'),
  allRest: (db: Db, v: TopicsPageValues) => page(db, v, 'all', 'rest'),
};

const statements = {
  roomHighlighted: prepared(topicsPageQueries.roomHighlighted),
  roomRest: prepared(topicsPageQueries.roomRest),
  allHighlighted: prepared(topicsPageQueries.allHighlighted),
  allRest: prepared(topicsPageQueries.allRest),
};

export type TopicsPageRow = Awaited<ReturnType<typeof statements.roomRest>>[number];
export type TopicsSegment = 'highlighted' | 'rest';

/** Up to `limit` open topics of a segment with ids ≤ upTo, newest first (roomId undefined: every room). */
export function listTopicsPage(db: DbOrTrx, segment: TopicsSegment, roomId: number | undefined, values: Omit<TopicsPageValues, 'roomId'>) {
  const v = { ...values, roomId: roomId ?? 0 };
  if (roomId === undefined) return segment === 'highlighted' ? statements.allHighlighted(db, v) : statements.allRest(db, v);
  return segment === 'highlighted' ? statements.roomHighlighted(db, v) : statements.roomRest(db, v);
}
