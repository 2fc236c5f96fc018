import { formatMoney, texts, type RefundSourceType } from '@parley/contracts';
import { type DbOrTrx } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { receiptNumber, renderReceiptPdf, type BuyerDetails } from './receipt-pdf.js';
import * as repo from './receipts.repository.js';
import { type ReceiptRow } from './receipts.table.js';
import { englishText } from '@parley/contracts/i18n';

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
    subject: englishText('money.receiptMailSubject', { number }),
    text: `${englishText('money.receiptMailBody', { number })}\n\n${row.description}: ${formatMoney(row.gross_cents, `${row.currency} `)}`,
    attachments: [{ filename: `parley-receipt-${number}.pdf`, content: Buffer.from(await renderReceiptPdf(row)), contentType: 'application/pdf' }],
  };
}

export { receiptNumber, type BuyerDetails };
export const hasReceipts = repo.listReceiptSources;
export const findReceipt = repo.findReceiptBySource;
