import { type DbOrTrx } from '../../db/database.js';
import { type PasskeyChallengesTable, type PasskeyRow } from './passkeys.table.js';
import { type Insertable } from 'kysely';

/** The account a passkey belongs to, read fresh (inside the writing transaction where there is one). */
export const findAccount = (db: DbOrTrx, userId: number) => db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();

export const listPasskeys = (db: DbOrTrx, userId: number): Promise<PasskeyRow[]> =>
  db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute();

export const findPasskey = (db: DbOrTrx, userId: number, id: number) =>
  db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();

export const findPasskeyByCredentialId = (db: DbOrTrx, credentialId: string) =>
  db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();

export async function insertPasskey(
  db: DbOrTrx,
  row: Pick<PasskeyRow, 'user_id' | 'credential_id' | 'public_key' | 'counter' | 'transports' | 'device_type' | 'backed_up' | 'name' | 'created_at'>,
): Promise<number> {
  const inserted = await db.insertInto('passkeys').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function renamePasskey(db: DbOrTrx, userId: number, id: number, name: string): Promise<boolean> {
  const result = await db.updateTable('passkeys').set({ name }).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePasskey(db: DbOrTrx, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('passkeys').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Keeps `users.passkey_count` equal to the rows (inside the writing transaction); answers the new count. */
export async function syncPasskeyCount(db: DbOrTrx, userId: number, now: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const count = Number(row.n);
  await db.updateTable('users').set({ passkey_count: count, updated_at: now }).where('id', '=', userId).execute();
  return count;
}

/**
 * Records a sign-in: the counter only moves forward (of two racing uses of one signature, one wins).
 * Authenticators that keep no counter (always 0) skip the counter condition.
 */
export async function recordPasskeyUse(
  db: DbOrTrx,
  id: number,
  values: { oldCounter: number; newCounter: number; backedUp: boolean; now: string },
): Promise<boolean> {
  let query = db
    .updateTable('passkeys')
    .set({ counter: values.newCounter, backed_up: values.backedUp ? 1 : 0, last_used_at: values.now })
    .where('id', '=', id);
  query = values.newCounter === 0 && values.oldCounter === 0 ? query.where('counter', '=', 0) : query.where('counter', '<', values.newCounter);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new challenge for a binding replaces that binding's earlier ones (only the newest ceremony can finish); expired ones go. */
export async function saveChallenge(db: DbOrTrx, row: Insertable<PasskeyChallengesTable>): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<', row.created_at).execute();
  await db.deleteFrom('passkey_challenges').where('binding_hash', '=', row.binding_hash).where('kind', '=', row.kind).execute();
  await db.insertInto('passkey_challenges').values(row).execute();
}

/** Takes a binding's challenge, once: deleted as it is read, so a replayed answer finds none. Null when none or expired. */
export async function takeChallenge(db: DbOrTrx, bindingHash: string, kind: 'register' | 'sign_in', now: string) {
  const row = await db
    .selectFrom('passkey_challenges')
    .selectAll()
    .where('binding_hash', '=', bindingHash)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  const taken = await db.deleteFrom('passkey_challenges').where('id', '=', row.id).executeTakeFirst();
  if (Number(taken.numDeletedRows) !== 1 || row.expires_at <= now) return null;
  return row;
}

/** An account's recovery codes, all of them (the last passkey of an account without an authenticator app went). */
export async function deleteRecoveryCodes(db: DbOrTrx, userId: number) {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}
