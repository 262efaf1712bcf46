import { cleanValue } from '../common/clean-text';
import { resolveCountry } from '../common/country';
import { parseDatesOfBirth } from '../common/date-of-birth';
import type { DateOfBirth, Identifier, ListedName } from '../listed-entity';

/**
 * What OFAC's SDN.CSV publishes only inside the free-text Remarks column, as "; "-separated
 * statements: "DOB 12 Jan 1960; alt. DOB 1961; POB Giza, Egypt; nationality Egypt; citizen Egypt;
 * Gender Male; a.k.a. 'ABU ALI'; Passport 1084010 (Egypt); Vessel Registration Identification IMO
 * 7406784". The quoted a.k.a.s here are OFAC's weak aliases; the strong ones are in ALT.CSV.
 */
export interface OfacRemarks {
  datesOfBirth: DateOfBirth[];
  placesOfBirth: string[];
  /** Nationalities and citizenships, resolved to alpha-2 where possible. */
  nationalities: string[];
  gender: 'M' | 'F' | null;
  weakNames: Array<{ name: string; type: ListedName['type'] }>;
  identifiers: Identifier[];
  problems: string[];
}

/** Statement labels that carry an identifier, in the order they are tried, with our identifier type. */
const IDENTIFIER_LABELS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:Diplomatic )?Passport(?: No\.?)?\s+/, 'passport'],
  [/^Driver's License No\.\s+/, 'driving_licence'],
  [
    /^(?:National ID No\.|National Foreign ID Number|Cedula No\.|D\.N\.I\.|C\.U\.R\.P\.|Identification Number|Personal ID Card|SSN|Birth Certificate Number|Residency Number|Kenyan ID No\.|Electoral Registry No\.|Credencial electoral|I\.F\.E\.|C\.U\.I\.|Citizen's Card Number)\s+/,
    'national_id',
  ],
  [/^(?:Tax ID No\.|R\.F\.C\.|RFC|NIT #|RUC #|RIF #|V\.A\.T\. Number|C\.U\.I\.T\.)\s+/, 'tax_id'],
  [/^Legal Entity Number\s+/, 'lei'],
  [/^SWIFT\/BIC\s+/, 'swift'],
  [/^MMSI\s+/, 'mmsi'],
  [/^Aircraft Manufacturer's Serial Number \(MSN\)\s+/, 'aircraft_serial'],
  [/^Aircraft Tail Number\s+/, 'aircraft_tail_number'],
  [/^Digital Currency Address - \w+\s+/, 'crypto_address'],
  [
    /^(?:Registration Number|Registration ID|Business Registration Number|Business Registration Document #|Business Number|(?:UK )?Company Number|Commercial Registry Number|Commercial Registration Number|Government Gazette Number|Chamber of Commerce Number|Trade License No\.|C\.R\. No\.|Folio Mercantil No\.|Matricula Mercantil No|Unified Social Credit Code \(USCC\)|Central Registration System Number|Economic Register Number \(CBLS\)|Istanbul Chamber of Comm\. No\.|Public Registration Number|Enterprise Number|Branch Unit Number)\s+/,
    'registration',
  ],
];

/** Reads the statements OFAC's Remarks column is made of; anything else stays only in the remarks text. */
export function parseOfacRemarks(remarks: string | null): OfacRemarks {
  const parsed: OfacRemarks = {
    datesOfBirth: [],
    placesOfBirth: [],
    nationalities: [],
    gender: null,
    weakNames: [],
    identifiers: [],
    problems: [],
  };
  if (remarks === null) return parsed;
  for (const statement of remarks.replace(/\.\s*$/, '').split(/;\s*/)) {
    readStatement(statement.trim().replace(/^alt\.\s+/i, ''), parsed);
  }
  return parsed;
}

function readStatement(statement: string, parsed: OfacRemarks): void {
  let match: RegExpExecArray | null;
  if ((match = /^DOB\s+(.+)$/i.exec(statement))) {
    const { dates, problems } = parseDatesOfBirth(match[1]!);
    parsed.datesOfBirth.push(...dates);
    parsed.problems.push(...problems.map((problem) => `date of birth: ${problem}`));
  } else if ((match = /^POB\s+(.+)$/i.exec(statement))) {
    parsed.placesOfBirth.push(match[1]!.trim());
  } else if ((match = /^(?:nationality|citizen)\s+(.+)$/i.exec(statement))) {
    parsed.nationalities.push(resolveCountry(match[1]) ?? match[1]!.trim());
  } else if ((match = /^Gender\s+(Male|Female)\b/i.exec(statement))) {
    parsed.gender = match[1]!.toLowerCase() === 'male' ? 'M' : 'F';
  } else if ((match = /^([afn])\.k\.a\.[,:]?\s*(.+)$/i.exec(statement))) {
    const name = cleanValue(match[2]!.replace(/^['"‘’]+|['"‘’]+$/g, ''));
    if (name) parsed.weakNames.push({ name, type: match[1]!.toLowerCase() === 'f' ? 'former' : 'alias' });
  } else if ((match = /\bIMO\s+(\d{7})\b/.exec(statement))) {
    parsed.identifiers.push({ type: 'imo', value: match[1]!, country: null });
  } else {
    const identifier = readIdentifier(statement);
    if (identifier) parsed.identifiers.push(identifier);
  }
}

/** "Passport 1084010 (Egypt) issued 01 Jan 2000" → passport 1084010, issued by EG. */
function readIdentifier(statement: string): Identifier | null {
  for (const [label, type] of IDENTIFIER_LABELS) {
    const labelMatch = label.exec(statement);
    if (!labelMatch) continue;
    const rest = statement.slice(labelMatch[0].length);
    const withCountry = /^(.+?)\s*\(([^()]+)\)(?:\s.*)?$/.exec(rest);
    const value = cleanValue(withCountry ? withCountry[1] : rest.replace(/\s+(?:issued|expires)\b.*$/i, ''));
    if (value === null) return null;
    const issuer = withCountry ? withCountry[2]! : null;
    return { type, value, country: issuer === null ? null : resolveCountry(issuer) };
  }
  return null;
}
