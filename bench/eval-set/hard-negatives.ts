import type { SeededRandom } from '../seeded-random';
import type { EvalItem } from './eval-item';
import { LEGAL_FORM_WORDS, sameWord, type ListedNameSets } from './listed-name-sets';
import { plainKey, plainTokens, scriptOf } from './plain-name';
import type { RecordCluster } from './record-clusters';
import type { RealName } from './real-name-sources';

/**
 * The false positives real screeners report, each built from real names and kept only when the
 * containment rule of `ListedNameSets` says no listed name is a namesake of it:
 * - `surname_other_given`: a listed person's surname with another real given name of the same
 *   initial that is not a spelling of theirs (`sameWord`): "Mariah Sanchez" against "Mario Parra Sanchez";
 * - `given_only_overlap`: a listed person's given names with a real surname of someone else;
 * - `east_asian_latin`: the surname of one listed East Asian person (Korean, Chinese, Vietnamese by
 *   nationality) with the given names of a compatriot: two-syllable given names recur across many people;
 * - `east_asian_native`: the same in Han and Hangul, from the original-script names the lists and
 *   EveryPolitician publish (family name first character or word, given name the rest);
 * - `legal_form_only`: a real Australian company's own words with the legal form of a listed
 *   organisation ("Wesfarmers LLC" against "EMMA LLC");
 * - `person_shares_org_word`: a real given name that is the one distinctive word of a listed
 *   organisation or vessel name, with a real surname ("Emma Husar" against "EMMA LLC", "Elsa …"
 *   against the vessel "ELSA").
 * Each is split with the listed record it was built around.
 */
export interface HardNegativeInputs {
  clusters: readonly RecordCluster[];
  people: readonly RealName[];
  organisations: readonly RealName[];
  listed: ListedNameSets;
  random: SeededRandom;
}

interface Person {
  clusterId: string;
  given: string[];
  surname: string;
  nationalities: string[];
}

const EAST_ASIAN = new Set(['KP', 'KR', 'CN', 'TW', 'HK', 'MO', 'VN']);
const CAPS = {
  surname_other_given: 400,
  given_only_overlap: 400,
  east_asian_latin: 300,
  east_asian_native: 200,
  legal_form_only: 300,
  person_shares_org_word: 150,
} as const;

