/**
 * `npm run ledger:check` (release: `node ledger-check.js`): after a restore, an upgrade or whenever in
 * doubt, checks the ledger's invariant on the configured database — every user's balance equals the
 * sum of their ledger entries, and no balance is negative. Reads only. Exit 0 when it holds;
 * exit 1 with every offending account listed when it does not; exit 2 when it could not check.
 */
import { ConfigError, loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { type Db } from '../db/database.js';
import { checkLedgerConsistency, type LedgerReport } from '../modules/ledger/ledger.service.js';

/** The report as an operator reads it; `ok` is whether the invariant holds. */
export function describeLedgerReport(report: LedgerReport): { ok: boolean; lines: string[] } {
  const ok = report.inconsistent.length === 0 && report.negative === 0;
  if (ok) return { ok, lines: ['Ledger consistent: every balance equals the sum of its entries; no balance is negative.'] };
  const lines = [`Ledger INCONSISTENT: ${report.inconsistent.length} balance(s) differ from their entries; ${report.negative} balance(s) negative.`];
  for (const row of report.inconsistent)
    lines.push(`  user ${row.id}: balance ${row.balance}, entries sum ${row.total} (difference ${Number(row.balance) - Number(row.total)})`);
  return { ok, lines };
}

export async function runLedgerCheck(db: Db, print: (line: string) => void): Promise<boolean> {
  const { ok, lines } = describeLedgerReport(await checkLedgerConsistency(db));
  for (const line of lines) print(line);
  return ok;
}

async function main() {
  const config = loadConfig();
  const db = connectDatabase(config.database);
  try {
    const ok = await runLedgerCheck(db, (line) => console.log(line));
    process.exitCode = ok ? 0 : 1;
  } finally {
    await db.destroy();
  }
}

// Run only as a script, so tests can import runLedgerCheck.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '')) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(2);
  });
}
