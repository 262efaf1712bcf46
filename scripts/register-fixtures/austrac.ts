/**
 * Writes small AUSTRAC pages in the layouts the loaders read (src/sources/austrac/), with the page
 * furniture a saved page carries (skip link, header, search, main menu, breadcrumb, pager, footer), for
 * tests and for trying `registers ingest --file` by hand:
 *  - the media-release listing (Drupal view rows: a `<time>` printed in local time with its UTC
 *    `datetime`, a heading link, a summary);
 *  - "Lists of enforcement actions taken" (a "Date | Entity | <document>" table per kind of action);
 *  - a register of registered businesses (the Remittance Sector Register or the DCE register).
 * The listing and register markup is assumed (see the loaders' notes); the list tables follow captures
 * of AUSTRAC's pages. With `malformed`, each page also gets items a loader must report, not load: one
 * with no name, one dated 31 February, and (register) a cancelled registration with no end date.
 *
 *   npx tsx scripts/register-fixtures/austrac.ts <enforcement|enforcement-lists|reporting-entities> <out.html> [--malformed]
 */
import { writeFileSync } from 'node:fs';

export interface EnforcementItem {
  title: string;
  /** yyyy-mm-dd, or any text to print as the date as is ("31 February 2024"). */
  date: string;
  /** Site-relative (/news-and-media/...) or absolute; omitted: a slug of the title. */
  href?: string;
  summary?: string;
}

export interface EnforcementListSection {
  /** "Remedial directions", "Infringement notices", "Enforceable undertakings". */
  heading: string;
  rows: { date: string; entity: string; document?: { title: string; href: string } }[];
}

export interface RegisteredBusiness {
  name: string;
  /** As printed ("33 007 457 141"), or omitted. */
  abn?: string;
  registrationNumber?: string;
  /** "Independent remittance dealer", "Remittance network provider", "Digital currency exchange provider". */
  type: string;
  status?: string;
  /** yyyy-mm-dd, printed dd/mm/yyyy; any other text is printed as is. */
  registered?: string;
  expires?: string | null;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');

const isoParts = (date: string) => /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);

/** "2024-03-12" → "12 March 2024"; other text unchanged. */
function longDate(date: string): string {
  const m = isoParts(date);
  return m ? `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}` : date;
}

/** "2024-03-12" → "12/03/2024"; other text unchanged. */
function shortDate(date: string): string {
  const m = isoParts(date);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : date;
}

/** Midnight in Canberra (AEDT, +11:00) as Drupal writes it in `datetime`: in UTC, on the day before. */
function utcDatetime(date: string): string {
  const m = isoParts(date);
  if (!m) return `${date}T00:00:00Z`;
  const instant = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - 11 * 3_600_000);
  return instant.toISOString().replace('.000Z', 'Z');
}

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A whole AUSTRAC page around `main`: what a browser's "save page" keeps. */
function austracPage(title: string, canonical: string, breadcrumb: string, main: string): string {
  return `<!DOCTYPE html>
<html lang="en" dir="ltr" prefix="og: https://ogp.me/ns#">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<link rel="canonical" href="${canonical}" />
<meta property="og:site_name" content="AUSTRAC" />
<title>${escapeHtml(title)} | AUSTRAC</title>
<link rel="stylesheet" media="all" href="/themes/custom/austrac/dist/css/style.css?s8k2a1" />
</head>
<body class="path-node page-node-type-page">
<a href="#main-content" class="visually-hidden focusable skip-link">Skip to main content</a>
<div class="dialog-off-canvas-main-canvas" data-off-canvas-main-canvas>
<header class="header" role="banner">
  <div class="header__logo"><a href="/" title="Home" rel="home"><img src="/themes/custom/austrac/logo.svg" alt="AUSTRAC - Australian Government" /></a></div>
  <form class="search-block-form" action="/search" method="get" accept-charset="UTF-8">
    <label for="edit-keys" class="visually-hidden">Search</label>
    <input title="Enter the terms you wish to search for." type="search" id="edit-keys" name="keys" size="15" maxlength="128" />
    <input type="submit" value="Search" class="button" />
  </form>
  <div class="header__login"><a href="https://online.austrac.gov.au/">AUSTRAC Online login</a></div>
</header>
<nav role="navigation" aria-labelledby="block-mainnavigation-menu" class="main-nav">
  <h2 class="visually-hidden" id="block-mainnavigation-menu">Main navigation</h2>
  <ul class="menu">
    <li class="menu-item"><a href="/business">Business</a></li>
    <li class="menu-item"><a href="/amlctf-reform">AML/CTF reform</a></li>
    <li class="menu-item"><a href="/partners">Partners</a></li>
    <li class="menu-item"><a href="/news-and-media">News and media</a></li>
    <li class="menu-item"><a href="/about-us">About us</a></li>
  </ul>
</nav>
<nav class="breadcrumb" role="navigation" aria-labelledby="system-breadcrumb">
  <h2 id="system-breadcrumb" class="visually-hidden">Breadcrumb</h2>
  <ol><li><a href="/">Home</a></li>${breadcrumb}<li>${escapeHtml(title)}</li></ol>
</nav>
<main id="main-content" role="main" class="main-content">
  <h1 class="page-title"><span class="field field--name-title">${escapeHtml(title)}</span></h1>
${main}
</main>
<footer class="footer" role="contentinfo">
  <div class="footer__acknowledgement"><p>AUSTRAC acknowledges the Traditional Owners and Custodians of Country throughout Australia and acknowledges their continuing connection to land, sea and community. We pay our respects to the people, the cultures and the Elders past and present.</p></div>
  <ul class="menu footer__menu">
    <li><a href="/contact-us">Contact us</a></li><li><a href="/privacy">Privacy</a></li><li><a href="/copyright">Copyright</a></li>
    <li><a href="/accessibility">Accessibility</a></li><li><a href="/about-us/corporate-information-and-governance/freedom-information">Freedom of information</a></li>
  </ul>
  <p class="footer__copyright">&copy; Commonwealth of Australia - AUSTRAC</p>
</footer>
</div>
</body>
</html>
`;
}

