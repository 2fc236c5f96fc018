import { formatMoney, texts, type RefundSourceType } from '@parley/contracts';
import { type DbOrTrx } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { receiptNumber, renderReceiptPdf, type BuyerDetails } from './receipt-pdf.js';
import * as repo from './receipts.repository.js';
import { type ReceiptRow } from './receipts.table.js';
import { englishTexts, renderText, type LanguageTexts } from '../reference/localization.service.js';

/** The owner's receipt as a PDF; someone else's (or none) is "not found". */
export async function getReceiptPdf(db: DbOrTrx, userId: number, source: RefundSourceType, sourceId: number) {
  const row = await repo.findReceiptBySource(db, source, sourceId);
  if (!row || row.user_id !== userId) throw new AppError('NOT_FOUND', texts.money.receiptNotFound);
  return { filename: `parley-receipt-${receiptNumber(row)}.pdf`, pdf: await renderReceiptPdf(row) };
}

/** The mail sent once a payment is confirmed, with the receipt attached, in the buyer's language. */
export async function receiptMail(row: ReceiptRow, to: string, language: LanguageTexts = englishTexts) {
  const number = receiptNumber(row);
  return {
    to,
    subject: renderText(language, 'money.receiptMailSubject', { number }),
    text: `${renderText(language, 'money.receiptMailBody', { number })}\n\n${row.description}: ${formatMoney(row.gross_cents, `${row.currency} `)}`,
    attachments: [{ filename: `parley-receipt-${number}.pdf`, content: Buffer.from(await renderReceiptPdf(row)), contentType: 'application/pdf' }],
  };
}

export { receiptNumber, type BuyerDetails };
export const hasReceipts = repo.listReceiptSources;
export const findReceipt = repo.findReceiptBySource;
