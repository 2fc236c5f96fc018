/**
 * The crowd's rooms (issue 38): one room of 5,000 and one of 50,000 open human topics, owned round-robin by
 * the 10,000 bench users, added once to the bench data set (found again by their titles). A tenth of them
 * belong to an owner with a block in either direction, so the index's anti-join has something to refuse.
 * No participant rows: bench/dataset.ts reads the chats it polls from topic_participants, and these are not
 * chats to poll (each waits for a partner: participants_count 1, the owner).
 * Sessions for the crowd are written beside the bench's own (user agent 'bench-crowd'), fresh per run.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type Db } from '../apps/server/src/db/database.js';

export const CROWD_SIZES = { small: 5_000, large: 50_000 };

export interface CrowdRooms {
  small: { id: number; topics: number };
  large: { id: number; topics: number };
}

const roomTitle = (n: number) => `Crowd room of ${n} topics`;

async function seedRoom(db: Db, size: number, owners: number[]): Promise<number> {
  const found = await db.selectFrom('rooms').select('id').where('title', '=', roomTitle(size)).executeTakeFirst();
  if (found) return found.id;
  const t = new Date().toISOString();
  console.log(`  crowd room: ${size.toLocaleString('en')} open topics`);
  const room = await db
    .insertInto('rooms')
    .values({ title: roomTitle(size), created_at: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = Array.from({ length: size }, (_, i) => ({
    room_id: room.id,
    user_id: owners[i % owners.length]!,
    title: `Crowd topic ${i}`,
    chat_mode: 'human' as const,
    companion_name: 'Mia',
    terms_title: 'Rules',
    terms_description: 'Be kind.',
    terms_rules: '["Be respectful","No personal data"]',
    participants_count: 1,
    waiting_since: t,
    created_at: t,
    updated_at: t,
  }));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 1000)
      await trx
        .insertInto('topics')
        .values(rows.slice(i, i + 1000))
        .execute();
  });
  return room.id;
}

/** Blocks between a tenth of the users and others, in both directions (once). */
async function seedBlocks(db: Db, users: number[]) {
  const done = await db.selectFrom('blocks').select('id').where('blocked_chat_name', '=', 'crowd').limit(1).executeTakeFirst();
  if (done) return;
  const t = new Date().toISOString();
  const rows = users
    .filter((_, i) => i % 10 === 0)
    .flatMap((id, i) => [
      { blocker_id: id, blocked_id: users[(i * 37 + 1) % users.length]!, topic_id: null, blocked_chat_name: 'crowd', created_at: t },
      { blocker_id: users[(i * 53 + 3) % users.length]!, blocked_id: id, topic_id: null, blocked_chat_name: 'crowd', created_at: t },
    ])
    .filter((r) => r.blocker_id !== r.blocked_id);
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('blocks')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
      .execute();
}

export async function seedCrowdRooms(db: Db): Promise<CrowdRooms> {
  const users = (await db.selectFrom('users').select('id').where('email', 'like', 'bench%').orderBy('id').execute()).map((u) => u.id);
  const small = await seedRoom(db, CROWD_SIZES.small, users);
  const large = await seedRoom(db, CROWD_SIZES.large, users);
  await seedBlocks(db, users);
  await sql`analyze`.execute(db);
  await db.deleteFrom('sessions').where('user_agent', '=', 'bench-crowd').execute();
  return { small: { id: small, topics: CROWD_SIZES.small }, large: { id: large, topics: CROWD_SIZES.large } };
}

/** One fresh session per user (tokens in the same order), beside any other bench sessions. */
export async function createCrowdSessions(db: Db, userIds: number[]): Promise<string[]> {
  const t = new Date();
  const tokens = userIds.map(() => randomBytes(24).toString('base64url'));
  const rows = userIds.map((userId, i) => ({
    id: createHash('sha256').update(tokens[i]!).digest('hex'),
    user_id: userId,
    created_at: t.toISOString(),
    last_seen_at: t.toISOString(),
    expires_at: new Date(t.getTime() + 86_400_000).toISOString(),
    user_agent: 'bench-crowd',
    ip: '127.0.0.1',
  }));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 1000)
      await trx
        .insertInto('sessions')
        .values(rows.slice(i, i + 1000))
        .execute();
  });
  return tokens;
}
