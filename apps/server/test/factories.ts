import { type Db } from '../src/db/database.js';
import { systemClock } from '../src/lib/clock.js';
import { hashPassword } from '../src/lib/password.js';
import { postEntry } from '../src/modules/ledger/ledger.service.js';
import { type UserRow } from '../src/modules/users/users.table.js';
import { TestClient } from './client.js';
import { generate } from 'otplib';
import { enableWithSecret } from '../src/modules/auth/two-factor.service.js';
import { type FastifyInstance } from 'fastify';

export const DEFAULT_PASSWORD = 'Secret123pass';

/** A valid POST /api/register body for `email` (an adult with a German mobile number). */
export const signUpBody = (email: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Alice',
  email,
  phone: '+4915112345678',
  phoneCountryCode: '49',
  nationalNumber: '15112345678',
  password: 'Sunshine42x',
  password_confirmation: 'Sunshine42x',
  confirm_adult: true,
  ...overrides,
});
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
  /** Two-factor sign-in on (always for admins). */
  twoFactor?: boolean;
  /** false: an account from before the age check (issue 15). */
  adult?: boolean;
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
      adult_confirmed_at: input.adult === false ? null : now,
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

/** The authenticator secret of factory users with two-factor sign-in (every admin; `twoFactor: true`). */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The current code of `TEST_TOTP_SECRET` on the app's clock. */
export const totpCode = (app: FastifyInstance, secret = TEST_TOTP_SECRET) => generate({ secret, epoch: Math.floor(app.clock.now().getTime() / 1000) });

/** Turns two-factor sign-in on for a user with `TEST_TOTP_SECRET`. */
export async function enableTestTwoFactor(app: FastifyInstance, userId: number) {
  await enableWithSecret({ db: app.db, clock: app.clock, appSecret: app.config.appSecret }, userId, TEST_TOTP_SECRET);
}

/** A user and a client signed in as them. Admins have two-factor sign-in (required), so they sign in with a code. */
export async function createSignedInUser(app: FastifyInstance, input: UserFactoryInput = {}) {
  let user = await createUser(app.db, input);
  const client = new TestClient(app);
  if (input.role === 'admin' || input.twoFactor) {
    await enableTestTwoFactor(app, user.id);
    user = await app.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    await client.login(user.email, DEFAULT_PASSWORD, await totpCode(app));
  } else await client.login(user.email, DEFAULT_PASSWORD);
  return { user, client };
}

export async function createRoom(db: Db, title = `Room ${++sequence}`, borderColor = 'purple') {
  return db.insertInto('rooms').values({ title, border_color: borderColor, created_at: new Date().toISOString() }).returningAll().executeTakeFirstOrThrow();
}
