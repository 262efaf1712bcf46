import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatInvoiceId, parseInvoiceId, sydneyDate, type TaxInvoice } from '../../../src/modules/finance/invoices';
import { formatAbn, formatAud, issueDateText, renderTaxInvoice } from '../../../src/modules/finance/tax-invoice.pdf';
import { pdfPages } from '../../helpers/pdf-text';

const invoice: TaxInvoice = {
  invoice_id: 'INV-000042',
  invoice_number: 42,
  account_id: '0b7c1f7e-1a52-4d0e-9d1f-3f6c8c0a9a01',
  buyer_name: 'Ōtautahi Trading Pty Ltd',
  session_id: 'cs_test_a1b2c3',
  payment_intent_id: 'pi_test_d4e5f6',
  issued_at: '2026-11-25T14:30:00.000Z', // 26 November in Sydney
  issue_date: '2026-11-26',
  pack_index: 3,
  credits: 1_000,
  inc_gst_cents: 199_000,
  gst_cents: 18_091,
  ex_gst_cents: 180_909,
  currency: 'AUD',
};
const seller = { name: 'Compliance Intelligence Pty Ltd', abn: '51824753556', address: '1 Example Street, Sydney NSW 2000', email: 'billing@example.com' };

async function bytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('tax invoices', () => {
  it('formats ids, ABNs, money and the Sydney date of issue', () => {
    expect(formatInvoiceId(1)).toBe('INV-000001');
    expect(formatInvoiceId(1_234_567)).toBe('INV-1234567');
    expect(parseInvoiceId('INV-000001')).toBe(1);
    expect(parseInvoiceId('INV-1234567')).toBe(1_234_567);
    expect(parseInvoiceId('INV-00001')).toBeNull();
    expect(parseInvoiceId('INV-000000')).toBeNull();
    expect(parseInvoiceId('42')).toBeNull();
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
    expect(() => formatAbn('123')).toThrow(RangeError);
    expect(formatAud(199_000)).toBe('$1,990.00');
    expect(formatAud(1_173)).toBe('$11.73');
    expect(formatAud(5)).toBe('$0.05');
    expect(formatAud(123_456_789)).toBe('$1,234,567.89');
    expect(sydneyDate(new Date('2026-11-25T14:30:00Z'))).toBe('2026-11-26');
    expect(sydneyDate(new Date('2026-06-30T13:59:59Z'))).toBe('2026-06-30'); // AEST, +10
    expect(issueDateText('2026-11-25T14:30:00.000Z')).toBe('26 November 2026');
  });

  it('prints everything a tax invoice needs, and the same invoice always renders the same bytes', async () => {
    const first = await bytes(renderTaxInvoice(invoice, seller));
    const second = await bytes(renderTaxInvoice(invoice, seller));
    expect(createHash('sha256').update(first).digest('hex')).toBe(createHash('sha256').update(second).digest('hex'));
    const pages = await pdfPages(new Uint8Array(first));
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    for (const expected of [
      'Tax invoice',
      'Compliance Intelligence Pty Ltd',
      'ABN 51 824 753 556',
      '1 Example Street, Sydney NSW 2000',
      'INV-000042',
      '26 November 2026',
      'Otautahi Trading Pty Ltd', // transliterated for the built-in font
      `Account ${invoice.account_id}`,
      'Credit pack 3 — 1,000 credits',
      '$1,809.09',
      '$180.91',
      '$1,990.00',
      'GST (10%)',
      'Total price includes GST.',
      'Checkout session: cs_test_a1b2c3',
      'Payment intent: pi_test_d4e5f6',
    ]) {
      expect(text).toContain(expected);
    }
  });
});
