import { textLooks, type TextLook, type Topic } from '@parley/contracts';
import { type DbOrTrx } from '../../db/database.js';
import { publicChatName } from '../users/chat-name.js';
import { isChannelActive } from '../users/users.mapper.js';
import * as repo from './topics.repository.js';
import { type TopicsPageRow } from './topics-index.repository.js';
import { type TopicRow } from './topics.table.js';

const parseRules = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

const toTextLook = (value: string): TextLook => ((textLooks as readonly string[]).includes(value) ? (value as TextLook) : 'normal');

/**
 * Topic rows → the API shape of spec §3, for one viewer. Loads rooms, owners
 * and participants of all rows in three queries. Channel styling shows only
 * while the owner's channel status is active (spec §6).
 */
export async function toTopicViews(db: DbOrTrx, rows: TopicRow[], viewerId: number, now: Date): Promise<Topic[]> {
  const ids = rows.map((r) => r.id);
  const [rooms, owners, participants] = await Promise.all([
    repo.findRoomsByIds(db, [...new Set(rows.flatMap((r) => (r.room_id === null ? [] : [r.room_id])))]),
    repo.findUsersByIds(db, [...new Set(rows.map((r) => r.user_id))]),
    repo.listActiveParticipants(db, ids),
  ]);
  const roomById = new Map(rooms.map((r) => [r.id, r]));
  const ownerById = new Map(owners.map((u) => [u.id, u]));
  return rows.map((row) => {
    const inTopic = participants.filter((p) => p.topic_id === row.id);
    const room = row.room_id === null ? undefined : roomById.get(row.room_id);
    const owner = ownerById.get(row.user_id);
    const styled = owner !== undefined && isChannelActive(owner, now);
    const guest = inTopic.find((p) => p.user_id !== row.user_id);
    const other = inTopic.find((p) => p.user_id !== viewerId);
    const isMember = inTopic.some((p) => p.user_id === viewerId);
    return {
      id: row.id,
      title: row.title,
      room_id: row.room_id,
      room: room ? { title: room.title, border_color: room.border_color } : null,
      // Ids identify people: a viewer gets only their own (the spec's owner check), never another's.
      user_id: row.user_id === viewerId ? row.user_id : null,
      guest_id: guest !== undefined && guest.user_id === viewerId ? viewerId : null,
      participants_count: row.participants_count,
      is_closed: row.is_closed === 1,
      closed_by: row.is_closed === 1 ? (row.closed_by ?? null) : null,
      companion_name: row.companion_name,
      chat_mode: row.chat_mode,
      is_highlighted: styled && row.is_highlighted === 1,
      highlight_color: styled ? row.highlight_color : null,
      text_look: styled ? toTextLook(row.text_look) : 'normal',
      color: styled ? row.color : null,
      terms: { title: row.terms_title, description: row.terms_description, rules: parseRules(row.terms_rules) },
      is_member: isMember,
      is_owner: row.user_id === viewerId,
      interlocutor_name: row.chat_mode === 'ai' ? row.companion_name : other ? publicChatName({ ...other, id: other.user_id }) : null,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  });
}

export async function toTopicView(db: DbOrTrx, row: TopicRow, viewerId: number, now: Date): Promise<Topic> {
  const [view] = await toTopicViews(db, [row], viewerId, now);
  return view!;
}

/**
 * A row of the topics index (topics-index.repository.ts) → the API shape, for one viewer, with no further
 * lookup: the room, the owner and the partner in it now came in the same row. The topic's interlocutor
 * is its AI companion, else the partner for the owner and the owner for everyone else (two seats).
 */
export function toTopicPageView(row: TopicsPageRow, viewerId: number, now: Date): Topic {
  const styled = isChannelActive({ channel_expire_at: row.owner_channel_expire_at }, now);
  const guestId = row.guest_user_id;
  const owner = {
    id: row.user_id,
    chat_name: row.owner_chat_name,
    contributor_nickname: row.owner_contributor_nickname,
    is_contributor: row.owner_is_contributor,
  };
  const guest =
    guestId === null
      ? undefined
      : { id: guestId, chat_name: row.guest_chat_name, contributor_nickname: row.guest_contributor_nickname, is_contributor: row.guest_is_contributor ?? 0 };
  const other = row.user_id === viewerId ? guest : owner;
  return {
    id: row.id,
    title: row.title,
    room_id: row.room_id,
    room: row.room_title === null ? null : { title: row.room_title, border_color: row.room_border_color! },
    user_id: row.user_id === viewerId ? row.user_id : null,
    guest_id: guestId === viewerId ? viewerId : null,
    participants_count: row.participants_count,
    is_closed: false,
    closed_by: null,
    companion_name: row.companion_name,
    chat_mode: row.chat_mode,
    is_highlighted: styled && row.is_highlighted === 1,
    highlight_color: styled ? row.highlight_color : null,
    text_look: styled ? toTextLook(row.text_look) : 'normal',
    color: styled ? row.color : null,
    terms: { title: row.terms_title, description: row.terms_description, rules: parseRules(row.terms_rules) },
    is_member: row.user_id === viewerId || guestId === viewerId,
    is_owner: row.user_id === viewerId,
    interlocutor_name: row.chat_mode === 'ai' ? row.companion_name : other ? publicChatName(other) : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
