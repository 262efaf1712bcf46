/**
 * Listed entities for the million-name benchmark (`npm run bench:matching -- --names 1000000`): the
 * real lists hold 50,000 names, a PEP or sanctions service holds millions, so the rest are made up, but
 * only from what real names are made of (`support/name-pools.ts`): per script, given names and
 * surnames drawn with their real frequencies, the real share of persons and organisations, real
 * organisation words and legal forms, the real number of aliases per entity, aliases of the kinds lists
 * publish (reordered, a name dropped or added, a former surname, a spelling variant, a name in another
 * script), and birth years and nationalities as the lists publish them. A fixed seed makes the same
 * population on every run.
 */
import type { DateOfBirth, ListedEntity, ListedName } from '../src/sources/listed-entity';
import { SeededRandom } from './seeded-random';
import { scriptOf, type NamePools, type OrganisationPool, type PersonPool, type Script } from './support/name-pools';

export const GENERATED_SOURCE = 'generated';
const DEFAULT_SEED = 20261126;
/** Real entities with dozens of aliases exist (OFAC); the generator keeps the distribution below this. */
const MAX_ALIASES = 12;

/**
 * Yields generated entities until they carry `names` names (primary plus aliases) between them. Each
 * is a fresh object from JSON, as an API process gets it from PostgreSQL, so its memory is realistic.
 */
export function* generatedEntities(pools: NamePools, names: number, seed = DEFAULT_SEED): Generator<ListedEntity> {
  const random = new SeededRandom(seed);
  let made = 0;
  for (let n = 0; made < names; n++) {
    const entity = random.chance(pools.personShare) ? person(pools, random, n) : organisation(pools, random, n);
    made += 1 + entity.aliases.length;
    yield JSON.parse(JSON.stringify(entity)) as ListedEntity;
  }
}

function person(pools: NamePools, random: SeededRandom, n: number): ListedEntity {
  const script = usablePersonScript(pools, random.pick(pools.personScripts));
  const pool = pools.persons[script]!;
  const parts = personParts(pool, random);
  const primaryName = writePerson(pool, parts, random);
  const aliases: ListedName[] = [];
  const wanted = Math.min(MAX_ALIASES, random.pick(pools.personAliasCounts));
  for (let tries = 0; aliases.length < wanted && tries < wanted * 3; tries++) {
    const alias = personAlias(pools, pool, parts, random);
    if (isNewReading(alias.name, primaryName, aliases)) aliases.push(alias);
  }
  return {
    ...common(n, 'person', primaryName, aliases),
    datesOfBirth: dateOfBirth(pools, random),
    nationalities: random.chance(0.8) && pools.nationalities.length > 0 ? [random.pick(pools.nationalities)] : [],
    gender: random.chance(0.45) ? 'M' : random.chance(0.6) ? 'F' : null,
  };
}

function organisation(pools: NamePools, random: SeededRandom, n: number): ListedEntity {
  const script = usableOrganisationScript(pools, random.pick(pools.organisationScripts));
  const pool = pools.organisations[script]!;
  const words = organisationWords(pool, random);
  const legalForm = random.pick(pool.legalForms);
  const primaryName = writeOrganisation(words, legalForm);
  const aliases: ListedName[] = [];
  const wanted = Math.min(MAX_ALIASES, random.pick(pools.organisationAliasCounts));
  for (let tries = 0; aliases.length < wanted && tries < wanted * 3; tries++) {
    const alias = organisationAlias(pools, pool, words, random);
    if (isNewReading(alias.name, primaryName, aliases)) aliases.push(alias);
  }
  return {
    ...common(n, 'organisation', primaryName, aliases),
    countries: random.chance(0.8) && pools.countries.length > 0 ? [random.pick(pools.countries)] : [],
  };
}

function common(n: number, kind: 'person' | 'organisation', primaryName: string, aliases: ListedName[]): ListedEntity {
  return {
    source: GENERATED_SOURCE,
    sourceId: `G${n}`,
    listKind: kind === 'person' ? 'pep' : 'other',
    kind,
    primaryName,
    aliases,
    datesOfBirth: [],
    placesOfBirth: [],
    nationalities: [],
    countries: [],
    gender: null,
    programmes: ['GENERATED'],
    listedOn: null,
    controlDate: null,
    remarks: null,
    identifiers: [],
  };
}

interface PersonParts {
  given: string[];
  surname: string;
}

function personParts(pool: PersonPool, random: SeededRandom): PersonParts {
  const count = Math.max(1, Math.min(4, random.pick(pool.givenCounts)));
  return { given: pickWords({ words: pool.given }, random, count), surname: random.pick(pool.surnames) };
}

function writePerson(pool: PersonPool, parts: PersonParts, random: SeededRandom): string {
  if (pool.unspaced) return parts.surname + parts.given.join('');
  return random.chance(0.3) ? `${parts.surname.toUpperCase()}, ${parts.given.join(' ')}` : `${parts.given.join(' ')} ${parts.surname}`;
}

