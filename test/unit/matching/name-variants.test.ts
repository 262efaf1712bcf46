import { describe, expect, it } from 'vitest';
import { MatchIndex, type MatchQuery } from '../../../src/matching';
import { FEMALE_GIVEN_NAME_GROUPS, MALE_GIVEN_NAME_GROUPS } from '../../../src/matching/prepare/name-variant-groups';
import { variantFold, variantKeyOf } from '../../../src/matching/prepare/name-variants';
import { withoutAnnotations } from '../../../src/matching/prepare/name-annotations';
import { namesIn } from '../../../src/matching/prepare/names-in';
import { tokeniseName } from '../../../src/matching/prepare/tokenise-name';
import { alias, backgroundPopulation, listedEntity } from './listed-entity-factory';

describe('name variant keys', () => {
  const person = (token: string) => variantKeyOf(token, 'person');

  it('files the Russian, Ukrainian and Belarusian forms of a given name under one key', () => {
    for (const form of ['vladimir', 'volodymyr', 'wladimir', 'uladzimir', 'volodimir']) expect(person(form)).toBe('m:vladimir');
    for (const form of ['sergei', 'sergey', 'serhii', 'serhiy', 'siarhei']) expect(person(form)).toBe('m:sergei');
    for (const form of ['tatiana', 'tatyana', 'tetiana', 'tatsiana']) expect(person(form)).toBe('f:tatiana');
  });

  it('keeps different names and the two genders apart', () => {
    expect(person('aleksandr')).not.toBe(person('aleksandra'));
    expect(person('vadym')).not.toBe(person('vladimir'));
    expect(person('smith')).toBeNull();
    expect(person('mariah')).toBeNull();
  });

  it('derives patronymics from the father’s given name, in every spelling system', () => {
    const nikolai = ['nikolaevich', 'nikolayevich', 'mykolayovych', 'mykolaiovych', 'mikalaevich'];
    for (const form of nikolai) expect(person(form)).toBe('pm:nikolai');
    for (const form of ['vladimirovich', 'volodymyrovych', 'wladimirowitsch']) expect(person(form)).toBe('pm:vladimir');
    for (const form of ['alekseevna', 'oleksiivna', 'oleksiyivna']) expect(person(form)).toBe('pf:aleksei');
    expect(person('anatoljevitj')).toBe('pm:anatoli');
    // A son's and a daughter's patronymic are not one name; a surname that ends alike is no patronymic.
    expect(person('sergeevna')).not.toBe(person('sergeevich'));
    expect(person('abramovich')).not.toMatch(/^p/);
  });

  it('folds the Ukrainian and German spellings of an East Slavic surname into the Russian', () => {
    expect(person('fyodorov')).toBe(person('fedorov'));
    expect(person('hladkov')).toBe(person('gladkov'));
    expect(person('shahivalieiev')).toBe(person('shagivaleev'));
    // Only surnames that end as East Slavic ones do: "Hardin" is not "Gardin".
    expect(person('hardin')).toBeNull();
    expect(person('gladkov')).not.toBe(person('gladkova'));
  });

  it('relates organisation words and their transliterated Russian only in organisation names', () => {
    expect(variantKeyOf('zavod', 'organisation')).toBe(variantKeyOf('plant', 'organisation'));
    expect(variantKeyOf('byuro', 'organisation')).toBe('o:bureau');
    expect(variantKeyOf('zavod', 'person')).toBeNull();
  });

  it('lists no spelling in two groups once folded', () => {
    const seen = new Map<string, string>();
    for (const group of [...MALE_GIVEN_NAME_GROUPS, ...FEMALE_GIVEN_NAME_GROUPS]) {
      for (const spelling of group) {
        const owner = seen.get(variantFold(spelling));
        expect(owner === undefined || owner === group[0], `${spelling} in ${owner} and ${group[0]}`).toBe(true);
        seen.set(variantFold(spelling), group[0]!);
      }
    }
  });
});

