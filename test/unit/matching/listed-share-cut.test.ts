import { describe, expect, it } from 'vitest';
import { listedShareCut } from '../../../src/matching/index/listed-share-cut';
import { buildNameTable } from '../../../src/matching/index/name-table-build';
import { prepareQuery } from '../../../src/matching/index/prepared-query';
import { openingUnits } from '../../../src/matching/index/unit-admission';
import { backgroundPopulation, listedEntity } from './listed-entity-factory';

describe('listed share cut', () => {
  const table = buildNameTable([
    ...backgroundPopulation(),
    listedEntity({ primaryName: 'Mohammed Karimov' }),
    listedEntity({ primaryName: 'Mohammed Rashid' }),
    listedEntity({ primaryName: 'Sergei Karimov' }),
  ]);
  const query = prepareQuery(table, 'Mohammed Karimov', 'person');
  const units = openingUnits(query);
  const cutUnit = units.findIndex((unit) => unit.text === 'mohammed');

  it('asks more of a name the cut walk opens when another unit opened its names before (such a name met none of them)', () => {
    expect(cutUnit).toBeGreaterThanOrEqual(0);
    const othersOpened = listedShareCut(query, units, units.map(() => true), cutUnit, 0.8, 0);
    const othersOnlyUpdate = listedShareCut(query, units, units.map((_, k) => k === cutUnit), cutUnit, 0.8, 0);
    expect(othersOpened).not.toBeNull();
    expect(othersOnlyUpdate).not.toBeNull();
    // "Karimov" opened its names first: a name the walk of "Mohammed" opens covers at most half the query.
    expect(othersOpened!.least).toBeGreaterThan(othersOnlyUpdate!.least);
  });
});
