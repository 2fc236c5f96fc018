/**
 * Decide interlocutor applications from the command line until (and beside) the admin console:
 *   npm run applications -- list [pending|approved|rejected]
 *   npm run applications -- approve ID
 *   npm run applications -- reject ID REASON   (the applicant is told the reason by notice and mail)
 * Uses the same configuration as the server (DATABASE_URL or the SQLite file) and runs migrations first.
 */
import { applicationStatuses, type ApplicationStatus } from '@parley/contracts';
import { loadConfig } from '../config.js';
import { connectDatabase, migrateToLatest } from '../db/connect.js';
import { type Db } from '../db/database.js';
import { withTransaction } from '../db/transaction.js';
import { AppError } from '../lib/app-error.js';
import { systemClock } from '../lib/clock.js';
import { recordAudit } from '../modules/audit/audit.service.js';
import { approveApplication, listApplications, rejectApplication } from '../modules/contributors/contributors.service.js';

const usage = 'Usage: npm run applications -- list [pending|approved|rejected] | approve ID | reject ID REASON';

async function run(db: Db, args: string[]): Promise<unknown> {
  const [command, argument, ...rest] = args;
  const reason = rest.join(' ').trim();
  if (command === 'list') {
    if (argument !== undefined && !(applicationStatuses as readonly string[]).includes(argument)) throw new Error(usage);
    return listApplications(db, { status: (argument as ApplicationStatus | undefined) ?? 'pending', page: 1, perPage: 100 });
  }
  if (command !== 'approve' && command !== 'reject') throw new Error(usage);
  const id = Number(argument);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`${usage}\nID must be a positive whole number.`);
  if (command === 'reject' && !reason) throw new Error(`${usage}\nA rejection needs a reason: the applicant is told it.`);
  return withTransaction(db, async (trx) => {
    const decided = command === 'approve' ? await approveApplication(trx, systemClock, id) : await rejectApplication(trx, systemClock, id, null, reason);
    // No admin actor from a shell: the audit row records the CLI as the source.
    await recordAudit(trx, systemClock, {
      actorId: null,
      action: `application.${command}`,
      subjectType: 'contributor_application',
      subjectId: id,
      before: { status: 'pending' },
      after: { status: decided.status, via: 'cli', ...(reason ? { reason } : {}) },
    });
    return decided;
  });
}

async function main() {
  const config = loadConfig();
  const db = connectDatabase(config.database);
  try {
    await migrateToLatest(db);
    const result = await run(db, process.argv.slice(2));
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof AppError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message}\n`);
  process.exitCode = 1;
});