describe('matching with name variants', () => {
  const solodov = listedEntity({ source: 'ofac', sourceId: '41034', primaryName: 'Vladimir Viktorovich SOLODOV' });
  const perm = listedEntity({ source: 'dfat', sourceId: '8098', kind: 'organisation', primaryName: 'Perm Powder Plant' });
  const index = MatchIndex.build([...backgroundPopulation(), solodov, perm]);
  const search = (query: MatchQuery) => index.search(query).matches;

  it('finds the Russian form of a Ukrainian-spelled name and labels the pairing', () => {
    const [match] = search({ name: 'Volodymyr Viktorovych SOLODOV', entityType: 'person' });
    expect(match?.entityId).toBe('ofac:41034');
    const pairing = match!.explanation.pairings.find((p) => p.query === 'volodymyr');
    expect(pairing).toMatchObject({ listed: 'vladimir', how: 'variant', similarity: 0.9 });
    expect(match!.explanation.summary).toContain('same name in another language');
    expect(match!.score).toBeLessThan(1);
  });

  it('does not pair another name that shares the surname', () => {
    const matches = search({ name: 'Vadym Viktorovych SOLODOV', entityType: 'person' });
    for (const match of matches) expect(match.explanation.pairings.some((p) => p.how === 'variant')).toBe(false);
  });

  it('meets a transliterated organisation word only in organisation queries', () => {
    const [match] = search({ name: 'Perm Powder Zavod', entityType: 'organisation' });
    expect(match?.entityId).toBe('dfat:8098');
    expect(match!.explanation.pairings.find((p) => p.query === 'zavod')?.how).toBe('variant');
  });

  it('meets a Russian legal form by the English initials the lists translate it with', () => {
    const uzga = listedEntity({ source: 'ofac', sourceId: '40236', kind: 'organisation', primaryName: 'UZGA AO' });
    const local = MatchIndex.build([...backgroundPopulation(), uzga]);
    const [match] = local.search({ name: 'UZGA JSC', entityType: 'organisation' }).matches;
    expect(match?.entityId).toBe('ofac:40236');
    expect(match!.explanation.pairings.find((p) => p.query === 'jsc')).toMatchObject({ listed: 'ao', how: 'variant' });
  });
});

describe('what the lists write inside a name field', () => {
  const salimi = listedEntity({ source: 'un', sourceId: 'IRi.038', primaryName: 'Hosein SALIMI', aliases: [alias('Husain Salimi; Hosain Salimi; Hossein Saleemi')] });
  const ammari = listedEntity({ source: 'dfat', sourceId: '483', primaryName: 'Saifi AMMARI', aliases: [alias('El Para (combat name)'), alias('Abderrezak Zaimeche (previously listed as)')] });
  const index = MatchIndex.build([...backgroundPopulation(), salimi, ammari]);
  const top = (name: string) => index.search({ name, entityType: 'person' }).matches[0];

  it('indexes each name of a field listing several as its own', () => {
    const match = top('Hossein Saleemi');
    expect(match?.entityId).toBe('un:IRi.038');
    expect(match?.score).toBeGreaterThan(0.99);
  });

  it('screens each name of a query listing several, keeping an entity’s best', () => {
    const matches = index.search({ name: 'Nobody Atall; Hosain Salimi', entityType: 'person' }).matches;
    expect(matches.map((m) => m.entityId)).toEqual(['un:IRi.038']);
    expect(matches[0]!.score).toBeGreaterThan(0.99);
  });

  it('reads a name ending in an aside in brackets also without it', () => {
    expect(namesIn('LASHKAR I JHANGVI (LJ)')).toEqual(['LASHKAR I JHANGVI (LJ)', 'LASHKAR I JHANGVI']);
    expect(namesIn('(LJ)')).toEqual(['(LJ)']);
    // An original-script name with its Latin spellings in brackets (the UN list's form) is each of them.
    expect(namesIn('أبو بكر البغدادي (Abu Bakr al-Baghdadi al-Husayni; Abu Bakr al-Baghdadi)')).toEqual([
      'أبو بكر البغدادي',
      'Abu Bakr al-Baghdadi al-Husayni',
      'Abu Bakr al-Baghdadi',
    ]);
    const expo = listedEntity({ source: 'ofac', sourceId: '23169', kind: 'organisation', primaryName: 'Chosun Expo (APT 38)' });
    const local = MatchIndex.build([...backgroundPopulation(), expo]);
    expect(local.search({ name: 'Chosun Expo', entityType: 'organisation' }).matches[0]?.score).toBeGreaterThan(0.99);
  });

  it('reads the izafa of an organisation name as a connective, and a person’s single letter as an initial', () => {
    expect(tokeniseName('Jaish-e-Mohammed', 'organisation').map((t) => t.role)).toEqual(['name', 'particle', 'name']);
    expect(tokeniseName('Jaish E Mohammed', 'person').map((t) => t.role)).toEqual(['name', 'initial', 'name']);
  });

  it('drops the lists’ notes about a name on both sides', () => {
    expect(withoutAnnotations('Hajji Abd Al-Nasir (formerly listed as)')).toBe('Hajji Abd Al-Nasir');
    expect(withoutAnnotations('(combat name)')).toBe('(combat name)');
    expect(top('El Para')?.score).toBeGreaterThan(0.99);
    expect(top('Abderrezak Zaimeche (previously listed as)')?.entityId).toBe('dfat:483');
  });
});
