/**
 * The PDF of a tax invoice (GET /v1/credits/invoices/{id}). What makes it a valid Australian tax invoice:
 * the words "Tax invoice", the seller's identity and ABN, the date of issue, what was sold with its
 * quantity and price, the GST amount, and that the total includes GST (stated in words and shown as its
 * own line). The buyer's identity is required only from $1,000 (pack 3 is $1,990); it is printed on every
 * invoice, so a buyer never has to ask for it.
 *
 * Like the case report, it uses only pdfkit's built-in Helvetica (nothing downloaded or embedded), puts
 * every line at an exact position, and prints names through `printableText` (the fonts carry WinAnsi
 * only). The document's creation date is the date of issue, not the time of rendering, so the same
 * invoice renders to the same bytes every time it is downloaded.
 */
import PDFDocument from 'pdfkit';
import { printableText } from '../cases/pdf-text';
import { INVOICE_TIME_ZONE, type TaxInvoice } from './invoices';

export interface Seller {
  name: string;
  /** 11 digits. */
  abn: string;
  address?: string;
  email?: string;
}

/** `12 345 678 901`: how an ABN is written (2, 3, 3 and 3 digits). */
export function formatAbn(abn: string): string {
  const digits = abn.replace(/\s/g, '');
  if (!/^\d{11}$/.test(digits)) throw new RangeError('an ABN has 11 digits');
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
}

