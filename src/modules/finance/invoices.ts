/**
 * Tax invoices: one per paid checkout, numbered when the checkout was paid (`checkout_sessions.invoice_number`
 * from the `tax_invoice_number_seq` sequence, so numbers are unique and never reused). An invoice is read
 * only through its owner's account: another account's invoice is indistinguishable from one that does
 * not exist.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';

/** Where the date of issue is read: the seller is in Australia, so is the day printed on its invoices. */
export const INVOICE_TIME_ZONE = 'Australia/Sydney';

export interface TaxInvoice {
  /** `INV-000001`. */
  invoice_id: string;
  invoice_number: number;
  account_id: string;
  buyer_name: string;
  session_id: string;
  payment_intent_id: string | null;
  /** When the checkout was paid (ISO 8601): the time of supply and of issue. */
  issued_at: string;
  /** The date of issue in Sydney, YYYY-MM-DD. */
  issue_date: string;
  pack_index: number;
  credits: number;
  inc_gst_cents: number;
  gst_cents: number;
  ex_gst_cents: number;
  currency: string;
}

/** `INV-` and the number zero-padded to at least six digits, so ids sort and read alike. */
export function formatInvoiceId(invoiceNumber: number): string {
  return `INV-${String(invoiceNumber).padStart(6, '0')}`;
}

/** The invoice number an id names, or null for anything that is not an invoice id (answered as not found). */
export function parseInvoiceId(id: string): number | null {
  const match = /^INV-(\d{6,18})$/i.exec(id.trim());
  if (!match) return null;
  const n = Number(match[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** YYYY-MM-DD of an instant in {@link INVOICE_TIME_ZONE}: a payment at 23:30 UTC is issued the next day in Sydney. */
export function sydneyDate(instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: INVOICE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

interface InvoiceRow {
  invoice_number: string | number;
  account_id: string;
  buyer_name: string;
  session_id: string;
  payment_intent_id: string | null;
  settled_at: Date | string;
  pack_index: number;
  credits: number;
  amount_inc_gst_cents: number;
  gst_cents: number;
  ex_gst_cents: number;
  currency: string;
}

const COLUMNS = `cs.invoice_number, cs.account_id, a.name as buyer_name, cs.session_id, cs.payment_intent_id, cs.settled_at, cs.pack_index, cs.credits,
  cs.amount_inc_gst_cents, cs.gst_cents, cs.ex_gst_cents, cs.currency`;

/** A session is invoiced once paid and numbered; its settled time is the date of issue. */
const INVOICED = `cs.status = 'paid' and cs.invoice_number is not null and cs.settled_at is not null`;

function toInvoice(r: InvoiceRow): TaxInvoice {
  const issued = new Date(r.settled_at);
  const number = Number(r.invoice_number);
  return {
    invoice_id: formatInvoiceId(number),
    invoice_number: number,
    account_id: r.account_id,
    buyer_name: r.buyer_name,
    session_id: r.session_id,
    payment_intent_id: r.payment_intent_id,
    issued_at: issued.toISOString(),
    issue_date: sydneyDate(issued),
    pack_index: r.pack_index,
    credits: r.credits,
    inc_gst_cents: r.amount_inc_gst_cents,
    gst_cents: r.gst_cents,
    ex_gst_cents: r.ex_gst_cents,
    currency: r.currency.trim(),
  };
}

/** The account's invoice with this number, or undefined (unknown, unpaid, or another account's). */
export async function findInvoice(em: EntityManager, accountId: string, invoiceNumber: number): Promise<TaxInvoice | undefined> {
  const [row] = await sql<InvoiceRow[]>(
    em,
    `select ${COLUMNS} from checkout_sessions cs join accounts a on a.id = cs.account_id where cs.invoice_number = ? and cs.account_id = ? and ${INVOICED}`,
    [invoiceNumber, accountId],
  );
  return row ? toInvoice(row) : undefined;
}

/** A page of the account's invoices, newest first, with the total for paging. */
export async function listInvoices(em: EntityManager, accountId: string, page: { limit: number; offset: number }): Promise<{ invoices: TaxInvoice[]; total: number }> {
  const rows = await sql<(InvoiceRow & { total: number })[]>(
    em,
    `select ${COLUMNS}, count(*) over ()::int as total from checkout_sessions cs join accounts a on a.id = cs.account_id
      where cs.account_id = ? and ${INVOICED} order by cs.invoice_number desc limit ? offset ?`,
    [accountId, page.limit, page.offset],
  );
  const total =
    rows[0]?.total ??
    (page.offset > 0
      ? (await sql<{ n: number }[]>(em, `select count(*)::int as n from checkout_sessions cs where cs.account_id = ? and ${INVOICED}`, [accountId]))[0]!.n
      : 0);
  return { invoices: rows.map(toInvoice), total };
}
