import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { type Db } from '../db/database.js';
import { systemClock } from '../lib/clock.js';
import { saveBackupMark } from '../modules/admin/admin-system.service.js';
import { recordAudit } from '../modules/audit/audit.service.js';

const usage = `Usage: npm run backup:mark -- [note] [--at=2026-11-27T03:00:00Z]
Records that a backup finished (now, or at --at); the admin System page shows it.
Run it as the last step of the backup script, only when the backup succeeded.`;

/** Records the backup mark and its audit entry (actor: none, via the command line). */
export async function markBackupFromCli(db: Db, input: { at?: string; note?: string }) {
  if (input.at !== undefined && Number.isNaN(Date.parse(input.at))) throw new Error(`--at: not a date-time: ${input.at}`);
  if (input.at !== undefined && Date.parse(input.at) > Date.now() + 5 * 60_000) throw new Error('--at: a backup cannot be in the future');
  return db.transaction().execute(async (trx) => {
    const mark = await saveBackupMark(trx, systemClock, { at: input.at, note: input.note?.slice(0, 200), recordedBy: 'cli' });
    await recordAudit(trx, systemClock, { actorId: null, action: 'backup.mark', subjectType: 'system', subjectId: 'last_backup', before: null, after: mark });
    return mark;
  });
}

async function main(args: string[]) {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return;
  }
  const at = args.find((a) => a.startsWith('--at='))?.slice('--at='.length);
  const note =
    args
      .filter((a) => !a.startsWith('--'))
      .join(' ')
      .trim() || undefined;
  const config = loadConfig();
  const db = connectDatabase(config.database);
  try {
    const mark = await markBackupFromCli(db, { at, note });
    console.log(`Recorded a backup at ${mark.at}${mark.note ? ` (${mark.note})` : ''}.`);
  } finally {
    await db.destroy();
  }
}

// Run only as a script, so tests can import markBackupFromCli.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '')) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