/** One teaser of the media-release view. */
function releaseRow(item: EnforcementItem): string {
  const href = item.href ?? `/news-and-media/media-release/${slug(item.title)}`;
  return `    <div class="views-row">
      <article role="article" class="node node--type-media-release node--view-mode-teaser latest-news">
        <div class="latest-news__meta"><span class="latest-news__type">Media release</span>
          <div class="latest-news__date"><time datetime="${utcDatetime(item.date)}">${escapeHtml(longDate(item.date))}</time></div></div>
        <h3 class="latest-news__title"><a href="${escapeHtml(href)}" rel="bookmark" hreflang="en">${escapeHtml(item.title)}</a></h3>
        <div class="latest-news__summary"><p>${escapeHtml(item.summary ?? '')}</p></div>
      </article>
    </div>`;
}

/** Writes the media-release listing with `items` (and, with `malformed`, a nameless and a 31-February item). */
export function writeAustracEnforcementPage(path: string, items: EnforcementItem[], options: { malformed?: boolean } = {}): void {
  const all = [...items];
  if (options.malformed) {
    all.splice(1, 0, { title: '', date: '2024-05-02', href: '/news-and-media/media-release/untitled', summary: 'A release whose title did not survive the save.' });
    all.splice(3, 0, { title: 'AUSTRAC issues remedial direction to Harbourside Currency Exchange Pty Ltd', date: '31 February 2024', summary: 'A date that does not exist.' });
  }
  const main = `  <div class="view view-media-releases view-id-media_releases view-display-id-page_1 js-view-dom-id-3f1c">
    <div class="view-filters"><form action="/news-and-media/media-release" method="get"><label for="edit-topic">Topic</label>
      <select id="edit-topic" name="topic"><option value="All" selected="selected">- Any -</option><option value="enforcement">Enforcement</option></select>
      <input type="submit" value="Apply" class="button" /></form></div>
    <div class="view-content">
${all.map(releaseRow).join('\n')}
    </div>
    <nav class="pager" role="navigation" aria-labelledby="pagination-heading"><h4 id="pagination-heading" class="visually-hidden">Pagination</h4>
      <ul class="pager__items js-pager__items"><li class="pager__item is-active"><a href="?page=0" aria-current="page">1</a></li><li class="pager__item"><a href="?page=1">2</a></li><li class="pager__item pager__item--next"><a href="?page=1" rel="next">Next</a></li></ul></nav>
  </div>`;
  writeFileSync(path, austracPage('Media releases', 'https://www.austrac.gov.au/news-and-media/media-release', '<li><a href="/news-and-media">News and media</a></li>', main));
}

