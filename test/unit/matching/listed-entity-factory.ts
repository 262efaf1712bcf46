import type { ListedEntity, ListedName } from '../../../src/sources/listed-entity';

let next = 1;

/** A listed entity with sensible defaults: tests state only what they are about. */
export function listedEntity(overrides: Partial<ListedEntity> & { primaryName: string }): ListedEntity {
  return {
    source: 'dfat',
    sourceId: String(next++),
    listKind: 'sanctions',
    kind: 'person',
    aliases: [],
    datesOfBirth: [],
    placesOfBirth: [],
    nationalities: [],
    countries: [],
    gender: null,
    programmes: [],
    listedOn: null,
    controlDate: null,
    remarks: null,
    identifiers: [],
    ...overrides,
  };
}

export function alias(name: string, overrides: Partial<ListedName> = {}): ListedName {
  return { name, type: 'alias', strength: 'strong', script: 'latin', ...overrides };
}

/**
 * A small population standing in for a real list: token rarity is measured over the index, so a test
 * about a rare surname needs common names around it. Mohammed/Ali/Ahmed/Hassan/George/John are common
 * here as they are on the real lists.
 */
export function backgroundPopulation(): ListedEntity[] {
  const given = ['Mohammed', 'Muhammad', 'Ali', 'Ahmed', 'Hassan', 'Abdul', 'Omar', 'George', 'John', 'Ibrahim'];
  const family = [
    'Karimov', 'Petrov', 'Haddad', 'Nasser', 'Sokolov', 'Rahimi', 'Khalil', 'Mansour', 'Volkov', 'Saleh',
    'Aziz', 'Farouk', 'Jaber', 'Kuznetsov', 'Lebedev', 'Morozov', 'Qasim', 'Rashid', 'Sabri', 'Tahir',
  ];
  const people: ListedEntity[] = [];
  family.forEach((surname, i) => {
    people.push(listedEntity({ primaryName: `${given[i % given.length]} ${given[(i + 3) % given.length]} ${surname}` }));
  });
  const companies = ['Trading', 'International', 'Corp', 'Group', 'Holdings', 'LLC', 'Company', 'Industries'];
  ['Zarya', 'Volna', 'Orion', 'Sever', 'Almaz', 'Granit', 'Kedr', 'Rubin', 'Yantar', 'Zenit'].forEach((word, i) => {
    const name = `${word} ${companies[i % companies.length]} ${companies[(i + 1) % companies.length]}`;
    people.push(listedEntity({ primaryName: name, kind: 'organisation' }));
  });
  return people;
}
