/**
 * Linking AUSTRAC's enforcement actions to legal entities. AUSTRAC titles its releases with the names
 * people use ("Westpac", "CommBank"), not with legal names, so a headline never counts by itself: an
 * action counts against an entity only by its ABN or ACN, or by the legal name the action names. The
 * legal entity of an action comes from the action itself, in this order: the ABN or ACN its text states
 * (read at load), the legal name its text defines for the short name ("Westpac Banking Corporation
 * (Westpac)", read at load into `detail.legal_name`), or the maintained link table below, each row
 * taken from the proceedings or release that names the legal entity. Legal names are compared whole
 * (legal-form words normalised, never dropped), so "Westpac" never meets WESTPAC PTY LTD.
 */
import anyAscii from 'any-ascii';
import type { EntryHit } from '../registers/register-search.store';
import { registerNameKey } from '../../sources/registers/name-key';

export interface AustracEntityLink {
  /** The names AUSTRAC's titles use for the entity, as `entityFromTitle` reads them. */
  titleNames: string[];
  legalName: string;
  abn: string | null;
  acn: string | null;
  /** Where the action names the legal entity. */
  namedIn: string;
}

/** The link table: one row per entity AUSTRAC has acted against under a shorter name. */
export const AUSTRAC_ENTITY_LINKS: AustracEntityLink[] = [
  {
    titleNames: ['Westpac', 'Westpac Group'],
    legalName: 'Westpac Banking Corporation',
    abn: '33007457141',
    acn: '007457141',
    namedIn: 'Chief Executive Officer of the Australian Transaction Reports and Analysis Centre v Westpac Banking Corporation [2020] FCA 1538',
  },
  {
    titleNames: ['CBA', 'Commonwealth Bank', 'CommBank'],
    legalName: 'Commonwealth Bank of Australia',
    abn: '48123123124',
    acn: '123123124',
    namedIn: 'Chief Executive Officer of the Australian Transaction Reports and Analysis Centre v Commonwealth Bank of Australia Limited [2018] FCA 930',
  },
  {
    titleNames: ['NAB', 'National Australia Bank'],
    legalName: 'National Australia Bank Limited',
    abn: '12004044937',
    acn: '004044937',
    namedIn: "AUSTRAC's enforcement investigation into National Australia Bank Limited (media release, 2022)",
  },
];

/**
 * A name function remembered per string: every score reads every AUSTRAC action, so the same few
 * hundred names are keyed again and again (transliteration is the costly part). Bounded: cleared at 20,000.
 */
function remembered(fn: (name: string) => string): (name: string) => string {
  const known = new Map<string, string>();
  return (name) => {
    let key = known.get(name);
    if (key === undefined) {
      if (known.size >= 20_000) known.clear();
      key = fn(name);
      known.set(name, key);
    }
    return key;
  };
}

/** {@link registerNameKey}, remembered. */
export const nameKeyOf = remembered(registerNameKey);

const FORM_WORDS: Record<string, string> = { proprietary: 'pty', limited: 'ltd', corp: 'corporation', co: 'company', inc: 'incorporated', '&': 'and' };

/** A legal name compared whole: ASCII, lower case, punctuation gone, legal-form spellings unified, a leading "the" dropped. */
function computeLegalNameKey(name: string): string {
  const words = anyAscii(name)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((w) => FORM_WORDS[w] ?? w);
  if (words[0] === 'the') words.shift();
  return words.join(' ');
}

export const legalNameKey = remembered(computeLegalNameKey);

/** The legal entity an action is against, as far as the action (or the link table) says. */
export interface ActionEntity {
  legalName: string | null;
  abn: string | null;
  acn: string | null;
  /** Where that came from: "the action's text", or the link table row's source. */
  source: string | null;
}

/** Each link row by the name keys of its title names and legal name, computed once. */
const LINKS_BY_KEY = new Map(AUSTRAC_ENTITY_LINKS.flatMap((l) => [...l.titleNames, l.legalName].map((n) => [registerNameKey(n), l] as const)));

export function actionEntity(hit: EntryHit): ActionEntity {
  const link = LINKS_BY_KEY.get(nameKeyOf(hit.name));
  const stated = hit.detail.legal_name ?? null;
  return {
    legalName: stated ?? link?.legalName ?? null,
    abn: hit.abn ?? link?.abn ?? null,
    acn: hit.acn ?? link?.acn ?? null,
    source: hit.abn || hit.acn || stated ? "the action's own text" : link ? link.namedIn : null,
  };
}

/** The subject of a score: its identifiers and the legal names the registers give it. */
export interface LegalSubject {
  abn: string;
  acns: string[];
  legalNames: string[];
}

const printedAbn = (abn: string) => `${abn.slice(0, 2)} ${abn.slice(2, 5)} ${abn.slice(5, 8)} ${abn.slice(8)}`;
const printedAcn = (acn: string) => `${acn.slice(0, 3)} ${acn.slice(3, 6)} ${acn.slice(6)}`;

/** The evidence linking an action to the subject, or null when nothing but (at most) a name links them. */
export function linkAction(hit: EntryHit, subject: LegalSubject): string | null {
  const entity = actionEntity(hit);
  const from = entity.source ? ` (${entity.source})` : '';
  if (entity.abn && entity.abn === subject.abn) return `ABN ${printedAbn(entity.abn)}${from}`;
  if (entity.acn && subject.acns.includes(entity.acn)) return `ACN ${printedAcn(entity.acn)}${from}`;
  const legal = entity.legalName ?? hit.name;
  const ours = subject.legalNames.find((n) => legalNameKey(n) === legalNameKey(legal));
  if (ours) return `the legal name ${ours}${entity.legalName ? from : ' named by the action'}`;
  return null;
}

/** Why a name-only action was not counted; `unresolved` false when the action names another legal entity. */
export function whyActionNotCounted(hit: EntryHit): { reason: string; unresolved: boolean } {
  const entity = actionEntity(hit);
  if (entity.abn || entity.acn || entity.legalName) {
    const who = [entity.legalName, entity.abn ? `ABN ${printedAbn(entity.abn)}` : null, entity.acn ? `ACN ${printedAcn(entity.acn)}` : null].filter(Boolean).join(', ');
    return { reason: `the action is against ${who}, not this entity.`, unresolved: false };
  }
  return { reason: 'the action names the entity only as its title does, without an ABN, ACN or legal name, so the name alone does not identify it; confirm against the action itself.', unresolved: true };
}
