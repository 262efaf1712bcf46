import ExcelJS from 'exceljs';
import type { SeededRandom } from './seeded-random';
import { rowsOf } from './support/register-rows';
import { sharedDataPath } from './support/shared-data';

/**
 * Names a screening service sees every day that are not on any list: the real Australian companies of
 * the ATO tax transparency report, ACNC charities, ASIC-banned people, and made-up people drawn from
 * the given names and surnames of Australia's main communities (Anglo, Chinese, Vietnamese, Indian,
 * Greek, Italian, Lebanese, Russian...). Many share a given name with listed people, which is the point.
 */
export async function atoCompanyNames(path = sharedDataPath('registers/corp_transparency_2023_24.xlsx')): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.getWorksheet('Income tax details');
  if (!sheet) throw new Error(`${path}: no "Income tax details" sheet`);
  const names: string[] = [];
  sheet.eachRow((row, number) => {
    const value = row.getCell(1).value;
    if (number > 1 && typeof value === 'string' && value.trim() !== '') names.push(value.trim());
  });
  return names;
}

/** The values of a register CSV's named column (refused when the header does not name it). */
export async function registerNames(path: string, column: string): Promise<string[]> {
  const rows = await rowsOf(path);
  if (rows.length > 0 && !(column in rows[0]!)) throw new Error(`${path}: no column ${column}`);
  return rows.map((row) => row[column]?.trim() ?? '').filter((name) => name !== '');
}

const GIVEN_NAMES = [
  'James', 'Olivia', 'William', 'Charlotte', 'Jack', 'Amelia', 'Noah', 'Isla', 'Thomas', 'Mia', 'Lachlan', 'Chloe',
  'Emily', 'Daniel', 'Sophie', 'Matthew', 'Grace', 'Benjamin', 'Ruby', 'Samuel', 'Wei', 'Jing', 'Hui', 'Xiaoming',
  'Mei', 'Minh', 'Thi', 'Anh', 'Duc', 'Priya', 'Rahul', 'Anjali', 'Sanjay', 'Deepak', 'Konstantinos', 'Eleni',
  'Giorgos', 'Giuseppe', 'Maria', 'Francesca', 'Marco', 'Rania', 'Fadi', 'Nadia', 'Karim', 'Layla', 'Omar', 'Ali',
  'Mohammed', 'Ahmed', 'Fatima', 'Hassan', 'Sergei', 'Olga', 'Dmitri', 'Natalia', 'Ivan', 'Aroha', 'Tane', 'Kwame',
  'Chidi', 'Hiroshi', 'Yuki', 'Seo-yeon', 'Min-jun', 'Ananya', 'Arjun', 'Siobhan', 'Declan', 'Bronwyn', 'Kylie',
];

const SURNAMES = [
  'Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Johnson', 'White', 'Martin', 'Anderson', 'Thompson',
  'Nguyen', 'Tran', 'Le', 'Pham', 'Wang', 'Li', 'Zhang', 'Chen', 'Liu', 'Huang', 'Patel', 'Sharma', 'Singh',
  'Kumar', 'Gupta', 'Papadopoulos', 'Nikolaidis', 'Georgiou', 'Rossi', 'Russo', 'Bianchi', 'Romano', 'Kelly',
  "O'Brien", 'Murphy', 'Ryan', 'Walsh', 'McDonald', 'Campbell', 'Stewart', 'Robertson', 'Fitzgerald', 'Harrison',
  'Khoury', 'Haddad', 'Nasser', 'Saab', 'Abboud', 'Ivanova', 'Smirnov', 'Kowalski', 'Nowak', 'Novak', 'Horvat',
  'Tanaka', 'Suzuki', 'Kim', 'Park', 'Lee', 'Okafor', 'Mensah', 'Ngata', 'Te Rangi', 'Fernandes', 'Silva',
  'Gonzalez', 'Rodriguez', 'Müller', 'Schmidt', 'Jansen', 'De Vries', 'Dubois', 'Lefevre', 'Andersson', 'Berg',
];

/** A made-up person: a given name, sometimes a second one, and a surname, each from the pools above. */
export function madeUpPersonName(random: SeededRandom): string {
  const given = random.pick(GIVEN_NAMES);
  const middle = random.chance(0.35) ? ` ${random.pick(GIVEN_NAMES)}` : '';
  const surname = random.pick(SURNAMES);
  return random.chance(0.3) ? `${surname.toUpperCase()}, ${given}${middle}` : `${given}${middle} ${surname}`;
}

/** A listed person's name split into given names and surname, as far as its layout tells. */
function splitPersonName(name: string): { given: string[]; surname: string[] } | null {
  const comma = name.indexOf(',');
  if (comma > 0) {
    const surname = name.slice(0, comma).trim().split(/\s+/);
    const given = name.slice(comma + 1).trim().split(/\s+/).filter((w) => w !== '');
    return given.length > 0 ? { given, surname } : null;
  }
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return null;
  // DFAT and UN write the family name in capitals after mixed-case given names.
  const capitals = words.filter((w) => /\p{Lu}{2,}/u.test(w) && w === w.toUpperCase());
  if (capitals.length > 0 && capitals.length < words.length) {
    return { given: words.filter((w) => !capitals.includes(w)), surname: capitals };
  }
  return { given: words.slice(0, -1), surname: words.slice(-1) };
}

/**
 * A relative or namesake of a listed person who is not listed: the listed given names with another
 * surname ("Vladimir Vladimirovich Smith"), or the listed surname with other given names ("Olivia
 * PUTIN"). The false positives screeners are known for; none of these should match.
 */
export function namesakeOf(listedName: string, random: SeededRandom): { name: string; kind: 'shared_given_names' | 'shared_surname' } | null {
  const parts = splitPersonName(listedName);
  if (!parts) return null;
  if (random.chance(0.5)) return { name: `${parts.given.join(' ')} ${random.pick(SURNAMES)}`, kind: 'shared_given_names' };
  const given = random.chance(0.5) ? `${random.pick(GIVEN_NAMES)} ${random.pick(GIVEN_NAMES)}` : random.pick(GIVEN_NAMES);
  return { name: `${given} ${parts.surname.join(' ')}`, kind: 'shared_surname' };
}
