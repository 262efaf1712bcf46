import { describe, expect, it } from 'vitest';
import { outcomeOf } from '../../../bench/eval-set/eval-figures';
import type { EvalQuery } from '../../../bench/eval-set/eval-query';
import { ListedNameSets, sameWord } from '../../../bench/eval-set/listed-name-sets';
import { bigramDice, plainKey, scriptOf, sortedKey } from '../../../bench/eval-set/plain-name';
import { publishedPositives } from '../../../bench/eval-set/published-positives';
import type { PublishedRecord } from '../../../bench/eval-set/published-records';
import { clusterRecords } from '../../../bench/eval-set/record-clusters';

/** The evaluation set's own rules: they decide labels, so they are tested like code that ships. */

function record(id: string, kind: PublishedRecord['kind'], names: string[], extra: Partial<PublishedRecord> = {}): PublishedRecord {
  return {
    id,
    indexed: !id.startsWith('uk:') && !id.startsWith('os:'),
    kind,
    names: names.map((name, at) => ({ name, type: at === 0 ? 'primary' : 'alias', weak: false })),
    birthYears: new Set(),
    unReference: null,
    identifiers: new Set(),
    nationalities: [],
    ...extra,
  };
}

describe('plain names', () => {
  it('fold case, accents and punctuation but keep word order unless sorted', () => {
    expect(plainKey("Jos\u00e9 O'BRIEN-Díaz")).toBe('jose o brien diaz');
    expect(sortedKey('PUTIN, Vladimir')).toBe(sortedKey('Vladimir Putin'));
    expect(plainKey('PUTIN, Vladimir')).not.toBe(plainKey('Vladimir Putin'));
  });

  it('name the script most letters are written in', () => {
    expect(scriptOf('صدام حسين التكريتي')).toBe('arabic');
    expect(scriptOf('Тони Абботт')).toBe('cyrillic');
    expect(scriptOf('黃英賢')).toBe('han');
    expect(scriptOf('페니 웡')).toBe('hangul');
    expect(scriptOf('ג׳וליה גילארד')).toBe('hebrew');
    expect(scriptOf('Τζούλια Γκίλαρντ')).toBe('other');
    expect(scriptOf('Mario Parra Sánchez')).toBe('latin');
  });

  it('tell a spelling from a different word by letter pairs', () => {
    expect(bigramDice('Mohammed', 'Mohammad')).toBeGreaterThanOrEqual(0.7);
    expect(bigramDice('Mariah', 'Mario')).toBeLessThan(0.7);
    expect(bigramDice('MID', 'Ministry of Intelligence')).toBeLessThan(0.5);
    expect(sameWord('aleksei', 'alexey')).toBe(true);
    expect(sameWord('alyaksei', 'aleksey')).toBe(true);
    expect(sameWord('mariah', 'mario')).toBe(false);
  });
});

describe('negatives are excluded only as namesakes of listed names', () => {
  const listed = new ListedNameSets([
    record('ofac:1', 'person', ['Mario PARRA SANCHEZ']),
    record('ofac:2', 'person', ['Mohammad DIB']),
    record('ofac:3', 'organisation', ['ROSNEFT']),
    record('ofac:4', 'organisation', ['EMMA LLC']),
    record('ofac:5', 'organisation', ['TRADING COMPANY LLC']),
  ]);

  it('keeps a shared surname with another given name, and a shared legal form', () => {
    expect(listed.isNamesake('Mariah Sanchez', 'person')).toBe(false);
    expect(listed.isNamesake('Wesfarmers LLC', 'organisation')).toBe(false);
    expect(listed.isNamesake('Emma Watson', 'person')).toBe(false);
    expect(listed.isNamesake('Acme Trading Company LLC', 'organisation')).toBe(false);
  });

  it('drops names all of whose words (or a spelling of them) are in a listed name, or the reverse', () => {
    expect(listed.isNamesake('Sanchez Mario', 'person')).toBe(true);
    expect(listed.isNamesake('Mariu Sanches', 'person')).toBe(true);
    expect(listed.isNamesake('Mohammed Dib Wright', 'person')).toBe(true);
    expect(listed.isNamesake('Rosneft Australia Pty Ltd', 'organisation')).toBe(true);
  });
});

describe('alias positives', () => {
  it('link by UN reference, expect the records that spell the name otherwise, never a verbatim one', () => {
    const clusters = clusterRecords([
      record('un:QDi.1', 'person', ['ABU BAKR AL-BAGHDADI'], { unReference: 'QDi.1' }),
      record('dfat:9', 'person', ['Abu Bakr al-Baghdadi', 'Ibrahim Awwad Ibrahim al-Badri'], { unReference: 'QDi.1' }),
      record('uk:AQD1', 'person', ['Abu Bakr AL-BAGHDADI', 'Abubakr al-Bagdadi', 'XYZ'], { unReference: 'QDi.1' }),
    ]);
    const items = publishedPositives(clusters);
    const bagdadi = items.find((i) => i.query.name === 'Abubakr al-Bagdadi');
    expect(bagdadi?.expected).toEqual(['dfat:9', 'un:QDi.1']);
    expect(items.some((i) => i.query.name === 'Abu Bakr AL-BAGHDADI')).toBe(false);
    expect(items.some((i) => i.query.name === 'XYZ')).toBe(false);
    const badri = items.find((i) => i.query.name === 'Ibrahim Awwad Ibrahim al-Badri');
    expect(badri).toBeUndefined();
  });

  it('do not follow links transitively: an alias shared by two organisations does not merge their labels', () => {
    const clusters = clusterRecords([
      record('un:QDe.4', 'organisation', ['AL-QAIDA'], { unReference: 'QDe.4' }),
      record('un:QDe.3', 'organisation', ['EGYPTIAN ISLAMIC JIHAD'], { unReference: 'QDe.3', identifiers: new Set(['REG123456']) }),
      record('uk:A', 'organisation', ['Al Qaeda'], { unReference: 'QDe.4' }),
      record('uk:B', 'organisation', ['Egyptian Islamic Jehad'], { unReference: 'QDe.3' }),
      record('ofac:6366', 'organisation', ['AL-QAIDA', 'EGYPTIAN ISLAMIC JIHAD'], { identifiers: new Set(['REG123456']) }),
    ]);
    expect(clusters).toHaveLength(1);
    const items = publishedPositives(clusters);
    expect(items.find((i) => i.query.name === 'Al Qaeda')?.expected).toEqual(['un:QDe.4']);
    expect(items.find((i) => i.query.name === 'Egyptian Islamic Jehad')?.expected).toEqual(['un:QDe.3']);
  });
});

describe('counting', () => {
  const item: EvalQuery = {
    id: 'e1',
    split: 'dev',
    label: 'match',
    group: 'alias_ofac',
    script: 'latin',
    scope: 'sanctions',
    query: { name: 'Alexei MORDASHOV', entityType: 'person' },
    expected: ['dfat:1'],
    acceptable: ['ofac:1'],
    from: 'ofac:1 alias',
  };

  it('does not count the same person on the publishing list as a false alert, nor as a find', () => {
    expect(outcomeOf(item, ['ofac:1'])).toMatchObject({ found: false, falseAlert: false });
    expect(outcomeOf(item, ['ofac:1', 'dfat:1'])).toMatchObject({ found: true, falseAlert: false });
    expect(outcomeOf(item, ['ofac:9'])).toMatchObject({ found: false, falseAlert: true });
    expect(outcomeOf({ ...item, label: 'no_match', expected: [], acceptable: [] }, ['ofac:9'])).toMatchObject({ falseAlert: true });
  });
});
