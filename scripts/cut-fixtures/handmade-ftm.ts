import { writeFileSync } from 'node:fs';

/**
 * A hand-made FollowTheMoney export in the `entities.ftm.json` line format (no real FtM file is
 * kept in the shared data): PEPs, a relative, a sanctioned PEP, a counter-sanctioned person, a
 * company and a vessel, the non-target entities a real export interleaves (Position, Occupancy,
 * Address, Sanction, Family), entities without the `target` flag as older exports have, and broken
 * lines. All people and companies here are fictional.
 */
export function writeFtmFixture(outDir: string): string[] {
  const seen = { first_seen: '2024-01-05T10:00:00', last_seen: '2026-03-01T10:00:00', last_change: '2025-11-20T08:00:00' };
  const entity = (id: string, schema: string, properties: Record<string, string[]>, target: boolean | undefined) => ({
    id,
    caption: properties.name?.[0] ?? id,
    schema,
    properties,
    referents: [],
    datasets: ['peps'],
    ...seen,
    ...(target === undefined ? {} : { target }),
  });
  const lines = [
    entity('ftm-pep-1', 'Person', { name: ['Jane Example-Citizen'], alias: ['Jane Example'], birthDate: ['1961-04-12'], nationality: ['au'], country: ['au'], gender: ['female'], topics: ['role.pep'], position: ['Member of the Example Parliament'] }, true),
    entity('ftm-rca-1', 'Person', { name: ['John Example-Citizen'], birthDate: ['1963'], country: ['au'], gender: ['male'], topics: ['role.rca'] }, true),
    entity('ftm-pep-sanctioned', 'Person', { name: ['Ivan Primerov'], alias: ['Иван Примеров'], birthDate: ['1958-07-01'], nationality: ['ru'], topics: ['role.pep', 'sanction'], passportNumber: ['7100000001'], programId: ['EXAMPLE-RU'] }, true),
    entity('ftm-judge-1', 'Person', { name: ['Maria Sample'], weakAlias: ['La Jueza'], previousName: ['Maria Sampleton'], birthDate: ['1970-05'], citizenship: ['ar'], gender: ['female'], topics: ['role.judge'] }, true),
    entity('ftm-company-1', 'Company', { name: ['Example Trading LLC'], alias: ['ООО Пример'], registrationNumber: ['1027700000001'], innCode: ['7700000001'], jurisdiction: ['ru'], topics: ['sanction'] }, true),
    entity('ftm-vessel-1', 'Vessel', { name: ['SAMPLE STAR'], previousName: ['EXAMPLE GLORY'], imoNumber: ['9123456'], flag: ['pa'], topics: ['sanction.linked'] }, true),
    entity('ftm-counter-1', 'Person', { name: ['Peter Placeholder'], country: ['gb'], topics: ['sanction.counter'] }, true),
    entity('ftm-position-1', 'Position', { name: ['Member of the Example Parliament'], country: ['au'], topics: ['gov.legislative'] }, false),
    entity('ftm-occupancy-1', 'Occupancy', { holder: ['ftm-pep-1'], post: ['ftm-position-1'], startDate: ['2019'] }, false),
    entity('ftm-address-1', 'Address', { full: ['1 Example Street, Canberra'], country: ['au'] }, false),
    entity('ftm-sanction-1', 'Sanction', { entity: ['ftm-pep-sanctioned'], authority: ['Example Authority'], program: ['EXAMPLE-RU'] }, false),
    entity('ftm-family-1', 'Family', { person: ['ftm-pep-1'], relative: ['ftm-rca-1'], relationship: ['spouse'] }, false),
    entity('ftm-not-target', 'Person', { name: ['Nobody Listed'], country: ['au'] }, false),
  ].map((line) => JSON.stringify(line));
  lines.push('{"id": "ftm-broken", "schema": "Person", ');
  lines.push(JSON.stringify({ id: 'ftm-no-schema', properties: {} }));
  lines.push(JSON.stringify(entity('ftm-untagged-person', 'Person', { name: ['Olga Untagged'], country: ['ua'] }, undefined)));
  lines.push(JSON.stringify(entity('ftm-untagged-address', 'Address', { full: ['2 Sample Road, Kyiv'], country: ['ua'] }, undefined)));
  lines.push(JSON.stringify({ ...entity('ftm-no-name', 'Person', { country: ['au'], topics: ['role.pep'] }, true), caption: '' }));
  lines.push(JSON.stringify(entity('ftm-bad-date', 'Person', { name: ['Bad Date Person'], birthDate: ['1961-02-30'], topics: ['role.pep'] }, true)));
  writeFileSync(`${outDir}/peps-entities.ftm.json`, `${lines.join('\n')}\n`);
  return [`opensanctions ftm: ${lines.length} lines (hand-made)`];
}
