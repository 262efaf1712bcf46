/**
 * ASIC's banned and disqualified registers (data.gov.au): persons (`BD_PER_*` columns: name as
 * "SURNAME, GIVEN NAMES", the kind of banning or disqualification, start and end dates dd/mm/yyyy, the
 * locality) and organisations (`BD_ORG_*`: ACN, name, kind, dates). One row per banning: a person banned
 * twice appears twice. An empty end date, or one written as "Permanent banning", means the banning has
 * no end.
 */
import type { RegisterEvent } from '../registers/register-entry';
import { acnOrNull, ausDate } from '../registers/name-key';
import { readHeaderedRows, type HeaderedRow } from './delimited-file';

export const ASIC_BANNED_URL = 'https://asic.gov.au/online-services/search-asic-s-registers/banned-and-disqualified/';

const PERSON_COLUMNS = ['BD_PER_NAME', 'BD_PER_TYPE', 'BD_PER_START_DT', 'BD_PER_END_DT'];
const ORG_COLUMNS = ['BD_ORG_ACN', 'BD_ORG_NAME', 'BD_ORG_TYPE', 'BD_ORG_START_DT', 'BD_ORG_END_DT'];

/** End-date cells that say in words that the banning has no end (seen in the organisations register). */
const NO_END = /^(permanent|indefinite)/i;

/** A published date, or a problem when the cell holds something that is not a date. */
function dateCell(row: HeaderedRow, column: string): { date: string | null } | { problem: string } {
  const text = row.get(column);
  if (!text || (column.endsWith('_END_DT') && NO_END.test(text))) return { date: null };
  const date = ausDate(text);
  return date ? { date } : { problem: `${column} "${text}" is not a dd/mm/yyyy date` };
}

const notStated = (value: string) => (value && !/^(no comment made|not available)$/i.test(value) ? value : null);

async function* parseBanned(path: string, source: string, columns: string[], prefix: 'BD_PER' | 'BD_ORG'): AsyncIterable<RegisterEvent> {
  for await (const item of readHeaderedRows(path, source, columns)) {
    if ('short' in item) {
      yield { problem: { location: `line ${item.short.line}`, message: `only ${item.short.width} fields` } };
      continue;
    }
    const { row } = item;
    const location = `line ${row.line}`;
    const name = row.get(`${prefix}_NAME`).replace(/\s+/g, ' ');
    if (!name) {
      yield { problem: { location, message: 'no name' } };
      continue;
    }
    const start = dateCell(row, `${prefix}_START_DT`);
    const end = dateCell(row, `${prefix}_END_DT`);
    if ('problem' in start || 'problem' in end) {
      yield { problem: { location, message: ('problem' in start ? start.problem : '') || ('problem' in end ? end.problem : '') } };
      continue;
    }
    const acnText = prefix === 'BD_ORG' ? row.get('BD_ORG_ACN') : '';
    yield {
      entry: {
        name,
        acn: acnOrNull(acnText),
        abn: null,
        category: row.get(`${prefix}_TYPE`) || 'Banned or disqualified',
        startDate: start.date,
        endDate: end.date,
        url: prefix === 'BD_ORG' ? (notStated(row.get('BD_ORG_URL')) ?? ASIC_BANNED_URL) : ASIC_BANNED_URL,
        detail:
          prefix === 'BD_PER'
            ? {
                document_number: notStated(row.get('BD_PER_DOC_NUM')),
                locality: notStated(row.get('BD_PER_ADD_LOCAL')),
                state: notStated(row.get('BD_PER_ADD_STATE')),
                postcode: notStated(row.get('BD_PER_ADD_PCODE')),
                country: notStated(row.get('BD_PER_ADD_COUNTRY')),
                comments: notStated(row.get('BD_PER_COMMENTS')),
              }
            : { acn_as_published: acnText || null, end_as_published: row.get('BD_ORG_END_DT') || null, comments: notStated(row.get('BD_ORG_COMMENT')) },
      },
    };
  }
}

/** The banned and disqualified persons register. */
export function parseAsicBannedPersons(path: string): AsyncIterable<RegisterEvent> {
  return parseBanned(path, 'asic_banned_persons', PERSON_COLUMNS, 'BD_PER');
}

/** The banned and disqualified organisations register. */
export function parseAsicBannedOrgs(path: string): AsyncIterable<RegisterEvent> {
  return parseBanned(path, 'asic_banned_orgs', ORG_COLUMNS, 'BD_ORG');
}

