import { type Db } from '../../db/database.js';
import { resealLlmKey } from '../companion/llm-connection.service.js';
import { openDetails, sealDetails } from './payouts.mapper.js';

/**
 * Re-encrypts every stored payout destination (and the admin's LLM key) from `oldKey` to `newKey`, in one transaction:
 * either all rows move to the new key or none does. Rows already under the new key are left as
 * they are, so an interrupted rotation can simply be run again. Returns how many rows changed.
 */
export async function rotatePayoutKey(db: Db, oldKey: string, newKey: string): Promise<{ rotated: number; already: number }> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('payouts').select(['id', 'user_id', 'details_encrypted']).orderBy('id').execute();
    let rotated = 0;
    let already = 0;
    for (const row of rows) {
      try {
        openDetails(newKey, row);
        already += 1;
        continue;
      } catch {
        // Not under the new key yet: it must open under the old one, or the rotation stops.
      }
      const details = openDetails(oldKey, row);
      await trx
        .updateTable('payouts')
        .set({ details_encrypted: sealDetails(newKey, row.user_id, details) })
        .where('id', '=', row.id)
        .execute();
      rotated += 1;
    }
    // The admin's LLM key is sealed with the same key (modules/companion/llm-connection.service.ts).
    await resealLlmKey(trx, oldKey, newKey);
    return { rotated, already };
  });
}

/** Opens every stored destination with `key` (the backup check): the number that opened and the ones that did not. */
export async function verifyPayoutKey(db: Db, key: string): Promise<{ ok: number; failed: number[] }> {
  const rows = await db.selectFrom('payouts').select(['id', 'user_id', 'details_encrypted']).execute();
  const failed: number[] = [];
  for (const row of rows) {
    try {
      openDetails(key, row);
    } catch {
      failed.push(row.id);
    }
  }
  return { ok: rows.length - failed.length, failed };
}
