import { type Db } from '../../db/database.js';
import { resealLlmKey } from '../companion/llm-connection.service.js';
import { resealModerationKey } from '../crisis/crisis.service.js';
import { openDetails, sealDetails } from './payouts.mapper.js';
import { listSealedDestinations, updateSealedDetails } from './payouts.repository.js';

/**
 * Re-encrypts every stored payout destination (and the admin's LLM key) from `oldKey` to `newKey`, in one transaction:
 * either all rows move to the new key or none does. Rows already under the new key are left as
 * they are, so an interrupted rotation can simply be run again. Returns how many rows changed.
 */
export async function rotatePayoutKey(db: Db, oldKey: string, newKey: string): Promise<{ rotated: number; already: number }> {
  return db.transaction().execute(async (trx) => {
    const rows = await listSealedDestinations(trx);
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
      await updateSealedDetails(trx, row.id, sealDetails(newKey, row.user_id, details));
      rotated += 1;
    }
    // The admin's LLM key is sealed with the same key (modules/companion/llm-connection.service.ts).
    await resealLlmKey(trx, oldKey, newKey);
    // So is the crisis moderation endpoint's (modules/crisis, decision 035b).
    await resealModerationKey(trx, oldKey, newKey);
    return { rotated, already };
  });
}

/** Opens every stored destination with `key` (the backup check): the number that opened and the ones that did not. */
export async function verifyPayoutKey(db: Db, key: string): Promise<{ ok: number; failed: number[] }> {
  const rows = await listSealedDestinations(db);
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
