import { type Db } from '../src/db/database.js';
import { systemClock } from '../src/lib/clock.js';
import { hashPassword } from '../src/lib/password.js';
import { postEntry } from '../src/modules/ledger/ledger.service.js';
import { type UserRow } from '../src/modules/users/users.table.js';
import { TestClient } from './client.js';
import { type FastifyInstance } from 'fastify';

export const DEFAULT_PASSWORD = 'Secret123pass';
let passwordHash: Promise<string> | undefined;
let sequence = 0;

export interface UserFactoryInput {
  email?: string;
  name?: string;
  coins?: number;
  role?: 'user' | 'admin';
  verified?: boolean;
  contributor?: boolean;
  channelUntil?: Date;
}

/** A user straight in the database; coins arrive through the ledger like everything else. */
export async function createUser(db: Db, input: UserFactoryInput = {}): Promise<UserRow> {
  sequence += 1;
  const now = new Date().toISOString();
  const user = await db
    .insertInto('users')
    .values({
      email: input.email ?? `user${sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      password_hash: await (passwordHash ??= hashPassword(DEFAULT_PASSWORD)),
      name: input.name ?? `User${sequence}`,
      surname: 'Tester',
      phone: '+37251234567',
      phone_country_code: '372',
      phone_national_number: '51234567',
      role: input.role ?? 'user',
      is_contributor: input.contributor ? 1 : 0,
      channel_expire_at: input.channelUntil?.toISOString() ?? null,
      email_verified_at: input.verified === false ? null : now,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (input.coins && input.coins > 0) {
    await db
      .transaction()
      .execute((trx) => postEntry(trx, systemClock, { userId: user.id, amount: input.coins!, kind: 'admin_adjustment', idempotencyKey: `factory:${user.id}` }));
  }
  return await db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
}

/** A user and a client signed in as them. */
export async function createSignedInUser(app: FastifyInstance, input: UserFactoryInput = {}) {
  const user = await createUser(app.db, input);
  const client = new TestClient(app);
  await client.login(user.email, DEFAULT_PASSWORD);
  return { user, client };
}

export async function createRoom(db: Db, title = `Room ${++sequence}`, borderColor = 'purple') {
  return db.insertInto('rooms').values({ title, border_color: borderColor, created_at: new Date().toISOString() }).returningAll().executeTakeFirstOrThrow();
}
