import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type Db, type DbOrTrx } from '../apps/server/src/db/database.js';
import { hashPassword } from '../apps/server/src/lib/password.js';

export const BENCH_PASSWORD = 'BenchPass123';
const now = () => new Date().toISOString();

async function insertBatched<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * A realistic data set, written straight to the tables (the bench measures reads and writes of the API, not the seed).
 * Balances and ledger entries are written together so the ledger invariant holds.
 */
export async function seedUsersAndTopics(db: Db, users: number, topics: number) {
  return db.transaction().execute((trx) => seedInTransaction(trx, users, topics));
}

async function seedInTransaction(db: DbOrTrx, users: number, topics: number) {
  const hash = await hashPassword(BENCH_PASSWORD);
  const t = now();
  const userRows = Array.from({ length: users }, (_, i) => ({
    email: `bench${i}@example.com`,
    password_hash: hash,
    name: `Bench${i}`,
    surname: 'User',
    phone: '+37251234567',
    phone_country_code: '372',
    phone_national_number: '51234567',
    balance: 1_000_000_000,
    email_verified_at: t,
    adult_confirmed_at: t,
    created_at: t,
    updated_at: t,
  }));
  await insertBatched(userRows, 500, (batch) => db.insertInto('users').values(batch).execute());
  const ids = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((r) => r.id);
  await insertBatched(ids, 500, (batch) =>
    db
      .insertInto('ledger_entries')
      .values(
        batch.map((id) => ({
          user_id: id,
          amount: 1_000_000_000,
          kind: 'admin_adjustment',
          idempotency_key: `bench:${id}`,
          balance_after: 1_000_000_000,
          created_at: t,
          reference_type: null,
          reference_id: null,
          note: 'bench',
        })),
      )
      .execute(),
  );
  const room = await db.insertInto('rooms').values({ title: 'Bench room', created_at: t }).returning('id').executeTakeFirstOrThrow();
  const topicRows = Array.from({ length: topics }, (_, i) => ({
    room_id: room.id,
    user_id: ids[(2 * i) % ids.length]!,
    title: `Bench topic ${i}`,
    chat_mode: 'human',
    companion_name: 'Mia',
    terms_title: 'Rules',
    terms_description: 'Be kind.',
    terms_rules: '[]',
    participants_count: 2,
    created_at: t,
    updated_at: t,
  }));
  await insertBatched(topicRows, 200, (batch) =>
    sql`insert into topics ${sql.raw('(' + Object.keys(batch[0]!).join(',') + ')')} values ${sql.join(batch.map((r) => sql`(${sql.join(Object.values(r))})`))}`.execute(
      db,
    ),
  );
  const topicIds = (await sql<{ id: number; user_id: number }>`select id, user_id from topics order by id`.execute(db)).rows;
  const participants = topicIds.flatMap((topic, i) => [
    { topic_id: topic.id, user_id: topic.user_id, joined_at: t },
    { topic_id: topic.id, user_id: ids[(2 * i + 1) % ids.length]!, joined_at: t },
  ]);
  await insertBatched(participants, 500, (batch) =>
    sql`insert into topic_participants (topic_id, user_id, joined_at) values ${sql.join(batch.map((p) => sql`(${p.topic_id}, ${p.user_id}, ${p.joined_at})`))}`.execute(
      db,
    ),
  );
  return { userIds: ids, topics: topicIds.map((topic, i) => ({ id: topic.id, owner: topic.user_id, guest: ids[(2 * i + 1) % ids.length]! })) };
}

/** Sessions written straight to the table (a login per user would benchmark argon2 instead). */
export async function createSessions(db: Db, userIds: number[]) {
  const tokens = new Map<number, string>();
  const t = new Date();
  const rows = userIds.map((userId) => {
    const token = randomBytes(32).toString('base64url');
    tokens.set(userId, token);
    return {
      id: createHash('sha256').update(token).digest('hex'),
      user_id: userId,
      created_at: t.toISOString(),
      last_seen_at: t.toISOString(),
      expires_at: new Date(t.getTime() + 86_400_000).toISOString(),
      user_agent: 'bench',
      ip: '127.0.0.1',
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('sessions')
      .values(rows.slice(i, i + 500))
      .execute();
  return tokens;
}
