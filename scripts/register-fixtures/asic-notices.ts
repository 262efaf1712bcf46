/**
 * Writes a results page of ASIC's published notices website (publishednotices.asic.gov.au, "Browse /
 * search notices") in the layout the public scrapers of that page read, for tests and for trying
 * `registers ingest --file` by hand: the ASP.NET form and view state, header, breadcrumbs, search panel,
 * the `NoticeTable` results list with one `div.article-block` per notice (title block with the notice
 * type and "Published: dd/mm/yyyy", then per company a name paragraph and an ACN / Status list, then a
 * "View notice" link), the pager and the footer. The name and list are written inside an outer `<p>`, as
 * the site writes them. With `malformed`, two notices a loader must report, not load: one naming a
 * company with no name, one published on 31/02.
 *
 *   npx tsx scripts/register-fixtures/asic-notices.ts <out.html> [--malformed]
 */
import { writeFileSync } from 'node:fs';

export interface NoticeCompany {
  name: string;
  /** As printed ("123 456 789"). */
  acn: string;
  /** "In Liquidation", "Under External Administration", "Registered", "Deregistered". */
  status?: string;
  tradingAs?: string;
}

export interface AsicNotice {
  /** The notice type; several lines are written split by `<br />`. */
  type: string | string[];
  /** yyyy-mm-dd, printed dd/mm/yyyy; any other text is printed as is ("31/02/2024"). */
  published: string;
  companies: NoticeCompany[];
}

const LIST_ID = 'ContentPlaceHolderDefault_INWMasterContentPlaceHolder_INWPageContentPlaceHolder_ucNoticeResult_lvNoticeList';
const POSTBACK = 'ctl00$ctl00$ctl00$ctl00$ContentPlaceHolderDefault$INWMasterContentPlaceHolder$INWPageContentPlaceHolder$ucNoticeResult$lvNoticeList';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function printedDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : date;
}

/** The notice's detail link, as the site forms it: /browsesearch-notices/notice-details/<Name-ACN>/<guid>. */
export function noticeHref(company: NoticeCompany | undefined, index: number): string {
  const slug = (company?.name || 'Unknown').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const acn = (company?.acn ?? '').replace(/\D/g, '');
  return `/browsesearch-notices/notice-details/${slug}-${acn}/6b27be62-7e93-4214-8030-${String(index + 1).padStart(12, '0')}`;
}

function companyHtml(company: NoticeCompany): string {
  const name = company.tradingAs ? `${escapeHtml(company.name)} <span>trading as</span> ${escapeHtml(company.tradingAs)}` : escapeHtml(company.name);
  return `<p><p>${name}</p><dl><dt>ACN:</dt><dd>${escapeHtml(company.acn)}</dd><dt>Status:</dt><dd>${escapeHtml(company.status ?? 'Registered')}</dd></dl></p>`;
}

function noticeRow(notice: AsicNotice, index: number): string {
  const lines = (Array.isArray(notice.type) ? notice.type : [notice.type]).map(escapeHtml).join('<br />');
  return `<tr>
<td>
<div class="article-block">
<div class="title-block">
<h3>${lines}</h3>
<div class="published-date"><span>Published:</span> ${escapeHtml(printedDate(notice.published))}</div>
</div>
${notice.companies.map(companyHtml).join('\n')}
<div class="notice-buttons"><a class="button" title="Preview" href="${noticeHref(notice.companies[0], index)}">View Notice</a></div>
</div>
</td>
</tr>`;
}

