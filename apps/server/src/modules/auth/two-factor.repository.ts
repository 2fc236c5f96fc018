import { type DbOrTrx } from '../../db/database.js';

export function findSecrets(db: DbOrTrx, userId: number) {
  return db.selectFrom('users').select(['totp_secret', 'totp_pending_secret', 'totp_enabled_at']).where('id', '=', userId).executeTakeFirst();
}

export async function setPendingSecret(db: DbOrTrx, userId: number, sealed: string, now: string) {
  await db.updateTable('users').set({ totp_pending_secret: sealed, updated_at: now }).where('id', '=', userId).execute();
}

/** Moves the pending secret in, once: false when another request already did (or a new setup replaced it). */
export async function activatePendingSecret(db: DbOrTrx, userId: number, pendingSealed: string, step: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_secret: pendingSealed, totp_pending_secret: null, totp_enabled_at: now, totp_last_step: step, updated_at: now })
    .where('id', '=', userId)
    .where('totp_pending_secret', '=', pendingSealed)
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Accepts a step only if it is newer than the last accepted one: of two racing uses, one wins. */
export async function advanceLastStep(db: DbOrTrx, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is not', null)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function clearTwoFactor(db: DbOrTrx, userId: number, now: string) {
  await db
    .updateTable('users')
    .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: 0, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function replaceRecoveryCodes(db: DbOrTrx, userId: number, hashes: string[], now: string) {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  if (hashes.length > 0)
    await db
      .insertInto('recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
      .execute();
}

/** Uses a recovery code up: true once for an unused code, false for an unknown or used one. */
export async function useRecoveryCode(db: DbOrTrx, userId: number, hash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Support's reset removes the passkeys too (issue 36): the account is back to the password alone. */
export async function clearPasskeys(db: DbOrTrx, userId: number) {
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
  await db.updateTable('users').set({ passkey_count: 0 }).where('id', '=', userId).execute();
}
