import { readFileSync, writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';

const DFAT_HEADER = [
  'Reference', 'Name of Individual or Entity', 'Type', 'Name Type', 'Alias Strength', 'Date of Birth', 'Place of Birth',
  'Citizenship', 'Address', 'Additional Information', 'Listing Information', 'IMO Number', 'Committees', 'Control Date',
  'Instrument of Designation', 'Targeted Financial Sanction', 'Travel Ban', 'Arms Embargo', 'Maritime Restriction',
];

/** A DFAT row in the current layout with only the given cells filled (fictional people). */
function dfatRow(reference: string | number | null, name: string | null, type: string, nameType: string, dob: string | null): unknown[] {
  return [reference, name, type, nameType, nameType === 'Alias' ? 'Strong' : null, dob, null, 'Australia', null, null,
    'Listed on 1 July 2020', null, 'Autonomous (Example)', 46058, null, true, true, false, false];
}

async function writeXlsx(path: string, rows: unknown[][]): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  rows.forEach((row) => sheet.addRow(row));
  await workbook.xlsx.writeFile(path);
}

/**
 * Hand-made malformed and wrong-format files, one per parser: a row with a broken date, rows
 * without a name or reference, a file in another layout, a truncated download. Names are fictional.
 */
export async function writeHandmadeFixtures(outDir: string): Promise<string[]> {
  await writeXlsx(`${outDir}/dfat/malformed.xlsx`, [
    DFAT_HEADER,
    dfatRow(1, 'Alpha Example Person', 'Individual', 'Primary Name', '12/03/1966'),
    dfatRow('1a', 'Alpha Example', 'Individual', 'Alias', '12/03/1966'),
    dfatRow(2, null, 'Individual', 'Primary Name', '1970'),
    dfatRow(3, 'Broken Date Person', 'Individual', 'Primary Name', '31/02/1970'),
    dfatRow(null, 'Nameless Reference Entity', 'Entity', 'Primary Name', null),
    dfatRow('X9', 'Bad Reference Entity', 'Entity', 'Primary Name', null),
  ]);
  await writeXlsx(`${outDir}/dfat/wrong-headers.xlsx`, [
    ['Group ID', 'Name 6', 'Name 1', 'Regime', 'DOB', 'Nationality'],
    [12345, 'EXAMPLE', 'Alpha', 'Russia', '01/01/1970', 'Russia'],
  ]);

  const individual = (reference: string | null, name: string | null, dob: string) =>
    `    <INDIVIDUAL>\n${reference ? `      <REFERENCE_NUMBER>${reference}</REFERENCE_NUMBER>\n` : ''}` +
    `${name ? `      <FIRST_NAME>${name}</FIRST_NAME>\n` : ''}      <UN_LIST_TYPE>Example</UN_LIST_TYPE>\n` +
    `      <LISTED_ON>2020-07-01</LISTED_ON>\n      <INDIVIDUAL_DATE_OF_BIRTH>\n        <TYPE_OF_DATE>EXACT</TYPE_OF_DATE>\n` +
    `        <DATE>${dob}</DATE>\n      </INDIVIDUAL_DATE_OF_BIRTH>\n    </INDIVIDUAL>\n`;
  writeFileSync(
    `${outDir}/un/malformed.xml`,
    '<?xml version="1.0" encoding="UTF-8"?>\n<CONSOLIDATED_LIST dateGenerated="2026-02-27T00:00:00.000Z">\n  <INDIVIDUALS>\n' +
      individual('XXi.001', 'ALPHA EXAMPLE', '1970-01-01') +
      individual(null, 'NO REFERENCE', '1971-01-01') +
      individual('XXi.003', null, '1972-01-01') +
      individual('XXi.004', 'BROKEN DATE', '1975-02-30') +
      '  </INDIVIDUALS>\n  <ENTITIES/>\n</CONSOLIDATED_LIST>\n',
  );
  writeFileSync(`${outDir}/un/wrong-root.xml`, '<?xml version="1.0" encoding="UTF-8"?>\n<Designations>\n  <Designation><Name>EXAMPLE</Name></Designation>\n</Designations>\n');
  const real = readFileSync(`${outDir}/un/consolidated.xml`, 'utf8');
  writeFileSync(`${outDir}/un/truncated.xml`, real.slice(0, Math.floor(real.length * 0.6)));

  const sdn = (fields: string[]) => `${fields.join(',')}\r\n`;
  writeFileSync(
    `${outDir}/ofac/malformed-sdn.csv`,
    sdn(['90001', '"EXAMPLE, Alpha"', '"individual"', '"SDGT"', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', '"DOB 01 Jan 1970; Gender Male."']) +
      sdn(['90002', '"SHORT ROW"', '-0- ', '"SDGT"', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ']) +
      sdn(['ABC', '"BAD ENT NUM"', '-0- ', '"SDGT"', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ']) +
      sdn(['90004', '-0- ', '-0- ', '"SDGT"', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ']) +
      sdn(['90005', '"BROKEN, Date"', '"individual"', '"SDGT"', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', '"DOB 31 Feb 1970."']) +
      '\x1a',
  );

  const header = '"id","schema","name","aliases","birth_date","countries","addresses","identifiers","sanctions","phones","emails","program_ids","dataset","first_seen","last_seen","last_change"';
  const row = (id: string, name: string, birthDate: string) =>
    `"${id}","Person","${name}","","${birthDate}","ru","","","","","","","Example","2025-01-01T00:00:00","2026-01-01T00:00:00","2025-06-01T00:00:00"`;
  writeFileSync(
    `${outDir}/opensanctions/malformed-targets.simple.csv`,
    [header, row('os-1', 'Alpha Example', '1970-01-01'), row('os-2', '', '1971'), '"os-3","Person","Short Row"', row('os-4', 'Broken Date', '1970-13-45')].join('\n') + '\n',
  );
  return ['hand-made: dfat malformed/wrong-headers, un malformed/wrong-root/truncated, ofac malformed, opensanctions malformed'];
}