/** Writes the results page with `notices` (and, with `malformed`, a nameless company and a 31/02 notice). */
export function writeAsicNoticesPage(path: string, notices: AsicNotice[], options: { malformed?: boolean } = {}): void {
  const all = [...notices];
  if (options.malformed) {
    all.splice(1, 0, { type: 'Appointment of Liquidator', published: '2024-04-09', companies: [{ name: '', acn: '612 345 670', status: 'In Liquidation' }] });
    all.splice(3, 0, { type: 'Notice of Winding Up Application', published: '31/02/2024', companies: [{ name: 'Ironbark Haulage Pty Ltd', acn: '633 210 984', status: 'Registered' }] });
  }
  const html = `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
<head><meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
<title>Browse/search notices - Published notices - ASIC</title>
<link href="/css/inw-main.css" rel="stylesheet" type="text/css" />
</head>
<body>
<form method="post" action="./" id="aspnetForm">
<div class="aspNetHidden">
<input type="hidden" name="__EVENTTARGET" id="__EVENTTARGET" value="" />
<input type="hidden" name="__EVENTARGUMENT" id="__EVENTARGUMENT" value="" />
<input type="hidden" name="__VIEWSTATE" id="__VIEWSTATE" value="/wEPDwUKMTY1NDU2MTA1Mg9kFgJmD2QWAmYPZBYCZg9kFgJmD2QWBAIBD2QWAgIDDxYCHgRUZXh0BQ1QdWJsaXNoZWQgbm90aWNlcw==" />
</div>
<script type="text/javascript">
//<![CDATA[
function __doPostBack(eventTarget, eventArgument) { var theForm = document.forms['aspnetForm']; theForm.__EVENTTARGET.value = eventTarget; theForm.__EVENTARGUMENT.value = eventArgument; theForm.submit(); }
//]]>
</script>
<div id="header">
  <a id="logo" href="https://asic.gov.au/" title="ASIC - Australian Securities &amp; Investments Commission"><img src="/images/asic-logo.png" alt="ASIC" /></a>
  <h2 class="site-name">Published notices</h2>
  <ul id="main-nav">
    <li><a href="/">Home</a></li>
    <li class="selected"><a href="/browsesearch-notices/">Browse/search notices</a></li>
    <li><a href="/create-publish-notices/">Create/publish notices</a></li>
    <li><a href="/faqs/">FAQs</a></li>
    <li><a href="/about-us">About us</a></li>
  </ul>
</div>
<div id="breadcrumbs-container"><ul class="breadcrumbs"><li><a href="/">Home</a></li><li>Browse/search notices</li></ul></div>
<div id="content">
<h1>Browse/search notices</h1>
<div class="search-panel">
  <label for="ContentPlaceHolderDefault_INWMasterContentPlaceHolder_INWPageContentPlaceHolder_SearchNoticeList_3_txtCompanyNameOrACN">Company name or ACN</label>
  <input name="ctl00$ctl00$ctl00$ctl00$ContentPlaceHolderDefault$INWMasterContentPlaceHolder$INWPageContentPlaceHolder$SearchNoticeList_3$txtCompanyNameOrACN" type="text" id="ContentPlaceHolderDefault_INWMasterContentPlaceHolder_INWPageContentPlaceHolder_SearchNoticeList_3_txtCompanyNameOrACN" />
  <select name="appointment"><option value="All" selected="selected">All notice types</option><option value="Appointments">Appointments</option><option value="WindingUp">Winding up applications</option><option value="Meetings">Meetings</option><option value="Dividends">Dividends</option><option value="Deregistration">Deregistration</option></select>
  <a id="searchButton" class="button" href="javascript:__doPostBack('ctl00$ctl00$ctl00$ctl00$ContentPlaceHolderDefault$INWMasterContentPlaceHolder$INWPageContentPlaceHolder$SearchNoticeList_3$searchButton','')">Search</a>
</div>
<p class="result-count">Showing ${all.length} notices published in the last 6 months. Older notices are archived.</p>
<table id="${LIST_ID}" class="NoticeTable">
${all.map(noticeRow).join('\n')}
</table>
<div class="NoticeTablePager"><span>1</span> <a href="javascript:__doPostBack('${POSTBACK}','Page$2')">2</a> <a href="javascript:__doPostBack('${POSTBACK}','Page$3')">3</a></div>
</div>
<ul class="footer-links">
  <li><a href="/about-us">About us</a></li><li><a href="https://asic.gov.au/privacy">Privacy</a></li><li><a href="https://asic.gov.au/accessibility">Accessibility</a></li><li><a href="/contact-us">Contact us</a></li>
</ul>
<p class="copyright">&copy; Australian Securities &amp; Investments Commission</p>
</form>
</body>
</html>
`;
  writeFileSync(path, html);
}

/** Fictional companies in the notice types the site publishes. */
export const SAMPLE_NOTICES: AsicNotice[] = [
  { type: 'Appointment of Liquidator', published: '2024-03-12', companies: [{ name: 'WATTLE GROVE CONSTRUCTIONS PTY LTD', acn: '612 345 678', status: 'In Liquidation' }] },
  { type: ['Notice of Winding Up Application', 'Federal Court of Australia'], published: '2024-03-14', companies: [{ name: 'BLUE GUM LOGISTICS PTY LTD', acn: '605 551 234', status: 'Registered', tradingAs: 'BLUE GUM FREIGHT' }] },
  {
    type: 'Appointment of Administrator',
    published: '2024-04-02',
    companies: [
      { name: 'CORAL COAST HOSPITALITY GROUP PTY LTD', acn: '627 118 345', status: 'Under External Administration and/or Controller Appointed' },
      { name: 'CORAL COAST HOTELS PTY LTD', acn: '627 118 354', status: 'Under External Administration and/or Controller Appointed' },
    ],
  },
  { type: 'Notice of Meeting of Creditors', published: '2024-04-05', companies: [{ name: 'WATTLE GROVE CONSTRUCTIONS PTY LTD', acn: '612 345 678', status: 'In Liquidation' }] },
  { type: 'Notice of Intention to Declare a Dividend', published: '2024-05-20', companies: [{ name: 'MALLEE GRAIN TRADERS PTY. LTD.', acn: '142 857 001', status: 'In Liquidation' }] },
  { type: 'Deregistration of a company', published: '2024-06-03', companies: [{ name: "O'BRIEN & SONS PLUMBING PTY LTD", acn: '098 765 432', status: 'Deregistered' }] },
];

if (require.main === module) {
  const [path, flag] = process.argv.slice(2);
  if (!path) {
    process.stderr.write('usage: npx tsx scripts/register-fixtures/asic-notices.ts <out.html> [--malformed]\n');
    process.exit(2);
  }
  writeAsicNoticesPage(path, SAMPLE_NOTICES, { malformed: flag === '--malformed' });
  process.stdout.write(`wrote ${SAMPLE_NOTICES.length} notices to ${path}\n`);
}
