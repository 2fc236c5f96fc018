import { formatMoney } from '@parley/contracts';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { type ReceiptRow } from './receipts.table.js';

export interface BuyerDetails {
  name: string;
  surname: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postCode: string;
  country: string;
}

export const receiptNumber = (row: Pick<ReceiptRow, 'number'>) => `R-${String(row.number).padStart(6, '0')}`;

/** The standard PDF fonts speak WinAnsi only: other letters lose their accents (ő → o), anything else becomes '?'. */
const winAnsiChar = /[\x20-\x7e\xa0-\xff€•–—’‘“”]/;
const winAnsi = (text: string) =>
  [...text]
    .map((c) => (winAnsiChar.test(c) ? c : c.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')))
    .map((c) => ([...c].every((x) => winAnsiChar.test(x)) ? c : '?'))
    .join('');

const symbols: Record<string, string> = { EUR: '€', USD: '$', GBP: '£' };
const money = (cents: number, currency: string) => formatMoney(cents, symbols[currency] ?? `${currency} `);

interface Cursor {
  page: PDFPage;
  y: number;
  font: PDFFont;
  bold: PDFFont;
}

function line(c: Cursor, text: string, options: { bold?: boolean; size?: number; x?: number; gap?: number } = {}) {
  const size = options.size ?? 11;
  c.page.drawText(winAnsi(text), { x: options.x ?? 56, y: c.y, size, font: options.bold ? c.bold : c.font, color: rgb(0.12, 0.13, 0.2) });
  c.y -= options.gap ?? size + 6;
}

function pair(c: Cursor, label: string, value: string, bold = false) {
  c.page.drawText(winAnsi(label), { x: 56, y: c.y, size: 11, font: bold ? c.bold : c.font });
  const text = winAnsi(value);
  const width = (bold ? c.bold : c.font).widthOfTextAtSize(text, 11);
  c.page.drawText(text, { x: 539 - width, y: c.y, size: 11, font: bold ? c.bold : c.font });
  c.y -= 18;
}

/** One A4 page: who sold, who bought, what, net + VAT = gross in the paid currency, how it was paid. */
export async function renderReceiptPdf(row: ReceiptRow): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Receipt ${receiptNumber(row)}`);
  doc.setCreationDate(new Date(row.issued_at));
  const c: Cursor = {
    page: doc.addPage([595, 842]),
    y: 780,
    font: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const requisites = JSON.parse(row.operator_requisites) as string[];
  const buyer = JSON.parse(row.billing) as BuyerDetails;

  line(c, `Receipt ${receiptNumber(row)}`, { bold: true, size: 20, gap: 28 });
  line(c, `Date: ${row.issued_at.slice(0, 10)} ${row.issued_at.slice(11, 16)} UTC`, { gap: 28 });
  line(c, 'Seller', { bold: true });
  for (const requisite of requisites) line(c, requisite);
  c.y -= 12;
  line(c, 'Buyer', { bold: true });
  line(c, `${buyer.name} ${buyer.surname}`.trim());
  line(c, buyer.email);
  if (buyer.phone) line(c, buyer.phone);
  line(c, [buyer.address, buyer.city, buyer.postCode, buyer.country].filter(Boolean).join(', '));
  c.y -= 16;
  line(c, row.description, { bold: true, gap: 24 });
  pair(c, 'Net', money(row.net_cents, row.currency));
  pair(c, `VAT ${Number(row.vat_percent)}%`, money(row.vat_cents, row.currency));
  pair(c, `Total (${row.currency})`, money(row.gross_cents, row.currency), true);
  c.y -= 12;
  line(c, `Payment method: ${row.payment_method}`);
  // Plain object streams: half the CPU of compressing them, for a 2 kB file (this runs for every payment).
  return doc.save({ useObjectStreams: false });
}
