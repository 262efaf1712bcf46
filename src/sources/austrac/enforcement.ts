/**
 * AUSTRAC's enforcement actions (civil penalty proceedings, enforceable undertakings, infringement
 * notices, remedial directions, external audits, ...) from a saved page of austrac.gov.au.
 *
 * AUSTRAC publishes no file of its actions, only pages, in two layouts, and both are read:
 *  - the media-release listing (/news-and-media/media-release, Drupal): one item per release, a title
 *    that names the entity ("AUSTRAC accepts enforceable undertaking from Mounties Group"), a date and
 *    a link to the release. The public captures we could find keep the text of this page but not its
 *    markup, so the item shape is assumed from AUSTRAC being a Drupal site: `.views-row` (else
 *    `<article>` teasers) holding a heading link and a `<time datetime>`;
 *  - "Lists of enforcement actions taken" (/lists-enforcement-actions-taken, and the older
 *    /enforcement-action/remedial-directions), whose captures show tables headed "Date | Entity |
 *    <document>" under a heading per kind of action ("Remedial directions").
 * A listing item whose title names no entity (a release about several businesses, or one that is not
 * about enforcement at all) is reported as a problem, never stored under its headline.
 */
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { cleanText } from '../common/clean-text';
import { UnexpectedFormatError } from '../listed-entity';
import { absoluteUrl, loadHtmlPage } from '../registers/html-page';
import type { RegisterEvent } from '../registers/register-entry';
import { abnOrNull, acnOrNull, registerNameKey } from '../registers/name-key';
import { actionKind, entityFromTitle } from './release-title';
import { findPublishedDate } from '../registers/published-date';

const SOURCE = 'austrac_enforcement';
export const AUSTRAC_BASE_URL = 'https://www.austrac.gov.au';
export const AUSTRAC_ENFORCEMENT_URL = `${AUSTRAC_BASE_URL}/lists-enforcement-actions-taken`;

/** The ABN and ACN a text states ("ABN 33 007 457 141"), if any. */
function statedNumbers(text: string): { abn: string | null; acn: string | null } {
  return {
    abn: abnOrNull(/\bABN:?\s*((?:\d\s?){11})(?!\d)/i.exec(text)?.[1]),
    acn: acnOrNull(/\bACN:?\s*((?:\d\s?){9})(?!\d)/i.exec(text)?.[1]),
  };
}


/**
 * The legal name an action's text defines for the short name its title uses: "civil penalty
 * proceedings against Westpac Banking Corporation (Westpac)" gives "Westpac Banking Corporation" for
 * "Westpac". Only a definition of the title's own name counts, so an aside in brackets is never taken.
 */