function personAlias(pools: NamePools, pool: PersonPool, parts: PersonParts, random: SeededRandom): ListedName {
  const roll = random.next();
  if (roll < 0.2 && pools.aliasScripts.length > 0) {
    const script = usablePersonScript(pools, random.pick(pools.aliasScripts));
    const other = pools.persons[script]!;
    return listed(writePerson(other, personParts(other, random), random), 'original_script', script);
  }
  let changed: PersonParts;
  if (roll < 0.4) changed = { given: parts.given, surname: random.pick(pool.surnames) };
  else if (roll < 0.6 && parts.given.length > 1) changed = { given: withoutOne(parts.given, random), surname: parts.surname };
  else if (roll < 0.75) changed = { given: [...parts.given, random.pick(pool.given)], surname: parts.surname };
  else if (roll < 0.9) changed = { given: parts.given.map((g) => (random.chance(0.5) ? respelt(g, random) : g)), surname: respelt(parts.surname, random) };
  else return listed(pool.unspaced ? parts.given.join('') + parts.surname : `${parts.surname} ${parts.given.join(' ')}`, 'alias', scriptOf(parts.surname));
  return listed(writePerson(pool, changed, random), roll < 0.4 ? 'former' : 'alias', scriptOf(changed.surname));
}

function organisationAlias(pools: NamePools, pool: OrganisationPool, words: string[], random: SeededRandom): ListedName {
  const roll = random.next();
  if (roll < 0.15 && pools.aliasScripts.length > 0) {
    const script = usableOrganisationScript(pools, random.pick(pools.aliasScripts));
    const other = pools.organisations[script]!;
    return listed(writeOrganisation(organisationWords(other, random), random.pick(other.legalForms)), 'original_script', script);
  }
  if (roll < 0.45) return listed(writeOrganisation(words, random.pick(pool.legalForms)), 'alias', scriptOf(words[0]!));
  if (roll < 0.65 && words.length > 1) return listed(writeOrganisation(withoutOne(words, random), random.pick(pool.legalForms)), 'alias', scriptOf(words[0]!));
  if (roll < 0.8 && words.length > 2) return listed(words.map((w) => [...w][0]!.toUpperCase()).join(''), 'alias', scriptOf(words[0]!));
  const renamed = [...words];
  renamed[random.below(renamed.length)] = random.pick(pool.words);
  return listed(writeOrganisation(renamed, random.pick(pool.legalForms)), 'former', scriptOf(renamed[0]!));
}

/**
 * False when the alias reads as the primary or an earlier alias once case, punctuation and the
 * "SURNAME, Given" order are set aside: an index keeps such a name once, and the benchmark's name count
 * should be names the index holds.
 */
function isNewReading(alias: string, primaryName: string, aliases: readonly ListedName[]): boolean {
  const reading = readingOf(alias);
  return reading !== '' && reading !== readingOf(primaryName) && !aliases.some((a) => readingOf(a.name) === reading);
}

function readingOf(name: string): string {
  const comma = name.indexOf(',');
  const ordered = comma > 0 ? `${name.slice(comma + 1)} ${name.slice(0, comma)}` : name;
  return ordered.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

function writeOrganisation(words: string[], legalForm: { text: string; leading: boolean }): string {
  if (legalForm.text === '') return words.join(' ');
  return legalForm.leading ? `${legalForm.text} ${words.join(' ')}` : `${words.join(' ')} ${legalForm.text}`;
}

function listed(name: string, type: ListedName['type'], script: Script): ListedName {
  const published: ListedName['script'] = script === 'han' || script === 'hangul' ? 'cjk' : script === 'latin' || script === 'arabic' || script === 'cyrillic' ? script : 'other';
  return { name, type, strength: 'strong', script: published };
}

/**
 * A real organisation's body with most of its words (each with 70 % chance, at least one) replaced by
 * words drawn from every real name, so lengths and word order are those of real names and a
 * connecting word often stays in place ("X MINING AND Y").
 */
function organisationWords(pool: OrganisationPool, random: SeededRandom): string[] {
  const template = random.pick(pool.bodies);
  const forced = random.below(template.length);
  return template.map((word, i) => (i === forced || random.chance(0.7) ? random.pick(pool.words) : word));
}

function withoutOne(words: string[], random: SeededRandom): string[] {
  const dropped = random.below(words.length);
  return words.filter((_, i) => i !== dropped);
}

/** `count` distinct words drawn with their frequencies (fewer if the pool is that small). */
function pickWords(pool: { words: string[] }, random: SeededRandom, count: number): string[] {
  const words: string[] = [];
  for (let tries = 0; words.length < count && tries < count * 4; tries++) {
    const word = random.pick(pool.words);
    if (!words.includes(word)) words.push(word);
  }
  return words;
}

/** A spelling variant of the kind transliterations produce: a letter doubled or a doubled one dropped. */
function respelt(word: string, random: SeededRandom): string {
  const letters = [...word];
  if (letters.length < 4) return word;
  const at = 1 + random.below(letters.length - 2);
  if (letters[at] === letters[at - 1]) letters.splice(at, 1);
  else letters.splice(at, 0, letters[at]!);
  return letters.join('');
}

function dateOfBirth(pools: NamePools, random: SeededRandom): DateOfBirth[] {
  if (pools.birthYears.length === 0 || random.chance(0.15)) return [];
  const year = random.pick(pools.birthYears);
  if (random.chance(0.12)) return [{ kind: 'year', year, raw: String(year) }];
  const month = String(1 + random.below(12)).padStart(2, '0');
  const day = String(1 + random.below(28)).padStart(2, '0');
  return [{ kind: 'exact', date: `${year}-${month}-${day}`, raw: `${day}/${month}/${year}` }];
}

/** The script if it has a person pool with names to draw, else Latin. */
function usablePersonScript(pools: NamePools, script: Script): Script {
  const pool = pools.persons[script];
  return pool && pool.given.length > 0 && pool.surnames.length > 0 ? script : 'latin';
}

function usableOrganisationScript(pools: NamePools, script: Script): Script {
  const pool = pools.organisations[script];
  return pool && pool.words.length > 0 && pool.legalForms.length > 0 ? script : 'latin';
}