export function hardNegatives(inputs: HardNegativeInputs): EvalItem[] {
  const { clusters, people, organisations, listed, random } = inputs;
  const listedPeople: Person[] = [];
  for (const cluster of clusters) {
    const indexed = cluster.records.some((r) => r.indexed);
    if (!indexed) continue;
    const nationalities = [...new Set(cluster.records.flatMap((r) => r.nationalities))];
    const seen = new Set<string>();
    for (const record of cluster.records) {
      if (record.kind !== 'person') continue;
      for (const name of record.names) {
        if (!name.given || !name.surname || name.weak || scriptOf(name.name) !== 'latin') continue;
        const key = plainKey(`${name.given.join(' ')} | ${name.surname}`);
        if (seen.has(key)) continue;
        seen.add(key);
        listedPeople.push({ clusterId: cluster.id, given: name.given, surname: name.surname, nationalities });
      }
    }
  }
  const realGiven = people.flatMap((p) => (p.given && scriptOf(p.name) === 'latin' ? [p.given[0]!] : []));
  const realSurnames = people.flatMap((p) => (p.surname && scriptOf(p.name) === 'latin' ? [p.surname] : []));
  const givenByPrefix = new Map<string, string[]>();
  for (const given of new Set([...realGiven, ...listedPeople.map((p) => p.given[0]!)])) {
    const key = plainKey(given);
    if (key.length < 4 || key.includes(' ')) continue;
    const list = givenByPrefix.get(key.slice(0, 1)) ?? [];
    list.push(given);
    givenByPrefix.set(key.slice(0, 1), list);
  }

  const items: EvalItem[] = [];
  const taken = new Set<string>();
  const offer = (group: keyof typeof CAPS, name: string, entityType: 'person' | 'organisation', splitKey: string, from: string) => {
    const key = `${entityType}|${plainKey(name)}`;
    if (taken.has(key) || items.filter((i) => i.group === group).length >= CAPS[group]) return;
    if (listed.isNamesake(name, entityType)) return;
    taken.add(key);
    items.push({ label: 'no_match', group, script: scriptOf(name), scope: 'sanctions', query: { name, entityType }, expected: [], acceptable: [], from, splitKey });
  };

  for (const person of random.shuffled(listedPeople)) {
    const first = plainKey(person.given[0]!);
    const others = (givenByPrefix.get(first.slice(0, 1)) ?? []).filter((g) => !person.given.some((own) => sameWord(plainKey(own), plainKey(g))));
    if (others.length > 0) {
      const given = random.pick(others);
      offer('surname_other_given', `${given} ${person.surname}`, 'person', person.clusterId, `given "${given}" (real) + surname of ${person.clusterId}`);
    }
    if (realSurnames.length > 0) {
      const surname = random.pick(realSurnames);
      if (plainKey(surname) !== plainKey(person.surname)) {
        offer('given_only_overlap', `${person.given.join(' ')} ${surname}`, 'person', person.clusterId, `given names of ${person.clusterId} + surname "${surname}" (real)`);
      }
    }
  }

  const eastAsian = listedPeople.filter((p) => p.nationalities.some((n) => EAST_ASIAN.has(n)));
  for (const person of random.shuffled(eastAsian)) {
    const compatriots = eastAsian.filter((o) => o.nationalities.some((n) => EAST_ASIAN.has(n) && person.nationalities.includes(n)));
    const other = random.pick(compatriots);
    if (other.clusterId === person.clusterId || plainKey(other.given.join(' ')) === plainKey(person.given.join(' '))) continue;
    const name = random.chance(0.5) ? `${person.surname} ${other.given.join(' ')}` : `${other.given.join(' ')} ${person.surname}`;
    offer('east_asian_latin', name, 'person', person.clusterId, `surname of ${person.clusterId} + given names of ${other.clusterId}`);
  }

  const native: Array<{ family: string; given: string; spaced: boolean; clusterId: string }> = [];
  for (const cluster of clusters) {
    for (const record of cluster.records) {
      if (record.kind !== 'person') continue;
      for (const { name } of record.names) nativeParts(name, cluster.id, native);
    }
  }
  for (const person of people) nativeParts(person.name, person.identity, native);
  for (const part of random.shuffled(native)) {
    const other = random.pick(native.filter((n) => n.spaced === part.spaced && scriptOf(n.given) === scriptOf(part.given)));
    if (other.clusterId === part.clusterId || other.given === part.given) continue;
    const name = part.spaced ? `${other.given} ${part.family}` : `${part.family}${other.given}`;
    offer('east_asian_native', name, 'person', part.clusterId, `family name of ${part.clusterId} + given name of ${other.clusterId}`);
  }

  const listedForms: Array<{ form: string; clusterId: string; core: string }> = [];
  for (const cluster of clusters) {
    for (const record of cluster.records) {
      if (!record.indexed || record.kind === 'person' || record.kind === 'vessel') continue;
      const words = record.names[0]!.name.split(/\s+/);
      let cut = words.length;
      while (cut > 0 && plainTokens(words[cut - 1]!).every((t) => LEGAL_FORM_WORDS.has(t))) cut--;
      if (cut === 0 || cut === words.length) continue;
      listedForms.push({ form: words.slice(cut).join(' '), clusterId: cluster.id, core: words.slice(0, cut).join(' ') });
    }
  }
  for (const organisation of random.shuffled(organisations)) {
    if (listedForms.length === 0) break;
    const words = organisation.name.split(/\s+/);
    let cut = words.length;
    while (cut > 0 && plainTokens(words[cut - 1]!).every((t) => LEGAL_FORM_WORDS.has(t))) cut--;
    if (cut === 0) continue;
    const listedForm = random.pick(listedForms);
    offer('legal_form_only', `${words.slice(0, cut).join(' ')} ${listedForm.form}`, 'organisation', listedForm.clusterId, `"${organisation.name}" (${organisation.source}) with the legal form of ${listedForm.clusterId}`);
  }

  const givenNames = new Map(realGiven.map((g) => [plainKey(g), g]));
  const oneWordNames: Array<{ word: string; clusterId: string; name: string }> = [];
  for (const cluster of clusters) {
    for (const record of cluster.records) {
      if (!record.indexed || record.kind === 'person') continue;
      for (const { name, weak } of record.names) {
        const words = plainTokens(name).filter((t) => !LEGAL_FORM_WORDS.has(t));
        if (!weak && words.length === 1 && givenNames.has(words[0]!)) oneWordNames.push({ word: words[0]!, clusterId: cluster.id, name });
      }
    }
  }
  for (const listedName of random.shuffled(oneWordNames)) {
    if (realSurnames.length === 0) break;
    const name = `${givenNames.get(listedName.word)!} ${random.pick(realSurnames)}`;
    offer('person_shares_org_word', name, 'person', listedName.clusterId, `real given name equal to the one word of ${listedName.clusterId} "${listedName.name}"`);
  }
  return items;
}

/** Han names of two to four characters (family name first), Hangul names of two or more words. */
function nativeParts(name: string, clusterId: string, into: Array<{ family: string; given: string; spaced: boolean; clusterId: string }>): void {
  const script = scriptOf(name);
  const trimmed = name.trim();
  if (script === 'han' && /^[\u3400-\u9FFF]{2,4}$/u.test(trimmed)) {
    into.push({ family: trimmed[0]!, given: trimmed.slice(1), spaced: false, clusterId });
  } else if (script === 'hangul') {
    const words = trimmed.split(/\s+/);
    if (words.length >= 2) into.push({ family: words[words.length - 1]!, given: words.slice(0, -1).join(' '), spaced: true, clusterId });
    else if (/^[\uAC00-\uD7AF]{2,4}$/u.test(trimmed)) into.push({ family: trimmed[0]!, given: trimmed.slice(1), spaced: false, clusterId });
  }
}
