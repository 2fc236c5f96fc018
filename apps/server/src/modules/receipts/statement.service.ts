import { stringify } from 'csv-stringify/sync';
import { type StatementQuery } from '@parley/contracts';
import { type Db } from '../../db/database.js';
import { listLedgerEntriesBetween } from '../ledger/ledger.service.js';

/** A cell a spreadsheet would run as a formula gets a leading quote (CSV injection). */
const inert = (text: string | null) => (text && /^[=+\-@\t\r]/.test(text) ? `'${text}` : (text ?? ''));

/**
 * The user's ledger as CSV for whole UTC days from..to (inclusive): every entry with its
 * signed amount and the balance after it, so the last balance of one statement is the
 * first of the next.
 */
export async function ledgerStatementCsv(db: Db, userId: number, query: StatementQuery): Promise<{ filename: string; csv: string }> {
  const from = `${query.from}T00:00:00.000Z`;
  const to = new Date(Date.parse(`${query.to}T00:00:00.000Z`) + 86_400_000).toISOString();
  const rows = await listLedgerEntriesBetween(db, userId, from, to);
  const csv = stringify(
    rows.map((r) => [r.id, r.created_at, r.kind, r.amount, r.balance_after, r.reference_type ? `${r.reference_type}:${r.reference_id}` : '', inert(r.note)]),
    { header: true, columns: ['id', 'date', 'type', 'coins', 'balance_after', 'reference', 'note'] },
  );
  return { filename: `parley-statement-${query.from}-to-${query.to}.csv`, csv };
}
