import { describe, expect, it } from 'vitest';
import { foldText } from '../../../src/matching/prepare/fold-text';
import { phoneticKeys } from '../../../src/matching/prepare/phonetic-key';
import { tokeniseName } from '../../../src/matching/prepare/tokenise-name';

const texts = (name: string, context: 'person' | 'organisation' = 'person') => tokeniseName(name, context).map((t) => t.text);
const roles = (name: string, context: 'person' | 'organisation' = 'person') =>
  Object.fromEntries(tokeniseName(name, context).map((t) => [t.text, t.role]));

describe('foldText', () => {
  it('folds case, accents and compatibility characters to plain ASCII', () => {
    expect(foldText('Qaddāfī')).toBe('qaddafi');
    expect(foldText('ＱＡＤＤＡＦＩ')).toBe('qaddafi');
    expect(foldText('Đorđe ŠEŠELJ')).toBe('dorde seselj');
    expect(foldText('Straße')).toBe('strasse');
  });

  it('transliterates Cyrillic, Arabic and Chinese script to Latin', () => {
    expect(foldText('Владимир Путин')).toBe('vladimir putin');
    expect(foldText('محمد')).toBe('mhmd');
    expect(foldText('习近平')).toBe('xi jin ping');
  });

  it('joins words across apostrophes and splits them at hyphens and other punctuation', () => {
    expect(foldText("O'Brien")).toBe('obrien');
    expect(foldText('ʻAbd al-Raḥmān')).toBe('abd al rahman');
    expect(foldText('AL-QA’IDA')).toBe('al qaida');
    expect(foldText('Smith/Jones (Mr.)')).toBe('smith jones mr');
  });

  it('keeps commas as separate words so "SURNAME, Given" parts stay visible', () => {
    expect(foldText('PUTIN, Vladimir')).toBe('putin , vladimir');
  });

  it('closes up dotted acronyms only in organisation names', () => {
    expect(foldText('Acme S.A.', { organisation: true })).toBe('acme sa');
    expect(foldText('Acme L.L.C.', { organisation: true })).toBe('acme llc');
    expect(foldText('J.R. Smith')).toBe('j r smith');
  });
});

describe('tokeniseName', () => {
  it('drops leading honorifics of a person, also after a comma', () => {
    expect(texts('Dr. Ayman al-Zawahiri')).toEqual(['ayman', 'al', 'zawahiri']);
    expect(texts('Sheikh Haji Abdul Rahman')).toEqual(['abdul', 'rahman']);
    expect(texts('AL-BAGHDADI, Sheikh Abu Bakr')).toEqual(['al', 'baghdadi', 'abu', 'bakr']);
  });

  it('keeps a title word that is part of the name rather than in front of it', () => {
    expect(texts('John Major')).toEqual(['john', 'major']);
  });

  it("drops a pilgrim's or religious title inside a person's name when it stands before a name of two words or more", () => {
    expect(texts('Haji Abdul Satar Haji Abdul MANAN')).toEqual(['abdul', 'satar', 'abdul', 'manan']);
    expect(texts('Abdul Satar Mawlawi Abdul Manan')).toEqual(['abdul', 'satar', 'abdul', 'manan']);
    // One word after it is a surname made from the title (Hajizadeh); other honorifics are surnames inside a name.
    expect(texts('Amir Ali Haji Zadeh')).toEqual(['amir', 'ali', 'haji', 'zadeh']);
    expect(texts('Mehbooba Mufti Sayeed')).toEqual(['mehbooba', 'mufti', 'sayeed']);
    expect(texts('Abdul Haji Manan', 'organisation')).toEqual(['abdul', 'haji', 'manan']);
  });

  it('drops the same titles written in Arabic script, and keeps them in a Latin name as names', () => {
    expect(texts('حاجی عبد الستار حاجی عبد المنان')).toEqual(['bd', 'lstr', 'bd', 'lmnn']);
    expect(texts('شیخ محمد خالد')).toEqual(['mhmd', 'khld']);
    expect(texts('ملا محمد عمر')).toEqual(['mhmd', 'mr']);
    expect(texts('Ml Hj Qry')).toEqual(['ml', 'hj', 'qry']);
  });

  it('keeps an honorific when it is all the name there is', () => {
    expect(texts('Mullah')).toEqual(['mullah']);
  });

  it('keeps honorific words in organisation names', () => {
    expect(texts('General Trading Co', 'organisation')).toEqual(['general', 'trading', 'co']);
  });

  it('classes particles, initials and name tokens in a person name', () => {
    expect(roles('Usama bin Laden')).toEqual({ usama: 'name', bin: 'particle', laden: 'name' });
    expect(roles('J. Smith')).toEqual({ j: 'initial', smith: 'name' });
    expect(roles('Ludwig van Beethoven')).toMatchObject({ van: 'particle' });
  });

  it('marks the parts of a name a hyphen joins', () => {
    expect(tokeniseName('Mohammad Ali JAFARI-NAJAFABADI', 'person').map((t) => t.hyphenated === true)).toEqual([false, false, false, true]);
    expect(tokeniseName('Ri Pyong-chol', 'person').map((t) => t.hyphenated === true)).toEqual([false, false, true]);
  });

  it('reads a particle-like word that no name follows as the surname it is, but not a suffix', () => {
    expect(roles('Stephen Wai-chung LO')).toMatchObject({ lo: 'name' });
    expect(roles('DU, Changgen')).toMatchObject({ du: 'name', changgen: 'name' });
    expect(roles('Juan DE LA CRUZ')).toMatchObject({ de: 'particle', la: 'particle' });
    expect(roles('Sergey IVANOV JR.')).toMatchObject({ jr: 'particle' });
    expect(tokeniseName('DU PONT', 'organisation').map((t) => t.role)).toEqual(['particle', 'name']);
  });

  it('classes legal forms and generic business words in an organisation name as weak tokens', () => {
    expect(roles('Acme Trading Pty Ltd', 'organisation')).toEqual({
      acme: 'name',
      trading: 'generic',
      pty: 'legal_form',
      ltd: 'legal_form',
    });
    expect(roles('OOO Rosneft', 'organisation')).toEqual({ ooo: 'legal_form', rosneft: 'name' });
    expect(roles('Deutsche Bank AG', 'organisation')).toMatchObject({ ag: 'legal_form' });
    expect(roles('Bank of Kunlun', 'organisation')).toMatchObject({ of: 'particle' });
  });

  it('returns no tokens for a name with no letters or digits', () => {
    expect(tokeniseName(' -- ', 'person')).toEqual([]);
  });
});

describe('phoneticKeys', () => {
  it('gives transliterations of one name a shared key', () => {
    const share = (a: string, b: string) => phoneticKeys(a).some((k) => phoneticKeys(b).includes(k));
    expect(share('mohammed', 'muhammad')).toBe(true);
    expect(share('mohamad', 'mohammed')).toBe(true);
    expect(share('qaddafi', 'gaddafi')).toBe(true);
    expect(share('osama', 'usama')).toBe(true);
    expect(share('hussein', 'husayn')).toBe(true);
  });

  it('keeps different names apart', () => {
    expect(phoneticKeys('bush')).not.toEqual(phoneticKeys('habbash'));
    expect(phoneticKeys('mahmoud')).not.toEqual(phoneticKeys('mohammed'));
  });

  it('gives no key to numbers and single letters', () => {
    expect(phoneticKeys('7')).toEqual([]);
    expect(phoneticKeys('j')).toEqual([]);
  });
});
