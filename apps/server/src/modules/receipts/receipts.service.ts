import { formatMoney, texts, type RefundSourceType, type Settings } from '@parley/contracts';
import { type Transaction } from 'kysely';
import { type Database, type DbOrTrx } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { receiptNumber, renderReceiptPdf, type BuyerDetails } from './receipt-pdf.js';
import * as repo from './receipts.repository.js';
import { type ReceiptRow } from './receipts.table.js';

export interface IssueReceiptInput {
  source: RefundSourceType;
  sourceId: number;
  userId: number;
  description: string;
  currency: string;
  netCents: number;
  vatPercent: number;
  vatCents: number;
  grossCents: number;
  paymentMethod: string;
  buyer: BuyerDetails;
}

/** The operator whose numbering a receipt joins: the legal name of the requisites. */
const operatorOf = (requisites: string[]) => (requisites[0] ?? 'Parley').trim().slice(0, 64) || 'Parley';

/**
 * Issues the receipt of a payment inside the payment's transaction: the next number of the
 * operator's gapless sequence, the operator's requisites and the buyer's details as they are now.
 * Callers issue it once, when the payment moved to paid; the unique source refuses a second one.
 */
export async function issueReceipt(trx: Transaction<Database>, deps: { clock: Clock; settings: Settings }, input: IssueReceiptInput): Promise<ReceiptRow> {
  const settings = deps.settings;
  const operator = operatorOf(settings.requisites);
  const number = await repo.takeNextNumber(trx, operator);
  return repo.insertReceipt(trx, {
    operator,
    number,
    source_type: input.source,
    source_id: input.sourceId,
    user_id: input.userId,
    description: input.description.slice(0, 255),
    currency: input.currency,
    net_cents: input.netCents,
    vat_percent: input.vatPercent,
    vat_cents: input.vatCents,
    gross_cents: input.grossCents,
    payment_method: input.paymentMethod.slice(0, 64),
    operator_requisites: JSON.stringify(settings.requisites),
    billing: JSON.stringify(input.buyer),
    issued_at: deps.clock.now().toISOString(),
  });
}

/** The owner's receipt as a PDF; someone else's (or none) is "not found". */
export async function getReceiptPdf(db: DbOrTrx, userId: number, source: RefundSourceType, sourceId: number) {
  const row = await repo.findReceiptBySource(db, source, sourceId);
  if (!row || row.user_id !== userId) throw new AppError('NOT_FOUND', texts.money.receiptNotFound);
  return { filename: `parley-receipt-${receiptNumber(row)}.pdf`, pdf: await renderReceiptPdf(row) };
}

/** The mail sent once a payment is confirmed, with the receipt attached. */
export async function receiptMail(row: ReceiptRow, to: string) {
  const number = receiptNumber(row);
  return {
    to,
    subject: texts.money.receiptMailSubject(number),
    text: `${texts.money.receiptMailBody(number)}\n\n${row.description}: ${formatMoney(row.gross_cents, `${row.currency} `)}`,
    attachments: [{ filename: `parley-receipt-${number}.pdf`, content: Buffer.from(await renderReceiptPdf(row)), contentType: 'application/pdf' }],
  };
}

export { receiptNumber, type BuyerDetails };
export const hasReceipts = repo.listReceiptSources;
export const findReceipt = repo.findReceiptBySource;