/** Writes "Lists of enforcement actions taken" with a table per section (and malformed rows when asked). */
export function writeAustracEnforcementListsPage(path: string, sections: EnforcementListSection[], options: { malformed?: boolean } = {}): void {
  const body = sections.map((section, s) => {
    const rows = [...section.rows];
    if (options.malformed && s === 0) rows.push({ date: '2023-06-01', entity: '' }, { date: '30 February 2023', entity: 'Southern Cross Remit Pty Ltd' });
    const documentHeader = section.heading.replace(/s$/, '');
    const tr = rows
      .map((row) => {
        const doc = row.document ? `<a href="${escapeHtml(row.document.href)}">${escapeHtml(row.document.title)}</a>` : '';
        return `      <tr><td>${escapeHtml(longDate(row.date))}</td><td>${escapeHtml(row.entity)}</td><td>${doc}</td></tr>`;
      })
      .join('\n');
    return `  <h2 id="${slug(section.heading)}">${escapeHtml(section.heading)}</h2>
  <p>AUSTRAC publishes ${escapeHtml(section.heading.toLowerCase())} so that it remains transparent and accountable in its decision making.</p>
  <table class="table">
    <thead><tr><th scope="col">Date</th><th scope="col">Entity</th><th scope="col">${escapeHtml(documentHeader)}</th></tr></thead>
    <tbody>
${tr}
    </tbody>
  </table>`;
  });
  const main = `  <div class="field field--name-body">
  <p>AUSTRAC can take enforcement action against reporting entities who don’t comply with AML/CTF legislation.</p>
  <h2 id="civil-penalty-orders">Civil penalty orders</h2>
  <p>AUSTRAC can apply for a civil penalty order from the Federal Court of Australia.</p>
  <h3>Crown Melbourne and Crown Perth</h3>
  <p>In March 2022, AUSTRAC applied for civil penalty orders under the AML/CTF Act against Crown Melbourne Ltd and Burswood Nominees Ltd (Crown Perth).</p>
${body.join('\n')}
  </div>`;
  writeFileSync(path, austracPage('Lists of enforcement actions taken', 'https://www.austrac.gov.au/lists-enforcement-actions-taken', '<li><a href="/business">Business</a></li>', main));
}

/** Writes a register of registered businesses (remittance, or DCE) with `rows` (and malformed rows when asked). */
export function writeAustracReportingEntitiesPage(
  path: string,
  rows: RegisteredBusiness[],
  options: { register?: 'remittance' | 'dce'; malformed?: boolean } = {},
): void {
  const all = [...rows];
  if (options.malformed) {
    all.push(
      { name: '', abn: '51 824 753 556', type: 'Independent remittance dealer', status: 'Registered', registered: '2022-01-10', expires: '2025-01-10' },
      { name: 'Parramatta Money Transfer Pty Ltd', type: 'Independent remittance dealer', status: 'Registered', registered: '31/02/2023', expires: null },
      { name: 'Lakemba Express Remit Pty Ltd', type: 'Affiliate of a remittance network provider', status: 'Cancelled', registered: '2019-04-01', expires: null },
    );
  }
  const dce = options.register === 'dce';
  const title = dce ? 'Digital currency exchange register' : 'Remittance Sector Register';
  const tr = all
    .map(
      (row) =>
        `      <tr><td>${escapeHtml(row.name)}</td><td>${escapeHtml(row.abn ?? '')}</td><td>${escapeHtml(row.registrationNumber ?? '')}</td><td>${escapeHtml(row.type)}</td>` +
        `<td>${escapeHtml(row.status ?? 'Registered')}</td><td>${escapeHtml(shortDate(row.registered ?? ''))}</td><td>${escapeHtml(shortDate(row.expires ?? ''))}</td></tr>`,
    )
    .join('\n');
  const main = `  <div class="field field--name-body">
  <p>${dce ? 'Digital currency exchange providers' : 'Remittance service providers'} must be registered with AUSTRAC. It is against the law to provide these services without being registered.</p>
  <p>Search results as at 1 November 2026. Registrations are issued for three years.</p>
  </div>
  <table class="register-results">
    <caption>${escapeHtml(title)}: search results</caption>
    <thead><tr><th>Entity name</th><th>ABN</th><th>Registration number</th><th>Registration type</th><th>Registration status</th><th>Date registered</th><th>Registration expiry date</th></tr></thead>
    <tbody>
${tr}
    </tbody>
  </table>`;
  const canonical = dce ? 'https://www.austrac.gov.au/business/digital-currency-exchange-register' : 'https://www.austrac.gov.au/business/remittance-sector-register';
  writeFileSync(path, austracPage(title, canonical, '<li><a href="/business">Business</a></li>', main));
}

