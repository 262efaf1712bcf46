/**
 * The businesses AUSTRAC lists as registered with it, from a saved HTML page: the Remittance Sector
 * Register (remittance network providers, their affiliates, independent remittance dealers) and the
 * digital currency exchange register (virtual asset service providers from 2026). AUSTRAC publishes
 * them as a searchable table, one business (or one registration) per row.
 *
 * No capture of these tables' markup was found, only AUSTRAC's descriptions of them, so the columns are
 * found by what their headers say, never by position: a name column, and whichever of ABN/ACN,
 * registration type, status, registration date and expiry or cancellation date the page has. Every
 * other column is kept verbatim in `detail` under its header. A row whose status says the registration
 * is no longer in force (cancelled, expired, suspended, ...) but gives no end date is a problem, not an
 * entry: stored with no end date it would read as a current registration.
 */
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { cleanText } from '../common/clean-text';
import { UnexpectedFormatError } from '../listed-entity';
import { absoluteUrl, loadHtmlPage } from '../registers/html-page';
import type { RegisterEvent } from '../registers/register-entry';
import { abnOrNull, acnOrNull } from '../registers/name-key';
import { findPublishedDate } from '../registers/published-date';

const SOURCE = 'austrac_reporting_entities';

type Role = 'name' | 'abn' | 'acn' | 'type' | 'status' | 'start' | 'end';

/** What a header says its column holds; checked in this order, so "Registration expiry date" is an end. */
const ROLE_PATTERNS: [Role, RegExp][] = [
  ['end', /\b(?:expir\w*|cancel\w*|ceased|cessation|end date|revoked|revocation|removed|removal|suspended)\b/i],
  ['start', /\b(?:date registered|registration date|date of registration|registered (?:on|from|since|date)|enrol\w* date|date (?:of )?enrol\w*|start date|commence\w*|effective (?:date|from))\b/i],
  ['status', /\bstatus\b/i],
  ['abn', /\babn\b/i],
  ['acn', /\b(?:acn|arbn)\b/i],
  ['type', /\b(?:type|category|registered as|class)\b/i],
];

/** Headers that name the business itself (not its trading names, nor its network provider's name). */
const NAME_HEADER = /^(?:(?:entity|legal|registered|business|company|organisation|reporting entity|remitter|provider)\s+)?name$|^(?:entity|reporting entity|business|remitter|registered entity)$/i;

/** Statuses that say a registration is no longer in force. */
const NOT_IN_FORCE = /\b(?:cancel\w*|expired|revoked|refused|removed|suspend\w*|ceased|inactive|deregistered|not registered|lapsed)\b/i;

interface Columns {
  headers: string[];
  /** Column index of each role the table has. */
  at: Partial<Record<Role, number>>;
}

/** The roles of a table's header row, or null when it has no name column or nothing but a name. */
function columnsOf(headers: string[]): Columns | null {
  const at: Partial<Record<Role, number>> = {};
  const name = headers.findIndex((h) => NAME_HEADER.test(h));
  if (name < 0) return null;
  at.name = name;
  headers.forEach((header, i) => {
    if (i === name) return;
    const role = ROLE_PATTERNS.find(([, re]) => re.test(header))?.[0];
    if (role && at[role] === undefined) at[role] = i;
  });
  return Object.keys(at).length > 1 ? { headers, at } : null;
}

/** The register a row belongs to, from its registration type first and the page's headings after. */
export function registerCategory(...texts: (string | null | undefined)[]): string {
  for (const text of texts) {
    if (!text) continue;
    if (/virtual asset|\bvasp\b/i.test(text)) return 'registered virtual asset service provider';
    if (/digital currency|\bdce\b|crypto/i.test(text)) return 'registered digital currency exchange';
    if (/remit|affiliate|network provider/i.test(text)) return 'registered remittance provider';
  }
  return 'reporting entity';
}


const cellTexts = ($: CheerioAPI, row: Cheerio<Element>) =>
  row
    .children('th, td')
    .toArray()
    .map((cell) => cleanText($(cell).text()) ?? '');

interface RegisterTable {
  table: Cheerio<Element>;
  columns: Columns;
  /** The page title, the table's caption and the heading above it: which register this is. */
  context: string;
}

