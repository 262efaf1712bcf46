/**
 * ASIC's published notices (publishednotices.asic.gov.au, which absorbed insolvencynotices.asic.gov.au):
 * insolvency and external-administration notices, from a saved page of its "browse / search notices"
 * results.
 *
 * The layout, as the public scrapers of that page read it: the results list
 * (`#…ucNoticeResult_lvNoticeList`, class `NoticeTable`) holds one `div.article-block` per notice; its
 * `.title-block` has the notice type in an `<h3>` (sometimes two lines split by `<br>`, joined here with
 * " - ") and `.published-date` ("Published: 12/03/2024"); then, per company the notice names, a `<p>`
 * with the name (a "trading as" part after a `<span>`) followed by a `<dl>` of ACN and Status; and a
 * "View notice" link to /browsesearch-notices/notice-details/<NAME-ACN>/<id>. The server writes the
 * name and list inside an outer `<p>`, which an HTML parser closes early: the name is read as the
 * nearest non-empty `<p>` before each `<dl>`, which holds either way.
 *
 * One entry per company per notice: a notice about a group names each company in it.
 */
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { cleanText } from '../common/clean-text';
import { UnexpectedFormatError } from '../listed-entity';
import { absoluteUrl, loadHtmlPage } from '../registers/html-page';
import type { RegisterEvent } from '../registers/register-entry';
import { acnOrNull } from '../registers/name-key';
import { findPublishedDate } from '../registers/published-date';

const SOURCE = 'asic_notices';
export const ASIC_NOTICES_BASE_URL = 'https://publishednotices.asic.gov.au';
export const ASIC_NOTICES_URL = `${ASIC_NOTICES_BASE_URL}/browsesearch-notices/`;

/** Notices published during or at the end of an administration, or that end or withdraw one. */
const NOT_A_START = /\b(?:meetings?|proofs? of debt|dividends?|disclaim\w*|unclaimed|report to creditors|remuneration|dismiss\w*|withdraw\w*|discontinu\w*|stay(?:ed)?|set aside|terminat\w*|cessation|ceas\w*|end of|ended|retire\w*|remov\w*|release\w*|deregist\w*|reinstat\w*)\b/i;

/** Notices that start (or ask a court to start) an external administration or a winding up. */
const A_START = /\b(?:appoint\w*|winding[- ]up|wind(?:ing)? up|wound up|deed of company arrangement|doca|restructuring|administrat(?:or|ion)s?|liquidat(?:or|ion)s?|receivers?(?: and managers?)?|controllers?)\b/i;

/**
 * Whether a notice of this kind says external administration or a winding up is (or may be) under way:
 * the appointment of a liquidator, provisional liquidator, administrator, receiver, controller or
 * restructuring practitioner, a winding-up order or application (an application may end in an order,
 * so it counts until dismissed), a resolution to wind up, and a deed of company arrangement.
 *
 * Not: meetings, proofs of debt, dividends, disclaimers and remuneration notices. Each follows an
 * appointment that has its own notice, and the late ones (final meeting, final dividend) come as the
 * administration ends, so counting them would call a finished administration current. Nor notices that
 * end one (dismissal or withdrawal of an application, termination of a deed, release or retirement of
 * a practitioner), nor deregistration notices: a deregistered company is gone, which ASIC's company
 * status says, not an administration. Members' voluntary winding up counts: it is a winding up,
 * solvent or not, and the notice does not always say which.
 */
export function isCurrentAdministration(category: string): boolean {
  return !NOT_A_START.test(category) && A_START.test(category);
}



/** Marks a `<br>` in the type's text: a character no notice type contains (unlike a source line break). */
const LINE_BREAK = '\ue000';

/** The notice type: the `<h3>`'s lines joined with " - ". */
function noticeType(block: Cheerio<Element>): string | null {
  const h3 = block.find('.title-block h3, h3').first().clone();
  h3.find('br').replaceWith(LINE_BREAK);
  const lines = h3
    .text()
    .split(LINE_BREAK)
    .map((line) => cleanText(line))
    .filter((line): line is string => line !== null);
  return lines.length ? lines.join(' - ') : null;
}