/** Real AUSTRAC actions, titled as AUSTRAC titles its releases (dates illustrative), and one release that is not an action. */
export const SAMPLE_RELEASES: EnforcementItem[] = [
  { title: 'AUSTRAC accepts enforceable undertaking from Mounties Group', date: '2024-03-12', summary: 'AUSTRAC has accepted an enforceable undertaking from Mounties Group to uplift its compliance with Australia’s AML/CTF laws.' },
  { title: 'AUSTRAC applies for civil penalty orders against Westpac', date: '2019-11-20', summary: 'AUSTRAC has today applied to the Federal Court of Australia for civil penalty orders against Westpac Banking Corporation (ABN 33 007 457 141).' },
  { title: 'AUSTRAC and CBA agree $700m penalty', date: '2018-06-04', href: 'https://www.austrac.gov.au/news-and-media/media-release/austrac-and-cba-agree-700m-penalty' },
  { title: 'AUSTRAC issues infringement notice to State Street Bank and Trust Company for failing to report international funds transfers', date: '2020-06-04' },
  { title: 'AUSTRAC issues remedial direction to Australian Military Bank Ltd', date: '2021-02-03' },
  { title: 'AUSTRAC orders external audit of Entain Group Pty Ltd', date: '2022-09-15' },
  { title: 'AUSTRAC commences civil penalty proceedings against SkyCity Adelaide Pty Ltd', date: '2022-12-07' },
  { title: 'AUSTRAC signs Memorandum of Understanding with the Great Britain Gambling Commission', date: '2023-05-10' },
];

export const SAMPLE_LIST_SECTIONS: EnforcementListSection[] = [
  {
    heading: 'Remedial directions',
    rows: [
      { date: '2009-11-04', entity: 'Little Persia', document: { title: 'Remedial direction issued to Little Persia (PDF, 37KB)', href: '/sites/default/files/2019-07/remedial-direction-little-persia.pdf' } },
      { date: '2015-02-06', entity: 'ClassicBet Pty Ltd', document: { title: 'Remedial direction issued to ClassicBet Pty Ltd (PDF, 69KB)', href: '/sites/default/files/2019-07/remedial-direction-classicbet.pdf' } },
    ],
  },
  {
    heading: 'Infringement notices',
    rows: [{ date: '2020-06-04', entity: 'State Street Bank and Trust Company' }],
  },
];

/** Fictional remitters (valid ABN checksums). */
export const SAMPLE_REGISTER: RegisteredBusiness[] = [
  { name: 'Pacific Remit Network Pty Ltd', abn: '46 627 118 345', registrationNumber: 'RNP100012345', type: 'Remittance network provider', registered: '2021-05-17', expires: '2027-05-17' },
  { name: 'Harbourside Currency Exchange Pty Ltd', abn: '48 614 273 892', registrationNumber: 'IRD100998877', type: 'Independent remittance dealer', registered: '2023-08-01', expires: '2026-08-01' },
  { name: 'Cabramatta Family Remit & Travel', registrationNumber: 'AFF100445566', type: 'Affiliate of a remittance network provider', registered: '2024-02-29', expires: '2027-02-28' },
];

if (require.main === module) {
  const [kind, path, flag] = process.argv.slice(2);
  const malformed = flag === '--malformed';
  if (!path || !['enforcement', 'enforcement-lists', 'reporting-entities'].includes(kind ?? '')) {
    process.stderr.write('usage: npx tsx scripts/register-fixtures/austrac.ts <enforcement|enforcement-lists|reporting-entities> <out.html> [--malformed]\n');
    process.exit(2);
  }
  if (kind === 'enforcement') writeAustracEnforcementPage(path, SAMPLE_RELEASES, { malformed });
  else if (kind === 'enforcement-lists') writeAustracEnforcementListsPage(path, SAMPLE_LIST_SECTIONS, { malformed });
  else writeAustracReportingEntitiesPage(path, SAMPLE_REGISTER, { malformed });
  process.stdout.write(`wrote ${kind} page to ${path}\n`);
}
