import { UnexpectedFormatError } from '../listed-entity';

/** The columns the loader reads; DFAT's flag columns (Travel Ban, Arms Embargo...) are not needed to screen. */
export type DfatField =
  | 'reference'
  | 'name'
  | 'type'
  | 'nameType'
  | 'aliasStrength'
  | 'dateOfBirth'
  | 'placeOfBirth'
  | 'citizenship'
  | 'address'
  | 'additionalInformation'
  | 'listingInformation'
  | 'imoNumber'
  | 'committees'
  | 'controlDate'
  | 'instrument';

export interface DfatLayout {
  name: 'current' | 'regulation8';
  /** 1-based column of each field the layout has. */
  columns: Partial<Record<DfatField, number>>;
}

type HeaderSpec = ReadonlyArray<readonly [string, DfatField | null]>;

/** The 19-column layout DFAT publishes today. */
const CURRENT: HeaderSpec = [
  ['reference', 'reference'],
  ['name of individual or entity', 'name'],
  ['type', 'type'],
  ['name type', 'nameType'],
  ['alias strength', 'aliasStrength'],
  ['date of birth', 'dateOfBirth'],
  ['place of birth', 'placeOfBirth'],
  ['citizenship', 'citizenship'],
  ['address', 'address'],
  ['additional information', 'additionalInformation'],
  ['listing information', 'listingInformation'],
  ['imo number', 'imoNumber'],
  ['committees', 'committees'],
  ['control date', 'controlDate'],
  ['instrument of designation', 'instrument'],
  ['targeted financial sanction', null],
  ['travel ban', null],
  ['arms embargo', null],
  ['maritime restriction', null],
];

/** The older 12-column "regulation 8" layout some mirrors still serve. */
const REGULATION8: HeaderSpec = [
  ['reference', 'reference'],
  ['name of individual or entity', 'name'],
  ['type', 'type'],
  ['name type', 'nameType'],
  ['date of birth', 'dateOfBirth'],
  ['place of birth', 'placeOfBirth'],
  ['citizenship', 'citizenship'],
  ['address', 'address'],
  ['additional information', 'additionalInformation'],
  ['listing information', 'listingInformation'],
  ['committees', 'committees'],
  ['control date', 'controlDate'],
];

const LAYOUTS: ReadonlyArray<readonly [DfatLayout['name'], HeaderSpec]> = [
  ['current', CURRENT],
  ['regulation8', REGULATION8],
];

/**
 * Identifies the layout from the header row (1-based cells, as exceljs gives them). The header
 * must be exactly one known layout: reading a changed layout by position would put dates of birth
 * in the citizenship field without anyone noticing.
 */
export function detectDfatLayout(headerCells: ReadonlyArray<string | null>): DfatLayout {
  const headers = headerCells.slice(1).map((cell) => (cell ?? '').toLowerCase().replace(/\s+/g, ' ').trim());
  while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
  for (const [name, spec] of LAYOUTS) {
    if (headers.length !== spec.length || spec.some(([header], i) => headers[i] !== header)) continue;
    const columns: DfatLayout['columns'] = {};
    spec.forEach(([, field], i) => {
      if (field) columns[field] = i + 1;
    });
    return { name, columns };
  }
  throw new UnexpectedFormatError('dfat', `unrecognised header row: ${headers.join(' | ') || '(empty)'}`);
}