/** "<dt>ACN:</dt><dd>…</dd>" pairs, keyed by the term without its colon. */
function definitions($: CheerioAPI, dl: Cheerio<Element>): Map<string, string> {
  const fields = new Map<string, string>();
  dl.children('dt').each((_, dt) => {
    const key = cleanText($(dt).text())?.replace(/:$/, '').trim();
    const value = cleanText($(dt).next('dd').text());
    if (key && value) fields.set(key.toUpperCase(), value);
  });
  return fields;
}

/**
 * The company a `<dl>` describes: the nearest non-empty `<p>` before it, not looking past the previous
 * company's `<dl>` (so a nameless company is not given its neighbour's name), split at "trading as".
 */
function companyName(dl: Cheerio<Element>): { name: string | null; tradingAs: string | null } {
  for (let node = dl.prev(); node.length && !node.is('dl'); node = node.prev()) {
    const text = node.is('p') ? cleanText(node.text()) : null;
    if (!text) continue;
    const [name, tradingAs] = text.split(/\s+trading as\s+/i);
    return { name: cleanText(name), tradingAs: cleanText(tradingAs) };
  }
  return { name: null, tradingAs: null };
}

function* readNotice($: CheerioAPI, block: Cheerio<Element>, location: string): Iterable<RegisterEvent> {
  const type = noticeType(block);
  if (!type) {
    yield { problem: { location, message: 'no notice type' } };
    return;
  }
  const printed = cleanText(block.find('.published-date').first().text());
  const found = findPublishedDate(printed);
  if (printed && !found?.date) {
    yield { problem: { location: `${location} (${type})`, message: `published date "${found?.text ?? printed}" is not a real date` } };
    return;
  }
  const link = block.find('a[href*="notice-details"]').first();
  const href = link.length ? link.attr('href') : block.find('.notice-buttons a[href]').first().attr('href');
  const url = absoluteUrl(href, ASIC_NOTICES_BASE_URL);
  const noticeId = url ? (/\/notice-details\/[^/]+\/([^/?#]+)/.exec(url)?.[1] ?? null) : null;
  const lists = block.find('dl').toArray();
  if (!lists.length) {
    yield { problem: { location: `${location} (${type})`, message: 'names no company' } };
    return;
  }
  for (const [c, el] of lists.entries()) {
    const dl = $(el);
    const where = lists.length > 1 ? `${location} company ${c + 1}` : location;
    const { name, tradingAs } = companyName(dl);
    if (!name) {
      yield { problem: { location: `${where} (${type})`, message: 'no company name' } };
      continue;
    }
    const fields = definitions($, dl);
    const acnText = fields.get('ACN') ?? null;
    const acn = acnOrNull(acnText);
    yield {
      entry: {
        name,
        acn,
        abn: null,
        category: type,
        startDate: found?.date ?? null,
        endDate: null,
        url: url ?? ASIC_NOTICES_URL,
        detail: {
          status: fields.get('STATUS') ?? null,
          trading_as: tradingAs,
          notice_id: noticeId,
          acn_as_published: acn ? null : acnText,
          arbn: fields.get('ARBN') ?? null,
        },
      },
    };
  }
}

/** Every company named by every notice on a saved results page; unreadable notices become problems. */
export async function* parseAsicNotices(path: string): AsyncIterable<RegisterEvent> {
  const $ = await loadHtmlPage(path, SOURCE);
  const list = $('[id$="ucNoticeResult_lvNoticeList"], .NoticeTable').first();
  const blocks = $('div.article-block').toArray();
  if (!list.length && !blocks.length) throw new UnexpectedFormatError(SOURCE, 'no notices list (NoticeTable / article-block) on the page');
  for (const [i, block] of blocks.entries()) yield* readNotice($, $(block), `notice ${i + 1}`);
}
