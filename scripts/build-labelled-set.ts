/**
 * Builds the labelled set for `npm run eval:matching` (fixed seed: the same lists give the same file).
 *
 * Positives: real listed names (primary names and strong Latin aliases of DFAT, UN and OFAC people and
 * organisations) spelled as a customer might: verbatim aliases, keyboard typos, reordering, a dropped
 * middle name or legal form, a transliteration variant, joined or split parts, an initial, typo plus
 * reordering. Each names every entity listed under the same name (DFAT and UN list many people twice).
 *
 * Negatives: real names that are not listed (ATO tax transparency companies, ACNC charities, ASIC
 * banned people), made-up people from common Australian given names and surnames, and namesakes of
 * listed people (their given names with another surname, their surname with other given names). A name is left
 * out when it is ambiguous against a list, judged without the matcher's weights: its distinctive words
 * (people's compared by sound, organisations' by spelling) are the same as a listed name's ("Rosneft
 * Australia Pty Ltd" against "ROSNEFT"), or one set contains the other and they share at least two
 * ("Mohammed Hassan" against "Mohammed Hassan Farouk" is a judgement call, not a negative). Sharing one
 * word is not ambiguous: "The Royal Automobile Club" must not match "ROYAL SHIPPING AGENCY".
 *
 * Run: `npx tsx scripts/build-labelled-set.ts` (writes test/fixtures/matching/labelled-set.jsonl).
 */
import { writeFile } from 'node:fs/promises';
import { entityIdOf, phoneticKeys, tokeniseName, type NameContext } from '../src/matching';
import type { ListedEntity } from '../src/sources/listed-entity';
import { LABELLED_SET_PATH, type LabelledQuery } from '../bench/labelled-set';
import { VARIANT_KINDS } from '../bench/name-variants';
import { listedVariant, screenable } from '../bench/screening-queries';
import { SeededRandom } from '../bench/seeded-random';
import { atoCompanyNames, madeUpPersonName, namesakeOf, registerNames, SHARED_DATA } from '../bench/unlisted-names';
import { loadWatchlists } from '../bench/watchlists';

const SEED = 20260227;
const POSITIVES = 1600;
const NEGATIVE_SOURCES = {
  ato_company: 700,
  acnc_charity: 100,
  asic_banned_person: 50,
  made_up_person: 450,
  shared_given_names: 150,
  shared_surname: 150,
} as const;

type Kind = 'person' | 'other';

async function main(): Promise<void> {
  const random = new SeededRandom(SEED);
  const { entities } = await loadWatchlists();
  const listedNames = indexListedNames(entities);
  const items: Array<Omit<LabelledQuery, 'id' | 'split'>> = [...positives(entities, listedNames, random)];
  for (const negative of await negatives(entities, listedNames, random)) items.push(negative);

  const lines = random.shuffled(items).map((item, i) => {
    const labelled: LabelledQuery = { id: `q${String(i + 1).padStart(4, '0')}`, split: splitOf(item.query), ...item };
    return JSON.stringify(labelled);
  });
  await writeFile(LABELLED_SET_PATH, `${lines.join('\n')}\n`);
  const matches = items.filter((i) => i.label === 'match').length;
  console.log(`${LABELLED_SET_PATH}: ${lines.length} queries (${matches} match, ${lines.length - matches} no_match)`);
}

/**
 * Half the queries are for tuning (`dev`), half for reporting (`test`), decided by a hash of the query
 * itself so that regenerating the set with more or other items never moves an item between halves.
 */
