import { describe, expect, it } from 'vitest';
import { buildNameTable } from '../../../src/matching/index/name-table-build';
import { pairingBound } from '../../../src/matching/index/pairing-bound';
import { prepareQuery } from '../../../src/matching/index/prepared-query';
import { alignName, type NameShape } from '../../../src/matching/score/name-alignment';
import { alias, backgroundPopulation, listedEntity } from './listed-entity-factory';

const SHAPES: readonly NameShape[] = ['syllabic', 'person', 'other'];

function tableWithTargets() {
  return buildNameTable([
    ...backgroundPopulation(),
    listedEntity({ primaryName: 'Mohammed Smith' }),
    listedEntity({ primaryName: 'Muhammad Muhammadi' }),
    listedEntity({ primaryName: 'Abdulrahman Al Saleh', aliases: [alias('Abdul Rahman Alsaleh'), alias('A. R. Saleh')] }),
    listedEntity({ primaryName: 'S. Karimov' }),
    listedEntity({ primaryName: 'Li Wei Chen' }),
    listedEntity({ kind: 'organisation', primaryName: 'Zarya Trading Holdings LLC' }),
  ]);
}

describe('pairing bound', () => {
  it('is never below the score any alignment shape gives, for every listed name and query', () => {
    const table = tableWithTargets();
    const queries = [
      'S. Muhammadi Muhammad', 'Mohammed Smith', 'Smith Mohammed', 'Mohamed Smyth', 'M. Smith', 'Abdul Rahman Al-Saleh',
      'Abdulrahman Alsaleh', 'A. Saleh', 'Sergei Karimov', 'Chen Li Wei', 'Li Chen', 'Zarya Trading', 'Mohammed Mohammed Ali',
      'Ali Hassan Karimov', 'Omar Qasim Rashid', 'George John',
    ];
    let compared = 0;
    for (const text of queries) {
      for (const context of ['person', 'organisation'] as const) {
        const query = prepareQuery(table, text, context);
        for (let name = 0; name < table.nameEntity.length; name++) {
          const bound = pairingBound(table, query, name, table.rarity.informationFloor);
          for (const shape of SHAPES) {
            expect(alignName(table, query, name, shape).score, `${text} vs name ${name} (${shape})`).toBeLessThanOrEqual(bound);
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('credits a listed token once, however many query tokens met it', () => {
    const table = tableWithTargets();
    const name = nameIndexOf(table, 'Mohammed Smith');
    const query = prepareQuery(table, 'S. Muhammadi Muhammad', 'person');
    // Both "Muhammadi" and "Muhammad" meet "Mohammed"; only one can pair with it.
    const met = query.units.filter((unit) => unit.opensCandidates && unit.hits.formIds.includes(table.tokenForm[table.tokenStart[name]!]!));
    expect(met.length).toBe(2);
    const bound = pairingBound(table, query, name, table.rarity.informationFloor);
    expect(bound).toBeLessThan(0.8);
    expect(alignName(table, query, name, 'person').score).toBeLessThanOrEqual(bound);
  });

  it('stays at full marks for an exact name', () => {
    const table = tableWithTargets();
    const name = nameIndexOf(table, 'Muhammad Muhammadi');
    const query = prepareQuery(table, 'Muhammad Muhammadi', 'person');
    const score = alignName(table, query, name, 'person').score;
    expect(pairingBound(table, query, name, table.rarity.informationFloor)).toBeGreaterThanOrEqual(score);
    expect(score).toBeGreaterThan(0.9);
  });
});

function nameIndexOf(table: ReturnType<typeof buildNameTable>, text: string): number {
  const entity = table.entities.findIndex((e) => e.primaryName === text);
  for (let name = 0; name < table.nameEntity.length; name++) if (table.nameEntity[name] === entity) return name;
  throw new Error(`no listed name ${text}`);
}