export function legalNameFromText(text: string, shortName: string): string | null {
  const short = registerNameKey(shortName);
  const definition = /((?:(?:[A-Z][\w&'.-]*|of|and|&|the)\s+){0,10}[A-Z][\w&'.-]*)\s*\(\s*(?:the\s+)?["“‘']?([^()"”’']{2,60}?)["”’']?\s*\)/g;
  for (const m of text.matchAll(definition)) {
    if (registerNameKey(m[2]!) !== short) continue;
    const words = m[1]!.split(/\s+/);
    while (words.length && /^(?:AUSTRAC|of|and|&|the|The|Federal|Court|Against|From)$/.test(words[0]!)) words.shift();
    const legal = words.join(' ');
    if (legal && registerNameKey(legal) !== short) return legal;
  }
  return null;
}

/** The page's own address (its canonical link, when on austrac.gov.au), for items that link nowhere. */
function pageUrl($: CheerioAPI, fallback: string): string {
  const canonical = $('link[rel="canonical"]').attr('href');
  return canonical && /^https?:\/\/(?:www\.)?austrac\.gov\.au\//i.test(canonical) ? canonical : fallback;
}

/** The listing's items: outermost Drupal view rows in the main content, else teasers with a heading link. */
function listingItems($: CheerioAPI): Element[] {
  const main = $('main, [role="main"], #main-content').first();
  const within = (selector: string): Cheerio<Element> => (main.length ? main.find(selector) : $<Element, string>(selector));
  const rows = within('.views-row').filter((_, el) => $(el).parents('.views-row').length === 0);
  if (rows.length) return rows.toArray();
  return within('article')
    .filter((_, el) => $(el).find('h2 a[href], h3 a[href], h4 a[href]').length > 0)
    .toArray();
}

/** An item's title and link: the heading's link, or a link wrapped round the heading, or its first link. */
function titleAndLink($: CheerioAPI, item: Cheerio<Element>): { title: string | null; href: string | undefined } {
  const heading = item.find('h2, h3, h4, h5, [class*="title"]').first();
  if (heading.length) {
    const inner = heading.find('a[href]').first();
    const link = inner.length ? inner : heading.closest('a[href]');
    return { title: cleanText(heading.text()), href: link.attr('href') ?? item.find('a[href]').first().attr('href') };
  }
  const link = item.find('a[href]').first();
  return { title: cleanText(link.text()), href: link.attr('href') };
}

/**
 * An item's date: the printed text of its `<time>` (or of an element classed as a date), else the
 * `datetime` attribute. The text comes first because Drupal writes the attribute in UTC, a day early
 * for anything published in the Australian morning.
 */
function itemDate(item: Cheerio<Element>): { date: string | null } | { problem: string } {
  const time = item.find('time').first();
  const printed = time.length ? time.text() : item.find('[class*="date"]').first().text();
  const found = findPublishedDate(printed) ?? findPublishedDate(time.attr('datetime'));
  if (!found) return { date: null };
  return found.date ? { date: found.date } : { problem: `"${found.text}" is not a real date` };
}

function readListingItem($: CheerioAPI, item: Cheerio<Element>, location: string, fallbackUrl: string): RegisterEvent {
  const { title, href } = titleAndLink($, item);
  if (!title) return { problem: { location, message: 'no title' } };
  const name = entityFromTitle(title);
  if (!name) return { problem: { location, message: `title "${title}" names no entity` } };
  const date = itemDate(item);
  if ('problem' in date) return { problem: { location: `${location} (${title})`, message: date.problem } };
  const summary = cleanText(item.find('p, .summary, [class*="body"]').first().text());
  return {
    entry: {
      name,
      ...statedNumbers(`${title} ${summary ?? ''}`),
      category: actionKind(title, summary),
      startDate: date.date,
      endDate: null,
      url: absoluteUrl(href, AUSTRAC_BASE_URL) ?? fallbackUrl,
      detail: { title, summary, legal_name: legalNameFromText(`${title}. ${summary ?? ''}`, name) },
    },
  };
}

interface EnforcementTable {
  table: Cheerio<Element>;
  /** The heading it sits under ("Remedial directions"), which says the kind of action. */
  heading: string | null;
  columns: string[];
  date: number;
  entity: number;
}

const headerTexts = ($: CheerioAPI, row: Cheerio<Element>) =>
  row
    .children('th, td')
    .toArray()
    .map((cell) => cleanText($(cell).text()) ?? '');

/** Tables headed "Date | Entity ...", each with the heading above it, in page order. */
function enforcementTables($: CheerioAPI): EnforcementTable[] {
  const tables: EnforcementTable[] = [];
  let heading: string | null = null;
  $('h1, h2, h3, h4, table').each((_, el) => {
    if (el.tagName !== 'table') {
      heading = cleanText($(el).text());
      return;
    }
    const table = $(el);
    const columns = headerTexts($, table.find('tr').first());
    const date = columns.findIndex((c) => /^date\b/i.test(c));
    const entity = columns.findIndex((c) => /^(?:entity|entity name|name|business|reporting entity)$/i.test(c));
    if (date >= 0 && entity >= 0) tables.push({ table, heading, columns, date, entity });
  });
  return tables;
}

function readTableRow($: CheerioAPI, t: EnforcementTable, row: Cheerio<Element>, location: string, fallbackUrl: string): RegisterEvent {
  const cells = row.children('td, th').toArray().map((cell) => $(cell));
  if (cells.length <= Math.max(t.date, t.entity)) return { problem: { location, message: `only ${cells.length} cells` } };
  const name = cleanText(cells[t.entity]!.text());
  if (!name) return { problem: { location, message: 'no entity name' } };
  const dateText = cleanText(cells[t.date]!.text());
  const found = findPublishedDate(dateText);
  if (dateText && !found?.date) return { problem: { location: `${location} (${name})`, message: `"${found?.text ?? dateText}" is not a real date` } };
  const link = row.find('a[href]').first();
  const detail: Record<string, string | null> = { title: cleanText(link.text()), section: t.heading };
  cells.forEach((cell, i) => {
    const text = cleanText(cell.text());
    if (i !== t.date && i !== t.entity && text !== detail.title) detail[t.columns[i] || `column ${i + 1}`] = text;
  });
  return {
    entry: {
      name,
      ...statedNumbers(row.text()),
      category: actionKind(t.heading, detail.title),
      startDate: found?.date ?? null,
      endDate: null,
      url: absoluteUrl(link.attr('href'), AUSTRAC_BASE_URL) ?? fallbackUrl,
      detail,
    },
  };
}

/** Every action on a saved AUSTRAC listing or list-of-actions page; unreadable items become problems. */
export async function* parseAustracEnforcement(path: string): AsyncIterable<RegisterEvent> {
  const $ = await loadHtmlPage(path, SOURCE);
  const items = listingItems($);
  const tables = enforcementTables($);
  const readable = items.some((el) => titleAndLink($, $(el)).title && $(el).find('time, [class*="date"]').length > 0);
  if (!readable && !tables.length) {
    throw new UnexpectedFormatError(SOURCE, 'no listing items with a title and a date, and no table headed Date and Entity');
  }
  const fallbackUrl = pageUrl($, AUSTRAC_ENFORCEMENT_URL);
  // Without one dated, titled item the rows are page furniture (a "related content" block), not a listing.
  for (const [i, el] of (readable ? items : []).entries()) yield readListingItem($, $(el), `item ${i + 1}`, fallbackUrl);
  for (const [t, table] of tables.entries()) {
    const rows = table.table.find('tr').slice(1).toArray();
    for (const [r, row] of rows.entries()) {
      if (!cleanText($(row).text())) continue; // spacer row
      yield readTableRow($, table, $(row), `table ${t + 1} row ${r + 1}`, fallbackUrl);
    }
  }
}
