import { type FastifyInstance } from 'fastify';
import { type Db } from '../../db/database.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { createSignedInUser } from '../../../test/factories.js';
import { postEntry } from '../ledger/ledger.service.js';

/** Test helpers shared by the payout suites (not a test file itself). */
let earningSequence = 0;

/** A month ago: long past the holding period, so these earnings are available. */
const monthAgo: Clock = { now: () => new Date(systemClock.now().getTime() - 30 * 86_400_000) };

/** Coins a contributor earned in chats: the only coins a payout may take (matured unless `clock` says when). */
export async function creditEarnings(db: Db, userId: number, coins: number, clock: Clock = monthAgo) {
  earningSequence += 1;
  await db.transaction().execute((trx) =>
    postEntry(trx, clock, {
      userId,
      amount: coins,
      kind: 'contributor_earning',
      idempotencyKey: `test-earning:${userId}:${earningSequence}:${Date.now()}`,
    }),
  );
}

/** An interlocutor with two-factor sign-in on (payouts require it). */
export async function createContributor(app: FastifyInstance, earnedCoins = 0) {
  const signedIn = await createSignedInUser(app, { contributor: true, twoFactor: true });
  if (earnedCoins > 0) await creditEarnings(app.db, signedIn.user.id, earnedCoins);
  return signedIn;
}

export async function balanceOf(db: Db, userId: number) {
  return (await db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow()).balance;
}

export async function estoniaId(db: Db) {
  return (await db.selectFrom('countries').select('id').where('iso', '=', 'EE').executeTakeFirstOrThrow()).id;
}

export const payoutBody = (countryId: number, method: 'card' | 'sepa' | 'fps', overrides: Record<string, unknown> = {}) => ({
  amount: 25,
  method,
  first_name: 'Ada',
  last_name: 'Lovelace',
  country_id: countryId,
  city: 'Tallinn',
  address: 'Narva mnt 5',
  zip: '10117',
  ...(method === 'card' ? { pan: '4242 4242 4242 4242' } : {}),
  ...(method === 'sepa' ? { iban: 'DE89 3704 0044 0532 0130 00' } : {}),
  ...(method === 'fps' ? { account_number: '31926819', sort_code: '40506070', birth_date: '1990-05-17' } : {}),
  ...overrides,
});

export interface PayoutPayload {
  payout: { id: number; status: string; amount: number; currency: string; coins: number; destination: string; method: string };
}