function registerTables($: CheerioAPI): RegisterTable[] {
  const title = [cleanText($('title').text()), cleanText($('h1').first().text())];
  const tables: RegisterTable[] = [];
  let heading: string | null = null;
  $('h2, h3, h4, table').each((_, el) => {
    if (el.tagName !== 'table') {
      heading = cleanText($(el).text());
      return;
    }
    const table = $(el);
    const columns = columnsOf(cellTexts($, table.find('tr').first()));
    const context = [cleanText(table.children('caption').text()), heading, ...title].filter(Boolean).join(' | ');
    if (columns) tables.push({ table, columns, context });
  });
  return tables;
}

/** A date cell: null when empty, a problem when it holds something that is not a real day. */
function dateCell(text: string | null, header: string): { date: string | null } | { problem: string } {
  if (!text) return { date: null };
  const found = findPublishedDate(text);
  return found?.date ? { date: found.date } : { problem: `${header} "${found?.text ?? text}" is not a date` };
}

function readRow($: CheerioAPI, t: RegisterTable, row: Cheerio<Element>, location: string, pageUrl: string | null): RegisterEvent {
  const { headers, at } = t.columns;
  const cells = row.children('td, th').toArray().map((cell) => $(cell));
  const needed = Math.max(...Object.values(at).filter((i): i is number => i !== undefined));
  if (cells.length <= needed) return { problem: { location, message: `only ${cells.length} cells` } };
  const text = (role: Role) => (at[role] === undefined ? null : cleanText(cells[at[role]!]!.text()));
  const name = text('name');
  if (!name) return { problem: { location, message: 'no name' } };
  const where = `${location} (${name})`;
  const start = dateCell(text('start'), headers[at.start ?? 0]!);
  const end = dateCell(text('end'), headers[at.end ?? 0]!);
  if ('problem' in start) return { problem: { location: where, message: start.problem } };
  if ('problem' in end) return { problem: { location: where, message: end.problem } };
  const status = text('status');
  if (status && NOT_IN_FORCE.test(status) && !end.date) {
    return { problem: { location: where, message: `status "${status}" but no end date: left out so it is not read as a current registration` } };
  }
  // One identifier column often holds either number ("ABN/ACN"): its length says which it is.
  const ids = (['abn', 'acn'] as const).map((role) => ({ column: at[role], abn: abnOrNull(text(role)), acn: acnOrNull(text(role)) }));
  const abn = ids.find((id) => id.abn)?.abn ?? null;
  const acn = ids.find((id) => id.acn)?.acn ?? null;
  const used = new Set([at.name, at.start, at.end, ...ids.filter((id) => id.abn || id.acn).map((id) => id.column)]);
  const detail: Record<string, string | null> = {};
  cells.forEach((cell, i) => {
    if (!used.has(i)) detail[headers[i] || `column ${i + 1}`] = cleanText(cell.text());
  });
  const link = cells[at.name!]!.find('a[href]').attr('href');
  return {
    entry: {
      name,
      abn,
      acn,
      category: registerCategory(text('type'), t.context),
      startDate: start.date,
      endDate: end.date,
      url: absoluteUrl(link, pageUrl ?? 'https://www.austrac.gov.au/') ?? pageUrl,
      detail,
    },
  };
}


/** Every row of the register tables on a saved AUSTRAC page; unreadable rows become problems. */
export async function* parseAustracReportingEntities(path: string): AsyncIterable<RegisterEvent> {
  const $ = await loadHtmlPage(path, SOURCE);
  const tables = registerTables($);
  if (!tables.length) throw new UnexpectedFormatError(SOURCE, 'no table with a name column and registration columns (ABN, type, status, dates)');
  const canonical = $('link[rel="canonical"]').attr('href');
  const pageUrl = canonical && /^https?:\/\/[\w.-]*austrac\.gov\.au\//i.test(canonical) ? canonical : null;
  for (const [t, table] of tables.entries()) {
    const rows = table.table.find('tr').slice(1).toArray();
    for (const [r, row] of rows.entries()) {
      if (!cleanText($(row).text())) continue; // spacer row
      yield readRow($, table, $(row), `table ${t + 1} row ${r + 1}`, pageUrl);
    }
  }
}
