import { describe, expect, it } from 'vitest';
import { MatchIndex, type MatchQuery } from '../../../src/matching';
import { abjadSkeletonReadings, abjadSkeletons, consonantSkeleton, latinSkeletons, skeletonsOf, someLatinReading, type SkeletonReading } from '../../../src/matching/prepare/consonant-skeleton';
import { foldText } from '../../../src/matching/prepare/fold-text';
import { isSyllabicName } from '../../../src/matching/prepare/syllabic-name';
import { spelledAlike, spellsVowels } from '../../../src/matching/prepare/vowel-letters';
import { alias, backgroundPopulation, listedEntity } from './listed-entity-factory';

describe('consonant skeletons', () => {
  it('reduces Latin spellings of one Arabic name to one skeleton', () => {
    for (const spelling of ['mohammed', 'muhammad', 'mohamad', 'mohammad']) expect(consonantSkeleton(spelling)).toBe('mhmd');
    expect(consonantSkeleton('qadhafi')).toBe(consonantSkeleton('kadhafi'));
    expect(consonantSkeleton('osman')).toBe(consonantSkeleton('othman'));
    expect(consonantSkeleton('fatimah')).toBe(consonantSkeleton('fatima'));
  });

  it('meets the transliterated Arabic-script name, article included', () => {
    expect(consonantSkeleton(foldText('محمد'))).toBe(consonantSkeleton('muhammad'));
    expect(abjadSkeletons(foldText('القذافي'))).toContain(consonantSkeleton('qadhafi'));
    // Only a transliteration that starts with the article's l loses it.
    expect(abjadSkeletons(foldText('ويلسون'))).not.toContain('sn');
  });

  it('reads transliterated Arabic letter by letter where Latin spellings have digraphs', () => {
    // حمزة is ح م ز ة: "zh" there is not the zh of Zhukov, and the final ة goes like a final h.
    expect(abjadSkeletons(foldText('حمزة'))).toContain(consonantSkeleton('hamza'));
    expect(consonantSkeleton('zhukov')).toBe('jk');
  });

  it('gives the readings where Arabic writing and Latin spelling part ways', () => {
    const meet = (arabic: string, latin: string) => abjadSkeletons(foldText(arabic)).some((s) => latinSkeletons(latin).includes(s));
    // A letter written twice with a long vowel between is two letters (Aziz is zz, not z)…
    expect(abjadSkeletons(foldText('عزيز'))).toContain('zz');
    expect(latinSkeletons('aziz')).toContain('zz');
    // …but a dropped ain joins two: معمر (m-ain-m-r) still meets Muammar.
    expect(meet('معمر', 'muammar')).toBe(true);
    // A final ه after ط or د: "th" and "dh" there are not ث and ذ.
    expect(meet('طه', 'taha')).toBe(true);
    expect(meet('حماده', 'hamada')).toBe(true);
    // The zh of Azhar is z then h, as Arabic writes it; Zhukov keeps its j.
    expect(meet('الأزهر', 'azhar')).toBe(true);
    expect(latinSkeletons('zhukov')[0]).toBe('jk');
    // An initial ي or و is a consonant, as y and w are before a vowel in a Latin spelling; Ould still meets ولد.
    expect(abjadSkeletons(foldText('يحيى'))[0]).toBe('yh');
    expect(latinSkeletons('yahya')).toContain('yh');
    expect(meet('ولد', 'ould')).toBe(true);
    // ض is d in Arabic spellings and z in Persian, Urdu and Pashto ones: فضل is Fadl and Fazl, رمضان Ramadan and Ramazan.
    expect(foldText('فضل')).toBe('fdhl');
    for (const latin of ['fadl', 'fazl', 'fadhl']) expect(meet('فضل', latin)).toBe(true);
    for (const latin of ['ramadan', 'ramazan']) expect(meet('رمضان', latin)).toBe(true);
    // Pashto ځ (any-ascii's "dz") is the z of Zadran.
    expect(meet('ځدران', 'zadran')).toBe(true);
    // Mutations: without these readings none of the pairs meets.
    expect(meet('طه', 'zaha')).toBe(false);
  });

  it('asks a Latin spelling for a vowel where the Arabic- or Hebrew-script word writes a long one', () => {
    // As the skeleton look-up asks it, for every skeleton the two share (and agreeing when none is shared).
    const agree = (written: string, latin: string, arabicArticle = true) => {
      const readings = abjadSkeletonReadings(foldText(written), { arabicArticle });
      const spelled: SkeletonReading[] = [];
      someLatinReading(latin, (reading) => {
        spelled.push(reading);
        return false;
      });
      const shared = skeletonsOf(spelled).filter((skeleton) => readings.some((r) => r.skeleton === skeleton));
      const withSkeleton = (skeleton: string) => (r: SkeletonReading) => r.skeleton === skeleton;
      return shared.length === 0 || shared.some((s) => spelledAlike(readings.filter(withSkeleton(s)), spelled.filter(withSkeleton(s)).map((r) => r.gaps)));
    };
    // و and ي are spelled as vowels of their kind between the same consonants…
    for (const latin of ['yousef', 'yusuf', 'youssef']) expect(agree('يوسف', latin)).toBe(true);
    for (const latin of ['hussein', 'husayn', 'hussain']) expect(agree('حسين', latin)).toBe(true);
    expect(agree('زرقاوي', 'zarkaoui')).toBe(true);
    // …also where the article's l and the noun's collapse into one consonant (al-Awlaqi).
    expect(agree('العولقي', 'aulaqi')).toBe(true);
    // A hamza's seat is read too: ئ as i or e (Raed, Fayez), ؤ as u or o (Momin).
    expect(agree('رائد', 'raed')).toBe(true);
    expect(agree('رائد', 'rad')).toBe(false);
    expect(agree('مؤمن', 'momin')).toBe(true);
    // Alif is not read: the article's is spelled with any vowel.
    expect(agree('عبدالله', 'abdullah')).toBe(true);
    // Names that only share the consonants do not agree: Julia is not Cali, Rose is not Reza, Brown is not Barnawi.
    expect(agree('ג\'וליה', 'cali', false)).toBe(false);
    expect(agree('רוז', 'reza', false)).toBe(false);
    expect(agree('براون', 'barnawi')).toBe(false);
    expect(agree('الريمي', 'rami')).toBe(false);
    expect(agree('الريمي', 'raimi')).toBe(true);
    // A listed form that is itself a transliteration writes no Latin vowels: nothing to ask of it.
    expect(spellsVowels('nsr')).toBe(false);
    expect(spellsVowels('mstfa')).toBe(false);
    expect(spellsVowels('nasser')).toBe(true);
  });

  it('reads a final ة as the "t" of the construct state, from three consonants', () => {
    const meet = (arabic: string, latin: string) => abjadSkeletons(foldText(arabic)).some((s) => latinSkeletons(latin).includes(s));
    expect(meet('جزيرة', 'jazirat')).toBe(true);
    expect(meet('حركة', 'harakat')).toBe(true);
    expect(meet('القاعدة', 'qaidat')).toBe(true);
    // Its own reading stays: جزيرة is also Jazira.
    expect(meet('جزيرة', 'jazira')).toBe(true);
    // "الله" read with a t would be two consonants, meeting any short name.
    expect(abjadSkeletons(foldText('الله'))).not.toContain('lt');
  });
});

