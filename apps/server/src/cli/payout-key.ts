import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { rotatePayoutKey, verifyPayoutKey } from '../modules/payouts/payout-key.service.js';

const usage = `usage:
  npm run payout-key -- verify                 opens every stored payout destination with PAYOUT_ENCRYPTION_KEY
  NEW_PAYOUT_ENCRYPTION_KEY=<64 hex> npm run payout-key -- rotate
                                               re-encrypts them from PAYOUT_ENCRYPTION_KEY to the new key (all or nothing)`;

async function main(command: string | undefined) {
  const config = loadConfig();
  const db = connectDatabase(config.database);
  try {
    if (command === 'verify') {
      const result = await verifyPayoutKey(db, config.payoutEncryptionKey);
      console.log(
        `${result.ok} payout destinations open with this key; ${result.failed.length} do not${result.failed.length ? ` (ids ${result.failed.join(', ')})` : ''}.`,
      );
      if (result.failed.length) process.exitCode = 1;
    } else if (command === 'rotate') {
      const next = process.env.NEW_PAYOUT_ENCRYPTION_KEY ?? '';
      if (!/^[0-9a-f]{64}$/i.test(next)) throw new Error('NEW_PAYOUT_ENCRYPTION_KEY must be 64 hex characters');
      const result = await rotatePayoutKey(db, config.payoutEncryptionKey, next);
      console.log(
        `Re-encrypted ${result.rotated} payout destinations (${result.already} were already under the new key). Now set PAYOUT_ENCRYPTION_KEY to the new key and restart.`,
      );
    } else {
      console.error(usage);
      process.exitCode = 2;
    }
  } finally {
    await db.destroy();
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
