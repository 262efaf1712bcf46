/** Tax invoices of paid credit checkouts: the account's list, and each invoice as a PDF (bearer, `credits:read`, own account only). */
import type { AppConfig } from '../../../config';
import { NotFoundError, ServiceUnavailableError } from '../../../errors';
import { findInvoice, listInvoices, parseInvoiceId, type TaxInvoice } from '../../../modules/finance/invoices';
import { renderTaxInvoice, type Seller } from '../../../modules/finance/tax-invoice.pdf';
import { z } from '../../../schemas/zod';
import { callerOf } from '../../middleware/authenticate';
import type { AppContext } from '../../context';
import { defineRoute } from '../../route';
import { ownAccount } from './own-account';
import { commonErrors, ErrorBody } from '../../schemas/common.schema';

const InvoicesQuery = z.object({
  account_id: z.uuid().openapi({ description: "The caller's own account (another account's is 403)" }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

const InvoiceParams = z.object({ invoice_id: z.string().min(1).max(64).openapi({ example: 'INV-000001', description: 'The invoice number as INV- and at least six digits' }) });

const InvoiceSchema = z.object({
  invoice_id: z.string().openapi({ example: 'INV-000001' }),
  session_id: z.string().openapi({ description: "The provider's checkout session the invoice is for" }),
  payment_intent_id: z.string().nullable(),
  issued_at: z.string().openapi({ description: 'When the checkout was paid: the date of issue (printed as the Australia/Sydney date)' }),
  pack_index: z.number().int(),
  credits: z.number().int(),
  inc_gst_cents: z.number().int(),
  gst_cents: z.number().int(),
  ex_gst_cents: z.number().int(),
  currency: z.string(),
  url: z.string().openapi({ description: 'The PDF' }),
});

const InvoiceListSchema = z
  .object({ account_id: z.string(), invoices: z.array(InvoiceSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .openapi('TaxInvoiceList');

const notFound = { 404: { description: 'No such invoice for this account', schema: ErrorBody } };
const noAbn = { 503: { description: 'SELLER_ABN is not configured, so no valid tax invoice can be issued', schema: ErrorBody } };

const listed = (invoice: TaxInvoice) => ({
  invoice_id: invoice.invoice_id,
  session_id: invoice.session_id,
  payment_intent_id: invoice.payment_intent_id,
  issued_at: invoice.issued_at,
  pack_index: invoice.pack_index,
  credits: invoice.credits,
  inc_gst_cents: invoice.inc_gst_cents,
  gst_cents: invoice.gst_cents,
  ex_gst_cents: invoice.ex_gst_cents,
  currency: invoice.currency,
  url: `/v1/credits/invoices/${invoice.invoice_id}`,
});

/**
 * `config.seller` is read per request, not at mount: without an ABN the PDF answers 503 naming the
 * setting (a tax invoice without the seller's ABN is not valid in Australia), while the list still answers.
 */
export function invoiceRoutes(config: AppConfig) {
  const seller = (): Seller => {
    const { name, abn, address, email } = config.seller;
    if (!abn) throw new ServiceUnavailableError('Tax invoices cannot be issued: SELLER_ABN must be set (a tax invoice without the seller\'s ABN is not valid in Australia).');
    return { name, abn, ...(address ? { address } : {}), ...(email ? { email } : {}) };
  };
  return [
    defineRoute({
      method: 'get',
      path: '/v1/credits/invoices',
      summary: "The account's tax invoices, newest first",
      description: 'One invoice per paid credit pack checkout, with its amounts in AUD cents and the URL of its PDF.',
      tags: ['Credits'],
      access: { kind: 'bearer', scope: 'credits:read' },
      request: { query: InvoicesQuery },
      responses: { 200: { description: 'A page of invoices', schema: InvoiceListSchema }, ...commonErrors },
      handler: async (ctx, { query }) => {
        const accountId = ownAccount(ctx as AppContext, query.account_id, 'invoices');
        const { invoices, total } = await listInvoices(ctx.state.em, accountId, query);
        ctx.body = { account_id: accountId, invoices: invoices.map(listed), total, limit: query.limit, offset: query.offset };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/credits/invoices/{invoice_id}',
      summary: 'A tax invoice as a PDF',
      description:
        'The seller and its ABN, the words "Tax invoice", the invoice number, the date of issue, the buyer, the pack bought with its ex-GST, GST and inc-GST amounts, and the payment reference. The same invoice always renders to the same bytes.',
      tags: ['Credits'],
      access: { kind: 'bearer', scope: 'credits:read' },
      request: { params: InvoiceParams },
      responses: { 200: { description: 'PDF tax invoice', contentType: 'application/pdf' }, ...notFound, ...noAbn, ...commonErrors },
      handler: async (ctx, { params }) => {
        const issuer = seller();
        const number = parseInvoiceId(params.invoice_id);
        const invoice = number === null ? undefined : await findInvoice(ctx.state.em, callerOf(ctx as AppContext).accountId, number);
        if (!invoice) throw new NotFoundError(`No invoice ${params.invoice_id} for this account`);
        ctx.set('Content-Disposition', `attachment; filename="tax-invoice-${invoice.invoice_id}.pdf"`);
        ctx.type = 'application/pdf';
        ctx.body = renderTaxInvoice(invoice, issuer);
      },
    }),
  ];
}