/** `$1,990.00` from cents, in integers (no floating-point rounding of money). */
export function formatAud(cents: number): string {
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** "26 November 2026": the date of issue in Sydney, with the month in words so no reader mistakes day for month. */
export function issueDateText(issuedAt: string): string {
  return new Intl.DateTimeFormat('en-AU', { timeZone: INVOICE_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(issuedAt));
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const WIDTH = PAGE.width - 2 * MARGIN;
const RIGHT = MARGIN + WIDTH;

type Font = 'Helvetica' | 'Helvetica-Bold';
interface Style {
  font: Font;
  size: number;
  color: string;
}

const TITLE: Style = { font: 'Helvetica-Bold', size: 22, color: '#1a1a1a' };
const HEADING: Style = { font: 'Helvetica-Bold', size: 9, color: '#5a5a5a' };
const BODY: Style = { font: 'Helvetica', size: 10, color: '#1a1a1a' };
const STRONG: Style = { font: 'Helvetica-Bold', size: 10, color: '#1a1a1a' };
const SMALL: Style = { font: 'Helvetica', size: 8.5, color: '#5a5a5a' };
const RULE = '#b0b0b0';

/** Columns of the line table: description, quantity, then three amounts aligned right. */
const COLUMNS = { description: MARGIN, quantity: MARGIN + 235, exGst: MARGIN + 330, gst: MARGIN + 405, incGst: RIGHT };
const AMOUNT_WIDTH = 70;

/**
 * A PDF document being written: set it as Koa's `ctx.body` (it ends itself). `seller.abn` must be set:
 * the route refuses before calling this when it is not.
 */
export function renderTaxInvoice(invoice: TaxInvoice, seller: Seller): PDFKit.PDFDocument {
  const abn = formatAbn(seller.abn);
  const issued = new Date(invoice.issued_at);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Tax invoice ${invoice.invoice_id}`,
      Author: printableText(seller.name),
      Subject: `Tax invoice ${invoice.invoice_id} for ${invoice.credits} credits (checkout ${invoice.session_id})`,
      Creator: printableText(seller.name),
      Producer: 'Compliance intelligence API',
      CreationDate: issued,
    },
  });
  const write = (text: string, x: number, y: number, style: Style, align: 'left' | 'right' = 'left', width?: number): number => {
    doc.font(style.font).fontSize(style.size).fillColor(style.color);
    const printable = printableText(text);
    if (width !== undefined) {
      doc.text(printable, x, y, { width, align });
      return doc.y;
    }
    const left = align === 'right' ? x - doc.widthOfString(printable) : x;
    doc.text(printable, left, y, { lineBreak: false });
    return y + style.size * 1.3;
  };
  const rule = (y: number) => doc.save().moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(RULE).stroke().restore();

  // Title and the seller.
  write('Tax invoice', MARGIN, MARGIN, TITLE);
  let sellerY = write(seller.name, RIGHT, MARGIN, STRONG, 'right');
  sellerY = write(`ABN ${abn}`, RIGHT, sellerY, BODY, 'right');
  if (seller.address) sellerY = write(seller.address, RIGHT - 230, sellerY, BODY, 'right', 230);
  if (seller.email) sellerY = write(seller.email, RIGHT, sellerY, BODY, 'right');

  // Invoice details and the buyer.
  let y = Math.max(sellerY, MARGIN + 40) + 18;
  rule(y);
  y += 12;
  const detailsTop = y;
  write('INVOICE NUMBER', MARGIN, y, HEADING);
  y = write(invoice.invoice_id, MARGIN, y + 12, STRONG) + 6;
  write('DATE OF ISSUE', MARGIN, y, HEADING);
  y = write(issueDateText(invoice.issued_at), MARGIN, y + 12, BODY) + 6;
  write('CURRENCY', MARGIN, y, HEADING);
  y = write('AUD (Australian dollars)', MARGIN, y + 12, BODY);

  const buyerX = MARGIN + 260;
  write('BILL TO', buyerX, detailsTop, HEADING);
  let buyerY = write(invoice.buyer_name, buyerX, detailsTop + 12, STRONG, 'left', RIGHT - buyerX);
  buyerY = write(`Account ${invoice.account_id}`, buyerX, buyerY + 2, BODY);
  y = Math.max(y, buyerY) + 20;

  // The line.
  rule(y);
  y += 8;
  write('DESCRIPTION', COLUMNS.description, y, HEADING);
  write('QTY', COLUMNS.quantity, y, HEADING);
  write('EX GST', COLUMNS.exGst, y, HEADING, 'right');
  write('GST', COLUMNS.gst, y, HEADING, 'right');
  write('INC GST', COLUMNS.incGst, y, HEADING, 'right');
  y += 16;
  rule(y);
  y += 8;
  write(`Credit pack ${invoice.pack_index} — ${invoice.credits.toLocaleString('en-AU')} credits`, COLUMNS.description, y, BODY);
  write('1', COLUMNS.quantity, y, BODY);
  write(formatAud(invoice.ex_gst_cents), COLUMNS.exGst, y, BODY, 'right');
  write(formatAud(invoice.gst_cents), COLUMNS.gst, y, BODY, 'right');
  write(formatAud(invoice.inc_gst_cents), COLUMNS.incGst, y, BODY, 'right');
  y += 18;
  rule(y);
  y += 12;

  // Totals: ex-GST, GST on its own line, and the total including GST.
  const labelX = COLUMNS.gst - AMOUNT_WIDTH;
  for (const [label, cents, style] of [
    ['Total ex GST', invoice.ex_gst_cents, BODY],
    ['GST (10%)', invoice.gst_cents, BODY],
    ['Total inc GST', invoice.inc_gst_cents, STRONG],
  ] as const) {
    write(label, labelX, y, style);
    write(formatAud(cents), COLUMNS.incGst, y, style, 'right');
    y += 16;
  }
  y += 4;
  write('Total price includes GST.', labelX, y, STRONG);
  y += 30;

  // Payment reference.
  rule(y);
  y += 12;
  write('PAYMENT', MARGIN, y, HEADING);
  y = write(`Paid in full on ${issueDateText(invoice.issued_at)} through the payment provider's hosted checkout.`, MARGIN, y + 12, BODY) + 2;
  y = write(`Checkout session: ${invoice.session_id}`, MARGIN, y, BODY) + 2;
  y = write(`Payment intent: ${invoice.payment_intent_id ?? 'not reported by the provider'}`, MARGIN, y, BODY) + 14;
  write('Credits never expire. A credit is one full scan or one batch item.', MARGIN, y, SMALL);

  doc.end();
  return doc;
}