describe('cross-script matching', () => {
  const gaddafi = listedEntity({ source: 'ofac', sourceId: '12606', primaryName: 'Muammar AL-QADHAFI' });
  const suleimani = listedEntity({ source: 'ofac', sourceId: '10481', primaryName: 'Qasem SOLEIMANI', aliases: [alias('Ghasem SOLEYMANI')] });
  const kim = listedEntity({ source: 'ofac', sourceId: '20157', primaryName: 'Jong Un KIM' });
  const liFangWei = listedEntity({ source: 'dfat', sourceId: '1945', primaryName: 'LI Fang Wei' });
  const index = MatchIndex.build([...backgroundPopulation(), gaddafi, suleimani, kim, liFangWei]);
  const person = (name: string): MatchQuery => ({ name, entityType: 'person' });
  const ids = (name: string) => index.search(person(name)).matches.map((m) => m.entityId);

  it('meets Latin-listed names from Arabic script, by skeleton, and says so', () => {
    expect(ids('معمر القذافي')).toEqual(['ofac:12606']);
    const match = index.search(person('قاسم سليماني')).matches[0]!;
    expect(match.entityId).toBe('ofac:10481');
    expect(match.explanation.pairings.map((p) => p.how)).toContain('skeleton');
    expect(match.explanation.summary).toContain('Arabic-script query compared with Latin spellings by consonant skeleton');
    // The skeleton is a ceiling: never an exact score.
    expect(match.score).toBeLessThan(0.95);
  });

  it('meets a one-consonant name as long as its Arabic writing, not any short name', () => {
    const sinwar = listedEntity({ source: 'ofac', sourceId: '20001', primaryName: 'Yahya SINWAR' });
    const local = MatchIndex.build([...backgroundPopulation(), sinwar]);
    const [match] = local.search(person('يحيى السنوار'), { threshold: 0.5 }).matches;
    expect(match?.entityId).toBe('ofac:20001');
    expect(match!.explanation.pairings.map((p) => `${p.query}~${p.listed}`)).toEqual(['yhya~yahya', 'lsnwr~sinwar']);
  });

  it('meets Arabic-script names whose Latin spellings write a doubled letter, a final ه or the article apart', () => {
    const aziz = listedEntity({ source: 'ofac', sourceId: '7867', primaryName: 'Tariq AZIZ' });
    const ramadan = listedEntity({ source: 'ofac', sourceId: '7862', primaryName: 'Taha Yassin RAMADAN' });
    const azhar = listedEntity({ source: 'ofac', sourceId: '7251', primaryName: 'Adel Ben Al-Azhar Ben Youssef HAMDI' });
    const local = MatchIndex.build([...backgroundPopulation(), aziz, ramadan, azhar]);
    const found = (name: string) => local.search(person(name)).matches.map((m) => m.entityId);
    expect(found('طارق عزيز')).toEqual(['ofac:7867']);
    expect(found('طه ياسين رمضان')).toEqual(['ofac:7862']);
    expect(found('عادل بن الأزهر بن يوسف حمدي')).toEqual(['ofac:7251']);
  });

  it('pairs an Arabic-script word carrying the article with the listed article and noun together', () => {
    const harrachi = listedEntity({ source: 'ofac', sourceId: '12022', primaryName: 'EL HARRACHI' });
    const jadawi = listedEntity({ source: 'ofac', sourceId: '6941', primaryName: 'Saqar AL-JADAWI' });
    const local = MatchIndex.build([...backgroundPopulation(), harrachi, jadawi]);
    const best = (name: string) => local.search(person(name), { threshold: 0.5 }).matches[0]!;
    const single = best('الحراشي');
    expect(single.entityId).toBe('ofac:12022');
    // One pairing covers both listed words, so the article is not left over as "listed only".
    expect(single.explanation.pairings.map((p) => `${p.query}~${p.listed} ${p.how}`)).toEqual(['lhrshy~el harrachi skeleton']);
    expect(single.score).toBeGreaterThanOrEqual(0.8);
    const twoWords = best('صقر الجداوي');
    expect(twoWords.entityId).toBe('ofac:6941');
    expect(twoWords.explanation.pairings.map((p) => p.listed)).toContain('al jadawi');
    // A Latin query still needs a close spelling to meet two listed words as one.
    expect(local.search(person('Alharashi')).matches.map((m) => m.entityId)).not.toContain('ofac:12022');
  });

  it('meets English names written in Cyrillic or Greek as those languages transcribe them', () => {
    const english = ['John SCOTT', 'William HAYDEN', 'Warren TRUSS', 'Ken WYATT', 'Julia GILLARD'].map((primaryName) => listedEntity({ source: 'everypolitician', primaryName, listKind: 'pep' }));
    const khodorkovsky = listedEntity({ source: 'ofac', sourceId: '900', primaryName: 'Mikhail KHODORKOVSKY' });
    const local = MatchIndex.build([...backgroundPopulation(), ...english, khodorkovsky]);
    const best = (name: string) => local.search(person(name)).matches[0];
    for (const [query, listed] of [['Джон Скотт', 'John SCOTT'], ['Хейден, Уильям', 'William HAYDEN'], ['Трасс, Уоррен', 'Warren TRUSS'], ['Кен Уайатт', 'Ken WYATT'], ['Τζούλια Γκίλαρντ', 'Julia GILLARD']] as const) {
      const match = best(query);
      expect(match?.primaryName).toBe(listed);
      expect(match!.explanation.pairings.map((p) => p.how)).toContain('transcription');
      expect(match!.explanation.summary).toContain('transcription of an English name');
      expect(match!.matchKind).toBe('fuzzy');
    }
    // A Russian name keeps its letter-by-letter reading (х as kh).
    const russian = best('Михаил Ходорковский');
    expect(russian?.primaryName).toBe('Mikhail KHODORKOVSKY');
    expect(russian!.explanation.pairings.map((p) => p.how)).not.toContain('transcription');
    // Latin queries are read as written: "Dzhon" is not John.
    expect(best('Dzhon Skott')).toBeUndefined();
  });

  it('does not let a skeleton of one consonant carry a name', () => {
    // "Bob Day" in Arabic script: b and d alone would meet any Abu or Dawood.
    expect(ids('بوب داي')).toEqual([]);
  });

  it('reads two Arabic-script words as one Latin name only letter for letter, and a Hebrew l as a letter', () => {
    const abrini = listedEntity({ source: 'ofac', sourceId: '20359', primaryName: 'Mohammad ABRINI' });
    const abdullah = listedEntity({ source: 'ofac', sourceId: '30001', primaryName: 'Abdullah Rashid ABDULLAH' });
    const chun = listedEntity({ source: 'ofac', sourceId: '48268', primaryName: 'Ln-chun O' });
    const kootwal = listedEntity({ source: 'ofac', sourceId: '15917', primaryName: 'Haji KOOTWAL' });
    const local = MatchIndex.build([...backgroundPopulation(), abrini, abdullah, chun, kootwal]);
    const found = (name: string) => local.search(person(name), { threshold: 0.6 }).matches.map((m) => m.entityId);
    // "Bob Brown": the b ending "باب" and the b starting "براون" are two letters, not Abrini's one.
    expect(found('باب براون')).not.toContain('ofac:20359');
    // A compound written in two words still meets its one-word spelling.
    expect(found('عبد الله رشيد عبد الله')).toContain('ofac:30001');
    // "Lin Allison" in Hebrew: "אליסון" has no Arabic article to drop, so it is not "sun" (chun).
    expect(found('לין אליסון')).not.toContain('ofac:48268');
    // Bet is a consonant: "בוב" (Bob) does not vanish and let "קטלי" alone claim Kootwal.
    expect(foldText('בוב')).toBe('bvb');
    expect(found('בוב קטלי')).not.toContain('ofac:15917');
  });

  it('counts a skeleton pairing less when the Latin spelling lacks a long vowel the query writes, and says so', () => {
    const rami = listedEntity({ source: 'ofac', sourceId: '11982', primaryName: 'Qasim AL-RAMI' });
    const cali = listedEntity({ source: 'dfat', sourceId: '1140', primaryName: 'BAYNAX, Yasiin Cali' });
    const local = MatchIndex.build([...backgroundPopulation(), rami, cali]);
    const best = (name: string) => local.search(person(name), { threshold: 0.5 }).matches[0];
    // الريمي (al-Raymi) writes a ي that "Rami" has no vowel for; قاسم writes none, so Qasim keeps its 0.88.
    const raymi = best('قاسم الريمي');
    expect(raymi?.entityId).toBe('ofac:11982');
    const pairing = (token: string) => raymi!.explanation.pairings.find((p) => p.query === token);
    expect(pairing('qsm')?.similarity).toBe(0.88);
    expect(pairing('lrymy')?.similarity).toBeCloseTo(0.88 - 0.15, 5);
    expect(raymi!.explanation.summary).toContain('0.15 less where the Latin spelling has no vowel');
    // "Julia Banks" in Hebrew: ו after the first consonant is no a (Cali), so it falls below the threshold.
    expect(local.search(person('ג\'וליה בנקס')).matches.map((m) => m.entityId)).not.toContain('dfat:1140');
  });

  it('treats a standalone "و" (and) between partners’ names as a connective', () => {
    const exchange = listedEntity({
      source: 'ofac',
      sourceId: '15006',
      kind: 'organisation',
      primaryName: 'HAJI KHAIRULLAH-HAJI SATTAR SARAFI',
    });
    const local = MatchIndex.build([...backgroundPopulation(), exchange]);
    const [match] = local.search({ name: 'حاجی خيرالله و حاجی ستار صرافی', entityType: 'organisation' }).matches;
    expect(match?.entityId).toBe('ofac:15006');
  });

  it('meets Korean names written in Hangul in the lists’ romanisation', () => {
    expect(foldText('김정은')).toBe('kim jong un');
    expect(ids('김정은')).toEqual(['ofac:20157']);
  });

  it('asks every syllable of a name in one-syllable words to agree', () => {
    expect(isSyllabicName(['li', 'fang', 'wei'])).toBe(true);
    expect(isSyllabicName(['mohammed', 'ali'])).toBe(false);
    expect(ids('Li Fang Wei')).toEqual(['dfat:1945']);
    expect(ids('Li Wei')).toEqual([]);
    expect(ids('Choe Un Jong')).not.toContain('ofac:20157');
    // A two-syllable given name is not its second syllable: "Kim Yon Kun" is not "Kun KIM".
    const kun = listedEntity({ source: 'ofac', sourceId: '28036', primaryName: 'Kun KIM' });
    const local = MatchIndex.build([...backgroundPopulation(), kun]);
    expect(local.search(person("KIM Yo'n Ku'n")).matches.map((m) => m.entityId)).toEqual([]);
    expect(local.search(person('Kim Kun')).matches.map((m) => m.entityId)).toEqual(['ofac:28036']);
  });

  it('scores a query in one-syllable words syllable by syllable whatever the listed name', () => {
    // "chew" is no romanised syllable the rule knows, so the listed name alone is not read as one.
    const chew = listedEntity({ source: 'ofac', sourceId: '11268', primaryName: 'Kheng Siang CHEW' });
    const local = MatchIndex.build([...backgroundPopulation(), chew]);
    const [match] = local.search(person('CHOE KANG'), { threshold: 0.5 }).matches;
    expect(match?.entityId).toBe('ofac:11268');
    expect(match!.explanation.summary).toContain('one-syllable words');
    expect(match!.score).toBeLessThan(0.7);
  });
});