function splitOf(query: { name: string; entityType: string }): 'dev' | 'test' {
  let hash = 0x811c9dc5;
  for (const ch of `${query.entityType}|${query.name}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193);
  return (hash >>> 0) % 2 === 0 ? 'dev' : 'test';
}

/** Every Latin name of every entity: its folded signature, and its distinctive sounds. */
interface ListedNames {
  idsBySignature: Map<string, Set<string>>;
  namesBySound: Map<string, number[]>;
  sounds: Array<{ kind: Kind; sounds: Set<string> }>;
  signatures: Set<string>;
}

function indexListedNames(entities: readonly ListedEntity[]): ListedNames {
  const listed: ListedNames = { idsBySignature: new Map(), namesBySound: new Map(), sounds: [], signatures: new Set() };
  for (const entity of entities) {
    const kind: Kind = entity.kind === 'person' ? 'person' : 'other';
    const names = [entity.primaryName, ...entity.aliases.filter((a) => a.script === 'latin').map((a) => a.name)];
    for (const name of names) {
      const signature = signatureOf(name, kind);
      listed.signatures.add(`${kind}|${signature}`);
      const ids = listed.idsBySignature.get(`${kind}|${signature}`) ?? new Set<string>();
      ids.add(entityIdOf(entity));
      listed.idsBySignature.set(`${kind}|${signature}`, ids);
      const sounds = distinctiveSounds(name, kind);
      const at = listed.sounds.push({ kind, sounds }) - 1;
      for (const sound of sounds) {
        const names = listed.namesBySound.get(sound);
        if (names) names.push(at);
        else listed.namesBySound.set(sound, [at]);
      }
    }
  }
  return listed;
}

const contextOf = (kind: Kind): NameContext => (kind === 'person' ? 'person' : 'organisation');

function signatureOf(name: string, kind: Kind): string {
  return tokeniseName(name, contextOf(kind)).map((t) => t.text).join(' ');
}

/** People's distinctive words by sound; organisations' by spelling. */
function distinctiveSounds(name: string, kind: Kind): Set<string> {
  const tokens = tokeniseName(name, contextOf(kind)).filter((t) => t.role === 'name' && t.text.length > 1);
  if (kind === 'other') return new Set(tokens.map((t) => t.text));
  return new Set(tokens.map((t) => phoneticKeys(t.text)[0] ?? t.text));
}

function* positives(entities: readonly ListedEntity[], listed: ListedNames, random: SeededRandom) {
  const pool = random.shuffled(entities.filter(screenable));
  const seen = new Set<string>();
  let made = 0;
  let turn = 0;
  for (const entity of pool) {
    if (made === POSITIVES) return;
    const kind: Kind = entity.kind === 'person' ? 'person' : 'other';
    for (let attempt = 0; attempt < VARIANT_KINDS.length; attempt++) {
      const variation = VARIANT_KINDS[(turn + attempt) % VARIANT_KINDS.length]!;
      const variant = listedVariant(entity, variation, random);
      if (!variant || !informative(variant.from, kind) || seen.has(`${kind}|${variant.query.name}`)) continue;
      seen.add(`${kind}|${variant.query.name}`);
      const expected = listed.idsBySignature.get(`${kind}|${signatureOf(variant.from, kind)}`) ?? new Set([entityIdOf(entity)]);
      turn++;
      made++;
      yield { label: 'match' as const, query: variant.query, expected: [...expected].sort(), variation, from: variant.from };
      break;
    }
  }
}

/** A customer's full name is at least two name words (people) or one distinctive word (organisations). */
function informative(name: string, kind: Kind): boolean {
  const words = tokeniseName(name, contextOf(kind)).filter((t) => t.role === 'name' && t.text.length > 1);
  return words.length >= (kind === 'person' ? 2 : 1);
}

async function negatives(entities: readonly ListedEntity[], listed: ListedNames, random: SeededRandom) {
  const people = entities.filter((e) => e.kind === 'person' && informative(e.primaryName, 'person'));
  const namesakes = (kind: 'shared_given_names' | 'shared_surname') =>
    Array.from({ length: 3000 }, () => namesakeOf(random.pick(people).primaryName, random))
      .filter((namesake) => namesake?.kind === kind)
      .map((namesake) => namesake!.name);
  const sources: Record<keyof typeof NEGATIVE_SOURCES, { kind: Kind; names: () => string[] | Promise<string[]> }> = {
    ato_company: { kind: 'other', names: () => atoCompanyNames() },
    acnc_charity: { kind: 'other', names: () => registerNames(`${SHARED_DATA}/registers/acnc_register_head.csv`, 'Charity_Legal_Name') },
    asic_banned_person: { kind: 'person', names: () => registerNames(`${SHARED_DATA}/registers/asic_banned_persons.csv`, 'BD_PER_NAME') },
    made_up_person: { kind: 'person', names: () => Array.from({ length: 3000 }, () => madeUpPersonName(random)) },
    shared_given_names: { kind: 'person', names: () => namesakes('shared_given_names') },
    shared_surname: { kind: 'person', names: () => namesakes('shared_surname') },
  };
  const made: Array<Omit<LabelledQuery, 'id' | 'split'>> = [];
  const seen = new Set<string>();
  const leftOut: string[] = [];
  for (const [variation, wanted] of Object.entries(NEGATIVE_SOURCES)) {
    const source = sources[variation as keyof typeof NEGATIVE_SOURCES];
    let count = 0;
    for (const name of random.shuffled(await source.names())) {
      if (count === wanted) break;
      const key = `${source.kind}|${signatureOf(name, source.kind)}`;
      if (seen.has(key)) continue;
      if (ambiguous(name, source.kind, listed)) {
        leftOut.push(`${variation}: ${name}`);
        continue;
      }
      seen.add(key);
      count++;
      const entityType = source.kind === 'person' ? 'person' : 'organisation';
      made.push({ label: 'no_match', query: { name, entityType }, expected: [], variation, from: null });
    }
  }
  console.log(`left out as ambiguous against a list: ${leftOut.length}`);
  for (const name of leftOut.slice(0, 40)) console.log(`  ${name}`);
  return made;
}

function ambiguous(name: string, kind: Kind, listed: ListedNames): boolean {
  if (listed.signatures.has(`${kind}|${signatureOf(name, kind)}`)) return true;
  const sounds = distinctiveSounds(name, kind);
  const candidates = new Set<number>();
  for (const sound of sounds) for (const at of listed.namesBySound.get(sound) ?? []) candidates.add(at);
  for (const at of candidates) {
    const other = listed.sounds[at]!;
    if (other.kind !== kind) continue;
    const shared = [...sounds].filter((s) => other.sounds.has(s)).length;
    const same = shared === sounds.size && shared === other.sounds.size;
    const nested = shared >= 2 && (shared === sounds.size || shared === other.sounds.size);
    if (same || nested) return true;
  }
  return false;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
